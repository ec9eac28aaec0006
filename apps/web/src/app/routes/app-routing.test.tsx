import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json } from '../../test/fetch-stub.ts';
import { sessionResponse } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const remember = () =>
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });

/**
 * The refusal is a toast (role alert). The dashboard it lands on may show alerts of its own (its
 * unstubbed calls fail here), so the notice is found by its words, then checked to be an alert.
 */
async function expectPermissionNotice() {
  const notice = await screen.findByText('You do not have permission to view that page.');
  expect(notice.closest('[role="alert"]')).not.toBeNull();
}

describe('app routing and guard', () => {
  it('moves keyboard focus to the new page’s heading after a navigation, not on first load', async () => {
    remember();
    const { router } = renderApp('/dashboard', { session: sessionResponse() });
    const dashboard = await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(dashboard).not.toHaveFocus();
    await act(() => router.navigate('/help'));
    // Found again each time: the title the page frame shows while the page loads is not the
    // page's own heading, which takes the focus as it comes.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toHaveFocus(),
    );
  });

  it('sends a logged-out visitor to login with next', async () => {
    const { router } = renderApp('/research?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/research?page=2');
  });

  it('logs in automatically with stored credentials and greets the user', async () => {
    remember();
    renderApp('/dashboard', { session: sessionResponse({ rememberSecret: 'rms1.rotated' }) });
    expect(await screen.findByText('Welcome, Pat Lee.')).toBeInTheDocument();
    expect(localStorage.getItem('password')).toBe('rms1.rotated');
    expect(document.title).toBe('Springfield University');
  });

  it('clears stored credentials and shows login when the automatic login fails', async () => {
    remember();
    const { router } = renderApp('/dashboard', {
      session: () => json(401, { message: 'Expired.' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('username')).toBeNull();
  });

  it('redirects a user without the action to the dashboard with an error toast', async () => {
    remember();
    const { router } = renderApp('/data-summary', {
      session: sessionResponse({ actions: ['ADOPT_COURSE'] }),
    });
    await expectPermissionNotice();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('keeps the permission notice when the refused page is reached by in-app navigation', async () => {
    remember();
    const { router } = renderApp('/help', {
      session: sessionResponse({ actions: ['ADOPT_COURSE'] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Help' });
    await act(() => router.navigate('/data-summary'));
    await expectPermissionNotice();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('explains an unknown path on the dashboard', async () => {
    remember();
    renderApp('/no/such/page', { session: sessionResponse() });
    expect(
      await screen.findByText(
        `Nothing is found at the address you opened, “${window.location.host}/no/such/page”, so you were brought to the dashboard.`,
      ),
    ).toBeInTheDocument();
  });

  it('shows navigation for the user’s actions and titles the page', async () => {
    remember();
    renderApp('/adopt', { session: sessionResponse({ actions: ['ADOPT_INSTRUCTOR'] }) });
    // The page is lazy: its first load compiles the Data Grid, seconds on a busy CI machine.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Adopt Course Materials' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('Adopt Course Materials - Springfield University'),
    );
  });

  it('shows help to a logged-out visitor and keeps working without a website', async () => {
    renderApp('/help', { website: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Signing in and single sign-on' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Help - Course Materials Portal'));
  });

  it('redirects the spec aliases', async () => {
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/settings/permissions',
    );
  });

  it('logs out to a plain /login, revoking the secret and the session, and clearing storage', async () => {
    remember();
    const { router, calls } = renderApp('/adopt', {
      session: sessionResponse({ actions: ['ADOPT_COURSE'], rememberSecret: 'rms1.rotated' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/login');
    const logoutCall = calls.find((call) => call.url.pathname.endsWith('/account/logout'));
    expect(logoutCall?.body).toEqual({ rememberSecret: 'rms1.rotated' });
    // The session's token goes along, so the server revokes that session too.
    expect(logoutCall?.headers.get('Auth-Token')).toBe('token-1');
    expect({ ...localStorage }).toEqual({});
  });
});
