import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ssoTestResultPath, type WebsiteInfo } from '@csp/contracts';
import { storePasswordLogin, storeSsoLogin } from '../../../lib/credential-storage.ts';
import { WEBSITE } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { SSO_FAILURE_EXPLANATIONS } from '../sso-failure-reasons.ts';

const SAML_WEBSITE: WebsiteInfo = { ...WEBSITE, ssoType: 'SAML', sloEnabled: true };
const NOTHING_CHANGED = 'This test did not sign you in or out.';

async function openResult(path: string, website: WebsiteInfo = SAML_WEBSITE) {
  const view = renderApp(path, { website });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Single sign-on test' }),
  ).toBeInTheDocument();
  return { ...view, result: screen.getByRole('status') };
}

describe('the single sign-on test page', () => {
  it('says which account the provider’s answer matched, and that nobody was signed in', async () => {
    const { result } = await openResult(
      ssoTestResultPath({ outcome: 'matched', userName: 'cma@demo-university.edu' }),
    );
    expect(result).toHaveTextContent('Single sign-on works');
    expect(result).toHaveTextContent(
      'The identity provider signed you in as cma@demo-university.edu, an account of this store: users of this website can sign in through it. This test did not sign you in or out.',
    );
    expect(screen.getByRole('link', { name: 'Store settings' })).toHaveAttribute(
      'href',
      '/settings/store',
    );
    expect(screen.getByText(/You can close this tab/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Single sign-on test/));
  });

  it('names what the provider sent when no account matches, and what to do', async () => {
    const { result } = await openResult(
      ssoTestResultPath({
        outcome: 'unknown-user',
        providerNames: ['_transient-7f3a', 'pat@springfield.edu'],
      }),
    );
    expect(result).toHaveTextContent('No account of this store matches');
    expect(result).toHaveTextContent(
      'no active account of this store has the address it sent: _transient-7f3a or pat@springfield.edu.',
    );
    expect(result).toHaveTextContent(/create their account under Settings, Permissions/);
    expect(result).toHaveTextContent(/as the NameID or in the mail attribute/);
    expect(result).toHaveTextContent(NOTHING_CHANGED);
  });

  it('says so when the provider sent no name at all', async () => {
    const { result } = await openResult('/sso-test?outcome=unknown-user');
    expect(result).toHaveTextContent('it sent no name or e-mail address.');
  });

  it('explains a refusal in plain words', async () => {
    const { result } = await openResult(
      ssoTestResultPath({ outcome: 'refused', reason: 'invalid response' }),
    );
    expect(result).toHaveTextContent('The sign-in was refused');
    expect(result).toHaveTextContent(SSO_FAILURE_EXPLANATIONS['invalid response']);
    expect(result).toHaveTextContent(NOTHING_CHANGED);
  });

  it.each([
    ['no query at all', '/sso-test'],
    ['an outcome it does not know', '/sso-test?outcome=hacked&user=x'],
    ['a match without its account', '/sso-test?outcome=matched'],
    ['a refusal without its reason', '/sso-test?outcome=refused&reason=%20'],
  ])('shows a sensible message for %s, not a crash', async (_case, path) => {
    const { result } = await openResult(path);
    expect(result).toHaveTextContent('No test result here');
    expect(result).toHaveTextContent(/Start the test again with Test the sign-in/);
  });

  it('shows a reason it does not know as plain text', async () => {
    const { result } = await openResult(
      `/sso-test?outcome=refused&reason=${encodeURIComponent('<b>made up</b>')}`,
    );
    expect(result).toHaveTextContent('<b>made up</b>');
    expect(result.querySelector('b')).toBeNull();
  });

  it.each([
    ['a single sign-on', () => storeSsoLogin({ token: 'admin-token', username: 'admin@x.edu' })],
    [
      'a password',
      () =>
        storePasswordLogin({
          token: 'admin-token',
          username: 'admin@x.edu',
          rememberSecret: 'rms1.admin',
        }),
    ],
  ])('opens in a browser signed in with %s without using or changing it', async (_, signIn) => {
    signIn();
    const before = { ...localStorage };
    const { calls } = await openResult(
      ssoTestResultPath({ outcome: 'matched', userName: 'cma@demo-university.edu' }),
    );
    expect(calls.filter((c) => c.url.pathname.includes('/account/'))).toEqual([]);
    expect({ ...localStorage }).toEqual(before);
  });

  it('opens for a visitor of a website without single sign-on, and is keyboard usable', async () => {
    await openResult(ssoTestResultPath({ outcome: 'refused', reason: 'not configured' }), WEBSITE);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Store settings' })).toHaveFocus();
  });
});
