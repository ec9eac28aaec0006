import { describe, expect, it } from 'vitest';
import { ADOPT_ACTIONS, DEFAULT_ROLE_ACTIONS, SSO_PASSWORD_PLACEHOLDER } from '@csp/contracts';
import type { ActionName } from '@csp/contracts';
import { NO_CREDENTIALS } from '../../lib/credential-storage.ts';
import { safeNextPath } from '@csp/contracts';
import { PERMISSION_DENIED_MESSAGE, decideNavigation, ssoFailureUrl } from './guard-decision.ts';
import type { GuardDecision, GuardInput } from './guard-decision.ts';

const REMEMBERED = { token: 'old', username: 'pat@example.edu', password: 'rms1.secret' };

function decide(overrides: Partial<GuardInput> & { path?: string; actions?: ActionName[] }) {
  const [pathname = '/', query = ''] = (overrides.path ?? '/dashboard').split('?');
  return decideNavigation({
    route: { auth: 'required' },
    websiteReady: true,
    website: { ssoType: 'NONE' },
    session: { loggedIn: false, restoring: false, actions: overrides.actions ?? [] },
    location: { pathname, search: query ? `?${query}` : '' },
    stored: NO_CREDENTIALS,
    ...overrides,
  });
}

const loggedIn = (actions: readonly ActionName[] = []) => ({
  loggedIn: true,
  restoring: false,
  actions,
});

function redirectTarget(decision: GuardDecision): URL {
  if (decision.kind !== 'redirect') throw new Error(`expected a redirect, got ${decision.kind}`);
  return new URL(decision.to, 'http://portal.test');
}

describe('step 1: website first', () => {
  it('waits for the website on every route, even the login page', () => {
    expect(decide({ websiteReady: false })).toEqual({ kind: 'wait', reason: 'website' });
    expect(decide({ websiteReady: false, route: { auth: 'none', guestOnly: true } })).toEqual({
      kind: 'wait',
      reason: 'website',
    });
  });

  it('waits while an automatic login is in flight', () => {
    const session = { loggedIn: false, restoring: true, actions: [] };
    expect(decide({ session })).toEqual({ kind: 'wait', reason: 'session' });
  });

  it('waits while a logout moves the browser away, instead of redirecting to login', () => {
    const session = { loggedIn: false, restoring: false, signingOut: true, actions: [] };
    expect(decide({ session })).toEqual({ kind: 'wait', reason: 'session' });
  });

  it('runs as a non-SAML site when the website could not be loaded', () => {
    expect(decide({ website: null, stored: REMEMBERED })).toEqual({ kind: 'auto-login' });
  });
});

describe('step 2: SAML site, logged out, auth required', () => {
  const saml = { website: { ssoType: 'SAML' as const } };

  it('sends a loginError to the login page, keeping the error, its reason and next', () => {
    const url = redirectTarget(
      decide({ ...saml, path: '/dashboard?loginError=SAMLloginerror&reason=Expired&tab=2' }),
    );
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('loginError')).toBe('SAMLloginerror');
    expect(url.searchParams.get('reason')).toBe('Expired');
    expect(url.searchParams.get('next')).toBe('/dashboard?tab=2');
  });

  it('completes single sign-on from ticket and userAccountId, keeping the rest of the URL', () => {
    expect(decide({ ...saml, path: '/research?ticket=T-1&userAccountId=42&page=3' })).toEqual({
      kind: 'sso-ticket',
      ticket: 'T-1',
      userAccountId: '42',
      cleanPath: '/research?page=3',
    });
  });

  it('needs both ticket and userAccountId', () => {
    const url = redirectTarget(decide({ ...saml, path: '/research?ticket=T-1' }));
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('next')).toBe('/research');
  });

  const SSO_STORED = {
    token: 'jwt',
    username: 'pat@example.edu',
    password: SSO_PASSWORD_PLACEHOLDER,
  };

  it('restores a stored single-sign-on login instead of going to login', () => {
    expect(decide({ ...saml, stored: SSO_STORED })).toEqual({ kind: 'auto-login' });
  });

  it('prefers a fresh ticket, and a reported failure, over a stored login', () => {
    expect(
      decide({ ...saml, stored: SSO_STORED, path: '/?ticket=T&userAccountId=1' }),
    ).toMatchObject({
      kind: 'sso-ticket',
      ticket: 'T',
    });
    const url = redirectTarget(
      decide({ ...saml, stored: SSO_STORED, path: '/dashboard?loginError=SAMLloginerror' }),
    );
    expect(url.pathname).toBe('/login');
  });

  it('needs the token as well as the placeholder to restore', () => {
    const stored = { ...SSO_STORED, token: null };
    expect(redirectTarget(decide({ ...saml, stored })).pathname).toBe('/login');
  });

  it('restores a stored single-sign-on login on /help too', () => {
    const help = { route: { auth: 'optional' as const }, path: '/help' };
    expect(decide({ ...saml, ...help, stored: SSO_STORED })).toEqual({ kind: 'auto-login' });
    // On any site: a launch from a learning platform signs in by ticket there too.
    expect(decide({ ...help, stored: SSO_STORED })).toEqual({ kind: 'auto-login' });
    expect(decide({ ...help, stored: { ...SSO_STORED, token: null } })).toEqual({ kind: 'allow' });
  });

  it('reports a failed ticket exchange on the login page, keeping next', () => {
    const url = new URL(ssoFailureUrl('/research?page=3'), 'http://portal.test');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('loginError')).toBe('SAMLloginerror');
    expect(url.searchParams.get('reason')).toBe('ticket invalid');
    expect(url.searchParams.get('next')).toBe('/research?page=3');
  });

  it('keeps a password sign-in made on the SAML site: its remember-me secret logs in again', () => {
    expect(decide({ ...saml, stored: REMEMBERED, path: '/search?q=pat' })).toEqual({
      kind: 'auto-login',
    });
  });

  it('goes to login with next when nothing usable is stored', () => {
    const url = redirectTarget(decide({ ...saml, path: '/search?q=pat' }));
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('next')).toBe('/search?q=pat');
  });
});

