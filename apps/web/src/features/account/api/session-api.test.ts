import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { createHttpSessionApi } from './session-api.ts';

const LOGOUT = 'POST /app-rest/admin_portal/v1/account/logout';

describe('createHttpSessionApi', () => {
  it('logs out with the session token in Auth-Token, so the server revokes that session', async () => {
    const { calls } = stubFetch({ [LOGOUT]: () => json(200, { ok: true }) });
    await createHttpSessionApi().logout('rms1.first', 'token-1');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Auth-Token')).toBe('token-1');
    expect(calls[0]?.body).toEqual({ rememberSecret: 'rms1.first' });
  });

  it('logs out a single-sign-on session (no secret) by its token alone', async () => {
    const { calls } = stubFetch({ [LOGOUT]: () => json(200, { ok: true }) });
    await createHttpSessionApi().logout(undefined, 'sso-token');
    expect(calls[0]?.headers.get('Auth-Token')).toBe('sso-token');
    expect(calls[0]?.body).toEqual({});
  });

  it('fetches the actions with the session token', async () => {
    const { calls } = stubFetch({
      'GET /app-rest/admin_portal/v1/7/getUserActions': () =>
        json(200, { actions: ['ADOPT_COURSE'] }),
    });
    const actions = await createHttpSessionApi().getUserActions(7, 'pat@example.edu', 'token-1');
    expect(actions).toEqual(['ADOPT_COURSE']);
    expect(calls[0]?.headers.get('Auth-Token')).toBe('token-1');
    expect(calls[0]?.url.searchParams.get('user_name')).toBe('pat@example.edu');
  });
});
