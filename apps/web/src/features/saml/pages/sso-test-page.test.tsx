import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  AUTH_HEADER,
  SSO_TEST_RESULT_GONE,
  getSsoTestResult,
  ssoTestResultPath,
  type SsoTestResult,
  type WebsiteInfo,
} from '@csp/contracts';
import { storePasswordLogin, storeSsoLogin } from '../../../lib/credential-storage.ts';
import { answer, json, type StubRequest } from '../../../test/fetch-stub.ts';
import { WEBSITE } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { SSO_FAILURE_EXPLANATIONS } from '../sso-failure-reasons.ts';

const SAML_WEBSITE: WebsiteInfo = { ...WEBSITE, ssoType: 'SAML', sloEnabled: true };
const NOTHING_CHANGED = 'This test did not sign you in or out of the portal.';
/** A token as the server signs them; the page only hands it back. */
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJyZXN1bHQiOnt9fQ.c2lnbmF0dXJl';
const RESULT_CALL = `GET ${getSsoTestResult.path}`;

type Answer = (request: StubRequest) => Response | Promise<Response>;

/** The page at `path`, the server answering the result call with `reply`. */
function openPage(path: string, reply: Answer, website: WebsiteInfo = SAML_WEBSITE) {
  return renderApp(path, { website, handlers: { [RESULT_CALL]: reply } });
}

/** The page for a token the server answers with `result`: the finding, once shown. */
async function openResult(result: SsoTestResult, website: WebsiteInfo = SAML_WEBSITE) {
  const view = openPage(ssoTestResultPath(TOKEN), () => answer(getSsoTestResult, result), website);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Single sign-on test' }),
  ).toBeInTheDocument();
  const title = await screen.findByRole('heading', { level: 2 });
  return { ...view, result: title.closest('[role="status"]') as HTMLElement };
}

const resultCalls = (calls: StubRequest[]) =>
  calls.filter((call) => call.url.pathname === getSsoTestResult.path);

