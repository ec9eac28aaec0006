import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import { WEBSITE, sessionResponse } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function signIn(userName: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/user name/i), userName);
  await user.type(screen.getByLabelText(/password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('says at once that no store is configured for an unknown address, instead of a form', async () => {
    renderApp('/login', { website: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `No campus store is configured for the address ${window.location.host}.`,
    );
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows the server message of a rejected login and stores nothing', async () => {
    renderApp('/login');
    await signIn('pat@example.edu', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid user name or password.');
    expect(localStorage.getItem('password')).toBeNull();
  });

  it('shows a rate-limit message exactly as the server sent it', async () => {
    renderApp('/login', {
      session: () => json(429, { message: 'Too many attempts. Try again in 15 minutes.' }),
    });
    await signIn('pat@example.edu', 'pw');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 15 minutes.',
    );
  });

  it('explains empty fields without calling the server', async () => {
    const { calls } = renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your user name')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.endsWith('/account/login'))).toBe(false);
  });

  it('signs in, goes to next and keeps only the remember-me secret', async () => {
    const { router } = renderApp('/login?next=%2Fhelp', { session: sessionResponse() });
    await signIn('pat@example.edu', 'correct horse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/help');
    expect(localStorage.getItem('password')).toBe('rms1.first');
    expect(JSON.stringify({ ...localStorage })).not.toContain('correct horse');
  });

  it('explains a failed single sign-on with its reason and offers single sign-on again', async () => {
    renderApp('/login?loginError=SAMLloginerror&reason=Assertion%20expired&next=%2Fsearch', {
      website: { ...WEBSITE, ssoType: 'SAML' },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Single sign-on failed. Sign in again');
    expect(alert).toHaveTextContent('Reason: Assertion expired');
    expect(screen.getByRole('link', { name: 'Sign in with single sign-on' })).toHaveAttribute(
      'href',
      '/app-rest/saml/v1/login?next=%2Fsearch',
    );
  });

  it('explains a known single-sign-on failure reason in plain words', async () => {
    renderApp('/login?loginError=SAMLloginerror&reason=unknown+user', {
      website: { ...WEBSITE, ssoType: 'SAML' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your organisation account does not match an active account at this store.',
    );
  });

  it('offers password reset and no single sign-on on a non-SAML site, without navigation', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.queryByRole('link', { name: /single sign-on/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Springfield University'));
  });

  it('links students to the public textbook list, which needs no sign-in', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'textbook list' })).toHaveAttribute(
      'href',
      '/textbooks',
    );
  });
});
