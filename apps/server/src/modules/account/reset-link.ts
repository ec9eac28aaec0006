import { PASSWORD_MESSAGES, RESET_TOKEN_PLACEHOLDER } from '@csp/contracts';
import { AppError } from '@csp/http-kit';

/** The web app's page that takes a reset token (docs/behaviour/routes-and-guard.md#routes: /reset-password, query token). */
export const RESET_PAGE_PATH = '/reset-password';

/** Stands in for the placeholder while parsing: URL would percent-encode its braces. */
const TOKEN_MARK = 'csp-reset-token-placeholder';

/** Any base will do: only the path and query of a relative `resetUrl` are looked at. */
const PARSE_BASE = 'http://reset-url.invalid';

/**
 * The link every reset and set-password e-mail carries: `{origin}/reset-password?token=...`,
 * where `origin` comes from configuration only (lib/website-origin.ts: the website's
 * `public_url`, else PUBLIC_URL, else its host on the server's own port), never from the
 * request's Host header or from anything the caller sent.
 */
export function resetPageLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * Checks the `resetUrl` of a reset request. docs/behaviour/calls.md has the caller send "a reset URL
 * carrying a token placeholder", so the field stays in the request and is still checked: it must
 * carry the placeholder where a link could (path or query), and it must parse, with the same 400
 * messages as before.
 *
 * Nothing of it reaches the e-mail, though, not even its path and query. The request needs no
 * sign-in, so whoever sends it chooses this URL for someone else's mailbox, and a live token
 * should land on exactly one page: the reset page, which the spec fixes at
 * `/reset-password?token=` and which is all the web app ever sends
 * (apps/web/src/features/account/api/password-api.ts). Keeping the caller's path and query
 * would let a stranger park the token on any other page of the site (one with a sign-in `next`
 * or `prev` redirect, one whose address the store's tag manager records, one with extra query
 * parameters the page might act on). A fixed path costs nothing the web app uses and closes all
 * of those, so it is the safer of the two.
 */
export function checkResetUrl(resetUrl: string): void {
  if (!resetUrl.includes(RESET_TOKEN_PLACEHOLDER)) {
    throw AppError.badRequest(PASSWORD_MESSAGES.resetUrlNoPlaceholder, 'resetUrl');
  }
  let url: URL;
  try {
    url = new URL(resetUrl.replaceAll(RESET_TOKEN_PLACEHOLDER, TOKEN_MARK), PARSE_BASE);
  } catch {
    throw AppError.badRequest(PASSWORD_MESSAGES.resetUrlForeign, 'resetUrl');
  }
  if (!`${url.pathname}${url.search}`.includes(TOKEN_MARK)) {
    throw AppError.badRequest(PASSWORD_MESSAGES.resetUrlNoPlaceholder, 'resetUrl');
  }
}