describe('the single sign-on test page', () => {
  it('asks the server for the token’s result and says which account it matched', async () => {
    const { result, calls } = await openResult({
      outcome: 'matched',
      userName: 'cma@demo-university.edu',
    });
    expect(result).toHaveTextContent('Single sign-on works');
    expect(result).toHaveTextContent(
      'The identity provider recognised you as cma@demo-university.edu, an account of this store: users of this website can sign in through it. This test did not sign you in or out of the portal.',
    );
    expect(result).not.toHaveTextContent(/signed you in as/);
    const [call] = resultCalls(calls);
    expect(call?.url.searchParams.get('result')).toBe(TOKEN);
    expect(screen.getByRole('link', { name: 'Store settings' })).toHaveAttribute(
      'href',
      '/settings/store',
    );
    expect(screen.getByText(/You can close this tab/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Single sign-on test/));
  });

  it('names what the provider sent when no account matches, and what to do', async () => {
    const { result } = await openResult({
      outcome: 'unknown-user',
      providerNames: ['_transient-7f3a', 'pat@springfield.edu'],
    });
    expect(result).toHaveTextContent('No account of this store matches');
    expect(result).toHaveTextContent(
      'no active account of this store has the address it sent: _transient-7f3a or pat@springfield.edu.',
    );
    expect(result).toHaveTextContent(/create their account under Settings, Permissions/);
    expect(result).toHaveTextContent(/as the NameID or in the mail attribute/);
    expect(result).toHaveTextContent(NOTHING_CHANGED);
  });

  it('says so when the provider sent no name at all', async () => {
    const { result } = await openResult({ outcome: 'unknown-user', providerNames: [] });
    expect(result).toHaveTextContent('it sent no name or e-mail address.');
  });

  it('shows what the provider sent as plain text', async () => {
    const { result } = await openResult({
      outcome: 'unknown-user',
      providerNames: ['<b>made up</b>'],
    });
    expect(result).toHaveTextContent('<b>made up</b>');
    expect(result.querySelector('b')).toBeNull();
  });

  it('explains a refusal in plain words, without saying the test signed anyone in', async () => {
    const { result } = await openResult({ outcome: 'refused', reason: 'invalid response' });
    expect(result).toHaveTextContent('The sign-in was refused');
    expect(result).toHaveTextContent(SSO_FAILURE_EXPLANATIONS['invalid response']);
    expect(result).toHaveTextContent(
      'If the test is refused again, users of this website cannot sign in through the identity provider until this is fixed.',
    );
    expect(result).toHaveTextContent(NOTHING_CHANGED);
  });

  it('shows that it is reading the result while the server answers', async () => {
    let release: (response: Response) => void = () => undefined;
    openPage(
      ssoTestResultPath(TOKEN),
      () => new Promise<Response>((resolve) => (release = resolve)),
    );
    expect(
      await screen.findByRole('progressbar', { name: 'Reading the test result' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    release(answer(getSsoTestResult, { outcome: 'matched', userName: 'cma@demo-university.edu' }));
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent(
      'Single sign-on works',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it.each([
    [404, { message: SSO_TEST_RESULT_GONE, field: 'result' }],
    [400, { message: 'result is not a test result', field: 'result' }],
  ])('says there is no result when the server refuses the token (%s)', async (status, body) => {
    const { calls } = openPage(ssoTestResultPath(TOKEN), () => json(status, body));
    const title = await screen.findByRole('heading', { level: 2 });
    expect(title).toHaveTextContent('No test result here');
    const result = title.closest('[role="status"]');
    expect(result).toHaveTextContent(
      'This test result has expired (a result can be read for 10 minutes after the test) or belongs to another website. Run the test again with Test the sign-in on the Store settings page.',
    );
    // A refusal is not asked again.
    expect(resultCalls(calls)).toHaveLength(1);
  });

  it.each([
    ['the outcome written in the address', '/sso-test?outcome=matched&user=mallory%40evil.example'],
    ['no query at all', '/sso-test'],
    ['an empty token', '/sso-test?result=%20&outcome=matched&user=mallory%40evil.example'],
  ])('shows no result for %s, and asks the server nothing', async (_case, path) => {
    const { calls } = openPage(path, () => json(500, { message: 'not to be called' }));
    const title = await screen.findByRole('heading', { level: 2 });
    expect(title).toHaveTextContent('No test result here');
    expect(title.closest('[role="status"]')).toHaveTextContent(
      'This page shows the result of a single sign-on test, but its address holds none. Run the test again with Test the sign-in on the Store settings page.',
    );
    expect(document.body).not.toHaveTextContent(/mallory/);
    expect(screen.queryByText(/Single sign-on works/)).toBeNull();
    expect(resultCalls(calls)).toEqual([]);
  });

  it('offers to try again when the server cannot answer', async () => {
    let failing = true;
    openPage(ssoTestResultPath(TOKEN), () =>
      failing
        ? json(503, { message: 'The portal is briefly unavailable. Try again in a moment.' })
        : answer(getSsoTestResult, { outcome: 'refused', reason: 'expired' }),
    );
    expect(
      await screen.findByText('Could not read the test result', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/briefly unavailable/)).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent(
      'The sign-in was refused',
    );
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
    const { calls } = await openResult({
      outcome: 'matched',
      userName: 'cma@demo-university.edu',
    });
    expect(calls.filter((c) => c.url.pathname.includes('/account/'))).toEqual([]);
    expect(resultCalls(calls).map((c) => c.headers.get(AUTH_HEADER))).toEqual([null]);
    expect({ ...localStorage }).toEqual(before);
  });

  it('opens for a visitor of a website without single sign-on, and is keyboard usable', async () => {
    await openResult({ outcome: 'refused', reason: 'not configured' }, WEBSITE);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Store settings' })).toHaveFocus();
  });
});
