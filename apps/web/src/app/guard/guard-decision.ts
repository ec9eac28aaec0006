import { SAML_LOGIN_ERROR as LOGIN_ERROR } from '@csp/contracts';
import type { ActionName, SsoFailureReason, WebsiteInfo } from '@csp/contracts';
import { hasAnyAction } from '../../lib/actions.ts';
import { canRestoreSsoSession, canResumeSession } from '../../lib/credential-storage.ts';
import type { StoredCredentials } from '../../lib/credential-storage.ts';
import { safeNextPath } from '@csp/contracts';
import type { RouteMeta } from '../../platform/routes/route-meta.ts';

export const PERMISSION_DENIED_MESSAGE = 'You do not have permission to view that page.';
export const SAML_LOGIN_ERROR = LOGIN_ERROR;

/** Query keys that belong to the single-sign-on hand-off and never to the page itself. */
const SSO_QUERY_KEYS = ['ticket', 'userAccountId', 'loginError', 'reason'];

export interface GuardSession {
  loggedIn: boolean;
  /** An automatic login (remember-me or single sign-on ticket) is in flight. */
  restoring: boolean;
  /** A logout is moving the browser away. */
  signingOut?: boolean;
  actions: readonly ActionName[];
}

export interface GuardInput {
  route: Pick<RouteMeta, 'auth' | 'guestOnly' | 'anyOf'>;
  websiteReady: boolean;
  /** Null when the website could not be loaded: the app then runs as a non-SAML site. */
  website: Pick<WebsiteInfo, 'ssoType'> | null;
  session: GuardSession;
  location: { pathname: string; search: string };
  stored: StoredCredentials;
}

export type GuardDecision =
  | { kind: 'wait'; reason: 'website' | 'session' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; notice?: string }
  | { kind: 'auto-login' }
  | { kind: 'sso-ticket'; ticket: string; userAccountId: string; cleanPath: string };

function withQuery(pathname: string, query: URLSearchParams): string {
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** The requested path and query without the single-sign-on hand-off keys. */
export function stripSsoQuery(location: { pathname: string; search: string }): string {
  const query = new URLSearchParams(location.search);
  for (const key of SSO_QUERY_KEYS) query.delete(key);
  return withQuery(location.pathname, query);
}

/** '/login?next=<requested path and query>'. */
export function loginUrl(next: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (safeNextPath(next)) query.set('next', next);
  return withQuery('/login', query);
}

/**
 * Stored credentials that can log in without the user: remember-me, or a session a one-time
 * ticket began (single sign-on, or a launch from a learning platform on any site: ADR 0050).
 */
function canAutoLogin(input: GuardInput): boolean {
  return canResumeSession(input.stored) || canRestoreSsoSession(input.stored);
}

const TICKET_INVALID: SsoFailureReason = 'ticket invalid';

/** Where a failed ticket exchange goes: the login page, as for any failed single sign-on. */
export function ssoFailureUrl(next: string): string {
  return loginUrl(next, { loginError: SAML_LOGIN_ERROR, reason: TICKET_INVALID });
}

function decideLoggedOut(input: GuardInput, query: URLSearchParams): GuardDecision {
  const next = stripSsoQuery(input.location);
  // A one-time ticket signs in on any website: single sign-on hands one out on SAML sites, and
  // a launch from a learning platform on every site (ADR 0050).
  const ticket = query.get('ticket');
  const userAccountId = query.get('userAccountId');
  if (ticket && userAccountId) {
    return { kind: 'sso-ticket', ticket, userAccountId, cleanPath: next };
  }
  // Step 2: SAML sites finish or restart single sign-on instead of using stored credentials.
  if (input.website?.ssoType === 'SAML') {
    const loginError = query.get('loginError');
    if (loginError !== null) {
      const extra: Record<string, string> = { loginError };
      const reason = query.get('reason');
      if (reason) extra.reason = reason;
      return { kind: 'redirect', to: loginUrl(next, extra) };
    }
    // A login stored before a reload, by single sign-on or by the password form the site
    // keeps: a user whose token or remember-me secret is still valid stays signed in (on
    // failure the credentials are cleared and this rule then sends the user to login). The
    // single-sign-on branch is for users who are not signed in at all.
    if (canRestoreSsoSession(input.stored) || canResumeSession(input.stored)) {
      return { kind: 'auto-login' };
    }
    return { kind: 'redirect', to: loginUrl(next) };
  }
  // Step 3: a stored remember-me secret logs in automatically; its failure clears the stored
  // credentials, after which this same rule sends the user to the login page. A session a
  // launch ticket began (ADR 0050) is kept by its token, as a single-sign-on one is.
  if (canResumeSession(input.stored) || canRestoreSsoSession(input.stored)) {
    return { kind: 'auto-login' };
  }
  return { kind: 'redirect', to: loginUrl(next) };
}

/**
 * The route guard of docs/behaviour/routes-and-guard.md, as a pure function of everything it depends on. The component
 * that calls it only carries out the decision (navigate, start a login, or wait).
 */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { route, session } = input;
  // Step 1: nothing is decided before the website (and so its ssoType) is known.
  if (!input.websiteReady) return { kind: 'wait', reason: 'website' };
  if (session.restoring || session.signingOut) return { kind: 'wait', reason: 'session' };

  const query = new URLSearchParams(input.location.search);
  if (route.guestOnly && session.loggedIn) {
    return { kind: 'redirect', to: safeNextPath(query.get('next')) ?? '/dashboard' };
  }

  if (!session.loggedIn) {
    if (route.auth === 'required') return decideLoggedOut(input, query);
    // /help: no login needed, but stored credentials are used when present.
    if (route.auth === 'optional' && canAutoLogin(input)) return { kind: 'auto-login' };
    return { kind: 'allow' };
  }

  if (route.anyOf && !hasAnyAction(session.actions, route.anyOf)) {
    return { kind: 'redirect', to: '/dashboard', notice: PERMISSION_DENIED_MESSAGE };
  }
  return { kind: 'allow' };
}
