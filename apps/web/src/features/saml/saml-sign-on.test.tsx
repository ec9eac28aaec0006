import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSsoLogin } from '../../lib/credential-storage.ts';
import { json } from '../../test/fetch-stub.ts';
import { WEBSITE } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const SAML_WEBSITE = { ...WEBSITE, ssoType: 'SAML' as const, sloEnabled: true };
const SSO_SESSION = {
  token: 'sso-token',
  userName: 'pat@example.edu',
  name: 'Pat Lee',
  userAccountID: 7,
  userAuthActions: [],
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

describe('single sign-on in the app', () => {
  it('exchanges the ticket, stores the placeholder and strips ticket and account id', async () => {
    const { router, calls } = renderApp('/dashboard?ticket=T-1&userAccountId=7&tab=2', {
      website: SAML_WEBSITE,
      handlers: { 'POST /app-rest/saml/v1/ticket': () => json(200, SSO_SESSION) },
    });
    expect(await screen.findByText('Welcome, Pat Lee.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('password')).toBe('using sso login');
    expect(localStorage.getItem('jwtToken')).toBe('sso-token');
    const exchange = calls.find((c) => c.url.pathname === '/app-rest/saml/v1/ticket');
    expect(exchange?.body).toEqual({ ticket: 'T-1', userAccountId: '7' });
  });

  it('reports a refused ticket on the login page and clears credentials', async () => {
    const { router } = renderApp('/dashboard?ticket=T-2&userAccountId=7', {
      website: SAML_WEBSITE,
      handlers: {
        'POST /app-rest/saml/v1/ticket': () => json(401, { message: 'Invalid ticket.' }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on failed');
    expect(router.state.location.pathname).toBe('/login');
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('reason')).toBe('ticket invalid');
    expect(query.get('next')).toBe('/dashboard');
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });

  it('restores a stored single-sign-on login after a reload', async () => {
    storeSsoLogin({ token: 'sso-token', username: 'pat@example.edu' });
    const { calls } = renderApp('/dashboard', {
      website: SAML_WEBSITE,
      handlers: { 'GET /app-rest/admin_portal/v1/account/session': () => json(200, SSO_SESSION) },
    });
    expect(await screen.findByText('Welcome, Pat Lee.')).toBeInTheDocument();
    const restore = calls.find((c) => c.url.pathname.endsWith('/account/session'));
    expect(restore?.headers.get('Auth-Token')).toBe('sso-token');
  });

  it('sends a SAML visitor whose stored token fails to login, with credentials cleared', async () => {
    storeSsoLogin({ token: 'old-token', username: 'pat@example.edu' });
    const { router } = renderApp('/research', {
      website: SAML_WEBSITE,
      handlers: {
        'GET /app-rest/admin_portal/v1/account/session': () => json(401, { message: 'Expired.' }),
      },
    });
    expect(
      await screen.findByRole('link', { name: 'Sign in with single sign-on' }),
    ).toHaveAttribute('href', '/app-rest/saml/v1/login?next=%2Fresearch');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });
});
