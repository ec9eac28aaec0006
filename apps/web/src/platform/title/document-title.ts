import type { WebsiteInfo } from '@csp/contracts';

// Shown only until (or when) the website cannot be loaded; docs/behaviour/routes-and-guard.md#document-title keeps 'Campus Store' out.
export const FALLBACK_SITE_TITLE = 'Course Materials Portal';

/** docs/behaviour/routes-and-guard.md: these pages show the site title alone. */
const ROUTES_WITHOUT_PAGE_TITLE = new Set(['Login', 'Dashboard']);

// 'Campus Store' together with the separators and spaces around it.
const CAMPUS_STORE = /[\s\-–—|:,]*campus store[\s\-–—|:,]*/gi;

/**
 * The site part of the title: siteTitle with 'Campus Store' removed. Separators the removal
 * would leave dangling at either end are dropped, one between two remaining parts is kept, and
 * when nothing meaningful is left the website's name is used instead.
 */
export function siteTitleOf(website: Pick<WebsiteInfo, 'siteTitle' | 'name'> | null): string {
  if (!website) return FALLBACK_SITE_TITLE;
  const stripped = website.siteTitle
    .replace(CAMPUS_STORE, (match: string, offset: number, whole: string) => {
      if (offset === 0 || offset + match.length === whole.length) return '';
      const separator = match
        .replace(/campus store/i, '')
        .replace(/\s/g, '')
        .charAt(0);
      return separator ? ` ${separator} ` : ' ';
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (/[\p{L}\p{N}]/u.test(stripped)) return stripped;
  return website.name.trim() || FALLBACK_SITE_TITLE;
}

/** docs/behaviour/routes-and-guard.md: '{page} - {site title}', with the page part omitted on Login and Dashboard. */
export function documentTitle(
  route: { name?: string; title?: string },
  website: Pick<WebsiteInfo, 'siteTitle' | 'name'> | null,
): string {
  const site = siteTitleOf(website);
  const showPage = route.title && !(route.name && ROUTES_WITHOUT_PAGE_TITLE.has(route.name));
  return showPage ? `${route.title} - ${site}` : site;
}
