import { describe, expect, it, vi } from 'vitest';
import type { ActionName } from '@csp/contracts';
import type { SessionApi } from './session-api.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import {
  readStoredCredentials,
  storePasswordLogin,
  storeSsoLogin,
} from '../../lib/credential-storage.ts';
import { sessionResponse } from '../../test/fixtures.ts';
import { RENEWAL_COOLDOWN_MS, SessionStore } from './session-store.ts';

function fakeApi(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    login: vi.fn(async () => sessionResponse({ actions: ['ADOPT_COURSE'] })),
    resume: vi.fn(async () => sessionResponse({ token: 'token-2', rememberSecret: 'rms1.second' })),
    logout: vi.fn(async () => undefined),
    getUserActions: vi.fn(async () => ['ADOPT_COURSE' as const, 'VIEW_SECTION' as const]),
    exchangeSamlTicket: vi.fn(async () => Promise.reject(new Error('not yet'))),
    fetchCurrentSession: vi.fn(async () => Promise.reject(new Error('not yet'))),
    ...overrides,
  };
}

describe('SessionStore', () => {
  it('logs in, stores the remember-me secret (never the password) and the answer’s actions', async () => {
    const api = fakeApi();
    const store = new SessionStore(api);
    await store.login('pat@example.edu', 'correct horse battery');
    expect(store.getSnapshot().session).toMatchObject({
      accountId: 7,
      name: 'Pat Lee',
      actions: ['ADOPT_COURSE'],
    });
    // The login answer carries the actions: they are not fetched a second time.
    expect(api.getUserActions).not.toHaveBeenCalled();
    expect(readStoredCredentials()).toEqual({
      token: 'token-1',
      username: 'pat@example.edu',
      password: 'rms1.first',
    });
    expect(JSON.stringify({ ...localStorage })).not.toContain('correct horse battery');
  });

  it('stores nothing when login fails', async () => {
    const api = fakeApi({
      login: vi.fn(async () => Promise.reject(new ApiRequestError(401, 'Wrong password.'))),
    });
    const store = new SessionStore(api);
    await expect(store.login('pat', 'pw')).rejects.toThrow('Wrong password.');
    expect(store.getSnapshot().session).toBeNull();
    expect(readStoredCredentials().password).toBeNull();
  });

  it('resumes once for concurrent callers and stores the rotated secret', async () => {
    storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.first' });
    const api = fakeApi();
    const store = new SessionStore(api);
    await Promise.all([store.resume(), store.resume()]);
    expect(api.resume).toHaveBeenCalledTimes(1);
    expect(api.resume).toHaveBeenCalledWith('pat@example.edu', 'rms1.first');
    expect(readStoredCredentials().password).toBe('rms1.second');
    expect(store.getSnapshot()).toMatchObject({ restoring: false, session: { token: 'token-2' } });
  });

  it('clears stored credentials when the automatic login fails', async () => {
    storePasswordLogin({ token: 'old', username: 'pat', rememberSecret: 'rms1.revoked' });
    const api = fakeApi({
      resume: vi.fn(async () => Promise.reject(new ApiRequestError(401, 'Revoked.'))),
    });
    const store = new SessionStore(api);
    await expect(store.resume()).rejects.toThrow('Revoked.');
    expect(readStoredCredentials()).toEqual({ token: null, username: null, password: null });
    expect(store.getSnapshot()).toMatchObject({ session: null, restoring: false });
  });

  it('removes a real password left in storage by older software', () => {
    localStorage.setItem('username', 'pat');
    localStorage.setItem('password', 'hunter2');
    const store = new SessionStore(fakeApi());
    expect(localStorage.getItem('password')).toBeNull();
    expect(store.getSnapshot().stored.username).toBeNull();
  });

  it('logs out by revoking the stored secret, then clears session and credentials', async () => {
    const api = fakeApi();
    const store = new SessionStore(api);
    await store.login('pat@example.edu', 'pw');
    const seenWhileLeaving = vi.fn(() => {
      // The guard must be waiting, with everything already forgotten, while the browser moves on.
      expect(store.getSnapshot()).toMatchObject({ signingOut: true, session: null });
      expect(localStorage.getItem('password')).toBeNull();
    });
    await store.logout(seenWhileLeaving);
    expect(seenWhileLeaving).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().signingOut).toBe(false);
    expect(api.logout).toHaveBeenCalledWith('rms1.first', 'token-1');
    expect(store.getSnapshot().session).toBeNull();
    expect(readStoredCredentials()).toEqual({ token: null, username: null, password: null });
  });

  it('treats an expired token as logged out but keeps the secret for a resume', async () => {
    const api = fakeApi({
      login: vi.fn(async () => sessionResponse({ expiresAt: '2020-01-01T00:00:00Z' })),
    });
    const store = new SessionStore(api);
    await store.login('pat@example.edu', 'pw');
    store.expireIfStale();
    expect(store.getSnapshot().session).toBeNull();
    expect(readStoredCredentials().password).toBe('rms1.first');
  });

  it('reports a failed single sign-on and clears stored credentials', async () => {
    storePasswordLogin({ token: 'old', username: 'pat', rememberSecret: 'rms1.first' });
    const store = new SessionStore(fakeApi());
    await expect(store.completeSso('T-1', '42')).rejects.toThrow('not yet');
    expect(store.hasAttemptedTicket('T-1')).toBe(true);
    expect(readStoredCredentials().username).toBeNull();
  });

  const ssoSession = {
    token: 'sso-token',
    userName: 'pat@example.edu',
    name: 'Pat Lee',
    userAccountId: 7,
    actions: [],
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  };

  it('completes single sign-on: stores the token and the placeholder, never a secret', async () => {
    const api = fakeApi({ exchangeSamlTicket: vi.fn(async () => ssoSession) });
    const store = new SessionStore(api);
    await store.completeSso('T-1', '7');
    expect(api.exchangeSamlTicket).toHaveBeenCalledWith('T-1', '7');
    expect(readStoredCredentials()).toEqual({
      token: 'sso-token',
      username: 'pat@example.edu',
      password: 'using sso login',
    });
    expect(store.getSnapshot().session).toMatchObject({ accountId: 7, token: 'sso-token' });
  });

  it('restores a stored single-sign-on login from its token after a reload', async () => {
    storeSsoLogin({ token: 'sso-token', username: 'pat@example.edu' });
    const api = fakeApi({ fetchCurrentSession: vi.fn(async () => ssoSession) });
    const store = new SessionStore(api);
    await store.resume();
    expect(api.fetchCurrentSession).toHaveBeenCalledWith('sso-token');
    expect(api.resume).not.toHaveBeenCalled();
    expect(store.getSnapshot().session).toMatchObject({ accountId: 7, name: 'Pat Lee' });
    expect(readStoredCredentials().password).toBe('using sso login');
  });

  it('clears a stored single-sign-on login whose token no longer works', async () => {
    storeSsoLogin({ token: 'expired-token', username: 'pat@example.edu' });
    const api = fakeApi({
      fetchCurrentSession: vi.fn(async () => Promise.reject(new ApiRequestError(401, 'Expired.'))),
    });
    const store = new SessionStore(api);
    await expect(store.resume()).rejects.toThrow('Expired.');
    expect(readStoredCredentials()).toEqual({ token: null, username: null, password: null });
    expect(store.getSnapshot()).toMatchObject({ session: null, restoring: false });
  });

  it('reuses a still-valid stored token after a reload without rotating the secret', async () => {
    storePasswordLogin({ token: 'live', username: 'pat@example.edu', rememberSecret: 'rms1.keep' });
    const api = fakeApi({
      fetchCurrentSession: vi.fn(async () => ({ ...ssoSession, token: 'live' })),
    });
    const store = new SessionStore(api);
    await store.resume();
    expect(api.fetchCurrentSession).toHaveBeenCalledWith('live');
    expect(api.resume).not.toHaveBeenCalled();
    expect(readStoredCredentials()).toEqual({
      token: 'live',
      username: 'pat@example.edu',
      password: 'rms1.keep',
    });
  });

  it('falls back to the remember-me secret when the stored token has expired', async () => {
    storePasswordLogin({
      token: 'stale',
      username: 'pat@example.edu',
      rememberSecret: 'rms1.first',
    });
    const api = fakeApi({
      fetchCurrentSession: vi.fn(async () => Promise.reject(new ApiRequestError(401, 'Expired.'))),
    });
    const store = new SessionStore(api);
    await store.resume();
    expect(api.resume).toHaveBeenCalledWith('pat@example.edu', 'rms1.first');
    expect(readStoredCredentials().password).toBe('rms1.second');
  });

  it('does not undo a logout made in another tab while a resume was in flight', async () => {
    storePasswordLogin({
      token: 'stale',
      username: 'pat@example.edu',
      rememberSecret: 'rms1.first',
    });
    let answer: (value: ReturnType<typeof sessionResponse>) => void = () => undefined;
    const api = fakeApi({
      fetchCurrentSession: vi.fn(async () => Promise.reject(new ApiRequestError(401, 'Expired.'))),
      resume: vi.fn(() => new Promise<ReturnType<typeof sessionResponse>>((r) => (answer = r))),
    });
    const store = new SessionStore(api);
    const resuming = store.resume();
    await vi.waitFor(() => expect(api.resume).toHaveBeenCalled());

    localStorage.clear(); // the other tab logs out
    store.syncFromStorage('password');
    answer(sessionResponse({ token: 'token-2', rememberSecret: 'rms1.second' }));

    await expect(resuming).rejects.toThrow();
    expect(readStoredCredentials()).toEqual({ token: null, username: null, password: null });
    expect(store.getSnapshot().session).toBeNull();
  });

  it("drops this tab's session when another tab signs in as someone else", async () => {
    const store = new SessionStore(fakeApi());
    await store.login('pat@example.edu', 'pw');
    storePasswordLogin({
      token: 'other-token',
      username: 'sam@example.edu',
      rememberSecret: 'rms1.sam',
    });
    store.syncFromStorage('jwtToken');
    expect(store.getSnapshot().session).toBeNull();
    expect(readStoredCredentials().username).toBe('sam@example.edu');
  });

  it('refetches the actions when the roles version changes, not while it stays the same', async () => {
    const getUserActions = vi.fn(async (): Promise<ActionName[]> => ['ADOPT_COURSE']);
    const store = new SessionStore(fakeApi({ getUserActions }));
    await store.login('pat@example.edu', 'pw');
    const token = store.getSnapshot().session?.token ?? '';

    store.noteResponse({ status: 200, token, rolesVersion: '3.41' });
    store.noteResponse({ status: 200, token, rolesVersion: '3.41' });
    expect(getUserActions).not.toHaveBeenCalled();

    getUserActions.mockResolvedValueOnce(['ADOPT_COURSE', 'DATA_FULL_REPORTER']);
    store.noteResponse({ status: 200, token, rolesVersion: '4.42' });
    await vi.waitFor(() =>
      expect(store.getSnapshot().session?.actions).toEqual(['ADOPT_COURSE', 'DATA_FULL_REPORTER']),
    );
    expect(getUserActions).toHaveBeenCalledTimes(1);
    // Another token's version (another tab's user) is not this session's business.
    store.noteResponse({ status: 200, token: 'someone-else', rolesVersion: '9.99' });
    expect(getUserActions).toHaveBeenCalledTimes(1);
  });

  it('drops the session when the server answers 401 to its token, keeping the stored sign-in', async () => {
    const store = new SessionStore(fakeApi());
    await store.login('pat@example.edu', 'pw');
    store.noteResponse({ status: 401, token: 'not-ours', rolesVersion: null });
    expect(store.getSnapshot().session).not.toBeNull();
    store.noteResponse({ status: 401, token: 'token-1', rolesVersion: null });
    expect(store.getSnapshot().session).toBeNull();
    // The guard may still try the remember-me secret once; the server decides if it is valid.
    expect(readStoredCredentials().password).toBe('rms1.first');
  });

  it('refetches the actions on a 403 at most once per roles version', async () => {
    const getUserActions = vi.fn(async (): Promise<ActionName[]> => ['ADOPT_COURSE']);
    const store = new SessionStore(fakeApi({ getUserActions }));
    await store.login('pat@example.edu', 'pw');

    // Roles changed before the first version was seen: the refusal is the only hint.
    store.noteResponse({ status: 200, token: 'token-1', rolesVersion: '3.41' });
    store.noteResponse({ status: 403, token: 'token-1', rolesVersion: '3.41' });
    store.noteResponse({ status: 403, token: 'token-1', rolesVersion: '3.41' });
    await vi.waitFor(() => expect(store.getSnapshot().session?.actions).toEqual(['ADOPT_COURSE']));
    expect(getUserActions).toHaveBeenCalledTimes(1);
    expect(getUserActions).toHaveBeenCalledWith(7, 'pat@example.edu', 'token-1');

    // A new version refetches; a 403 under that same version does not fetch a second time.
    store.noteResponse({ status: 200, token: 'token-1', rolesVersion: '4.42' });
    store.noteResponse({ status: 403, token: 'token-1', rolesVersion: '4.42' });
    expect(getUserActions).toHaveBeenCalledTimes(2);
    // Another token's refusal is not this session's business.
    store.noteResponse({ status: 403, token: 'someone-else', rolesVersion: '9.99' });
    expect(getUserActions).toHaveBeenCalledTimes(2);
  });

  it('keeps the newest actions when two refetches answer out of order', async () => {
    const answers: ((actions: ActionName[]) => void)[] = [];
    const getUserActions = vi.fn(() => new Promise<ActionName[]>((r) => answers.push(r)));
    const store = new SessionStore(fakeApi({ getUserActions }));
    await store.login('pat@example.edu', 'pw');
    store.noteResponse({ status: 200, token: 'token-1', rolesVersion: '1.1' });
    store.noteResponse({ status: 200, token: 'token-1', rolesVersion: '2.2' });
    store.noteResponse({ status: 200, token: 'token-1', rolesVersion: '3.3' });
    expect(answers).toHaveLength(2);
    answers[1]?.(['DATA_FULL_REPORTER']);
    await vi.waitFor(() =>
      expect(store.getSnapshot().session?.actions).toEqual(['DATA_FULL_REPORTER']),
    );
    answers[0]?.(['ADOPT_COURSE']);
    await Promise.resolve();
    expect(store.getSnapshot().session?.actions).toEqual(['DATA_FULL_REPORTER']);
  });

  it('does not present a refused token again: the remember-me secret renews the session', async () => {
    const api = fakeApi({
      fetchCurrentSession: vi.fn(async () => Promise.reject(new Error('no'))),
    });
    const store = new SessionStore(api);
    await store.login('pat@example.edu', 'pw');
    store.noteResponse({ status: 401, token: 'token-1', rolesVersion: null });

    await store.resume();
    expect(api.fetchCurrentSession).not.toHaveBeenCalled();
    expect(api.resume).toHaveBeenCalledWith('pat@example.edu', 'rms1.first');
    expect(store.getSnapshot().session?.token).toBe('token-2');
  });

  it('ends a stored single sign-on at once when its token was refused', async () => {
    const api = fakeApi({
      exchangeSamlTicket: vi.fn(async () => ({
        token: 'sso-token',
        userName: 'pat@example.edu',
        name: 'Pat Lee',
        userAccountId: 7,
        actions: [],
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      })),
    });
    const store = new SessionStore(api);
    await store.completeSso('T-1', '7');
    store.noteResponse({ status: 401, token: 'sso-token', rolesVersion: null });
    await expect(store.resume()).rejects.toThrow();
    expect(api.fetchCurrentSession).not.toHaveBeenCalled();
    expect(readStoredCredentials()).toEqual({ token: null, username: null, password: null });
  });

  it('ends the sign-in instead of renewing in a loop when the renewed session is refused too', async () => {
    const api = fakeApi();
    const store = new SessionStore(api);
    await store.login('pat@example.edu', 'pw');
    const t0 = Date.now();
    store.noteResponse({ status: 401, token: 'token-1', rolesVersion: null }, t0);
    await store.resume();
    expect(store.getSnapshot().session?.token).toBe('token-2');

    store.noteResponse({ status: 401, token: 'token-2', rolesVersion: null }, t0 + 1_000);
    expect(store.getSnapshot().session).toBeNull();
    // Credentials cleared: the guard's next decision is the login page, not another resume.
    expect(readStoredCredentials()).toEqual({ token: null, username: null, password: null });
    expect(api.resume).toHaveBeenCalledTimes(1);
  });

  it('renews again when the next refusal comes long after the last one', async () => {
    const store = new SessionStore(fakeApi());
    await store.login('pat@example.edu', 'pw');
    const t0 = Date.now();
    store.noteResponse({ status: 401, token: 'token-1', rolesVersion: null }, t0);
    await store.resume();
    store.noteResponse(
      { status: 401, token: 'token-2', rolesVersion: null },
      t0 + RENEWAL_COOLDOWN_MS + 1,
    );
    expect(store.getSnapshot().session).toBeNull();
    expect(readStoredCredentials().password).toBe('rms1.second');
  });

  it('sends the stored token with the logout when the session was already dropped', async () => {
    const api = fakeApi({
      login: vi.fn(async () => sessionResponse({ expiresAt: '2020-01-01T00:00:00Z' })),
    });
    const store = new SessionStore(api);
    await store.login('pat@example.edu', 'pw');
    store.expireIfStale();
    await store.logout();
    expect(api.logout).toHaveBeenCalledWith('rms1.first', 'token-1');
  });
});