describe('step 3: non-SAML site, logged out, auth required', () => {
  it('keeps a session a launch ticket began by its token after a reload', () => {
    const stored = { token: 'x', username: 'pat', password: SSO_PASSWORD_PLACEHOLDER };
    expect(decide({ stored })).toEqual({ kind: 'auto-login' });
  });

  it('spends a launch ticket from a learning platform, over a stored login (ADR 0050)', () => {
    expect(
      decide({ stored: REMEMBERED, path: '/my-courses?ltiSection=7&ticket=T-2&userAccountId=5' }),
    ).toEqual({
      kind: 'sso-ticket',
      ticket: 'T-2',
      userAccountId: '5',
      cleanPath: '/my-courses?ltiSection=7',
    });
  });

  it('logs in automatically with a stored username and remember-me secret', () => {
    expect(decide({ stored: REMEMBERED })).toEqual({ kind: 'auto-login' });
  });

  it('goes to login with next when nothing usable is stored', () => {
    for (const stored of [
      NO_CREDENTIALS,
      { token: null, username: 'pat', password: SSO_PASSWORD_PLACEHOLDER },
      { token: null, username: null, password: 'rms1.orphan' },
    ]) {
      const url = redirectTarget(decide({ stored, path: '/research/section/9?sort=asc' }));
      expect(url.pathname).toBe('/login');
      expect(url.searchParams.get('next')).toBe('/research/section/9?sort=asc');
    }
  });
});

describe('routes without required auth', () => {
  it('shows login and reset password to logged-out users', () => {
    expect(decide({ route: { auth: 'none', guestOnly: true }, path: '/login' })).toEqual({
      kind: 'allow',
    });
    expect(decide({ route: { auth: 'none' }, path: '/reset-password' })).toEqual({
      kind: 'allow',
    });
  });

  it('logs in automatically on /help when credentials are stored, otherwise shows it', () => {
    const help = { route: { auth: 'optional' as const }, path: '/help' };
    expect(decide({ ...help, stored: REMEMBERED })).toEqual({ kind: 'auto-login' });
    expect(decide(help)).toEqual({ kind: 'allow' });
    expect(decide({ ...help, session: loggedIn() })).toEqual({ kind: 'allow' });
  });
});

describe('login page when already logged in', () => {
  const login = { route: { auth: 'none' as const, guestOnly: true }, session: loggedIn() };

  it('goes to a safe next, or the dashboard', () => {
    expect(decide({ ...login, path: '/login?next=%2Fsearch%3Fq%3Dpat' })).toEqual({
      kind: 'redirect',
      to: '/search?q=pat',
    });
    expect(decide({ ...login, path: '/login' })).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('never follows next off the site', () => {
    for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', 'help']) {
      const path = `/login?next=${encodeURIComponent(next)}`;
      expect(decide({ ...login, path })).toEqual({ kind: 'redirect', to: '/dashboard' });
    }
  });
});

describe('access rules', () => {
  const adopt = { route: { auth: 'required' as const, anyOf: ADOPT_ACTIONS }, path: '/adopt' };
  const dataSummary = {
    route: { auth: 'required' as const, anyOf: ['DATA_MANAGER'] as const },
    path: '/data-summary',
  };

  it('sends a logged-in user without an adopt action to the dashboard with an error', () => {
    expect(decide({ ...adopt, session: loggedIn(DEFAULT_ROLE_ACTIONS.FULL_REPORTER) })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
      notice: PERMISSION_DENIED_MESSAGE,
    });
  });

  it('lets any one adopt action in', () => {
    for (const action of ADOPT_ACTIONS) {
      expect(decide({ ...adopt, session: loggedIn([action]) })).toEqual({ kind: 'allow' });
    }
  });

  it('needs DATA_MANAGER for the data summary', () => {
    expect(decide({ ...dataSummary, session: loggedIn(['DATA_FULL_REPORTER']) })).toMatchObject({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decide({ ...dataSummary, session: loggedIn(['DATA_MANAGER']) })).toEqual({
      kind: 'allow',
    });
  });

  it('asks a logged-out user to log in before judging permissions', () => {
    expect(redirectTarget(decide(adopt)).pathname).toBe('/login');
  });
});

describe('safeNextPath', () => {
  it('accepts same-origin relative paths only', () => {
    expect(safeNextPath('/adopt?q=ENG')).toBe('/adopt?q=ENG');
    expect(safeNextPath('//evil.example/x')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('/\tevil')).toBeNull();
    expect(safeNextPath('javascript:alert(1)')).toBeNull();
    expect(safeNextPath('/login?next=/x')).toBeNull();
    expect(safeNextPath('/login-help')).toBe('/login-help');
  });
});
