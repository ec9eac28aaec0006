/**
 * Where "Course catalog" on a course's page leads: back to the catalog as the clerk left it
 * (search, filters, sort, page), not to its first page. The catalog remembers its query string
 * for the tab's session; a course opened from a link elsewhere goes to the plain catalog.
 */
const KEY = 'adopt.catalogSearch';

export function rememberCatalogSearch(search: string): void {
  try {
    sessionStorage.setItem(KEY, search);
  } catch {
    // Storage can be unavailable (private modes): the link then goes to the plain catalog.
  }
}

function storedSearch(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function catalogReturnPath(): string {
  const search = storedSearch();
  return search?.startsWith('?') ? `/adopt${search}` : '/adopt';
}
