import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_BASE,
  assignUserRoles,
  fillPath,
  login,
  logout,
  resumeSession,
} from '@csp/contracts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  loginAs,
  testEngines,
  type TestContext,
} from '../test-support/test-app.ts';
import { DATA_ERROR_MESSAGE } from './errors.ts';

const engines = await testEngines();
const FAKE_RANDOM = 'a'.repeat(43);

/** Inputs a database would refuse must come back as 4xx with a message, never as a 500. */
describe.each(engines)('hostile input gets a 4xx (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  it('a NUL byte in a user name is refused as bad input', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: login.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { userName: 'admin\u0000@store-a.test', password: 'whatever-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: DATA_ERROR_MESSAGE });
  });

  it('an account id beyond the integer range in the path is refused before any query', async () => {
    const { admin } = ctx.fixture.accounts;
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/99999999999/getUserActions?user_name=${encodeURIComponent(admin.userName)}`,
      headers: authHeaders(FIXTURE_HOSTS.a, session.token),
    });
    // The path is checked against the token's account before any query runs.
    expect(res.statusCode).toBe(403);
  });

  it('a role id beyond the integer range in a body is a 400 naming the field', async () => {
    const { admin } = ctx.fixture.accounts;
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${fillPath(assignUserRoles.path, { userAccountId: admin.id })}?username=${encodeURIComponent(admin.userName)}`,
      headers: authHeaders(FIXTURE_HOSTS.a, session.token),
      payload: { id: 99999999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field?: string }>().field).toBe('id');
  });

  it('a remember-me secret naming an id beyond the integer range is just invalid', async () => {
    const secret = `rms1.9999999999.${FAKE_RANDOM}`;
    const resumed = await ctx.app.inject({
      method: 'POST',
      url: resumeSession.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { userName: ctx.fixture.accounts.admin.userName, rememberSecret: secret },
    });
    expect(resumed.statusCode).toBe(401);
    const loggedOut = await ctx.app.inject({
      method: 'POST',
      url: logout.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { rememberSecret: secret },
    });
    expect(loggedOut.statusCode).toBe(200);
  });
});
