import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fillPath, getUserActions, login, REMEMBER_SECRET_PREFIX } from '@csp/contracts';
import { userAccounts } from '../../db/schema/index.ts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  FIXTURE_PASSWORD,
  loginAs,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';

const engines = await testEngines();
const BAD_CREDENTIALS = { message: 'The user name or password is incorrect.' };

describe.each(engines)('login (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  const attempt = (
    userName: string,
    password: string,
    host: string = FIXTURE_HOSTS.a,
    ip = '10.0.0.1',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: login.path,
      headers: { host },
      remoteAddress: ip,
      payload: { userName, password },
    });

  it('returns a session whose token works on getUserActions', async () => {
    const { admin } = ctx.fixture.accounts;
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, 'ADMIN@store-a.test');
    expect(session).toMatchObject({ accountId: admin.id, userName: admin.userName, name: 'admin' });
    expect(session.rememberSecret.startsWith(REMEMBER_SECRET_PREFIX)).toBe(true);
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now() + 479 * 60_000);
    expect(session.actions).toContain('ASSIGN_PERMISSIONS');
    expect(session.actions).toEqual([...session.actions].sort());

    const res = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getUserActions.path, { userAccountId: admin.id }),
      query: { user_name: admin.userName.toUpperCase() },
      headers: authHeaders(FIXTURE_HOSTS.a, session.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ actions: session.actions });

    const [row] = await ctx.db
      .select({ lastLoginAt: userAccounts.lastLoginAt })
      .from(userAccounts)
      .where(eq(userAccounts.id, admin.id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
  });

  it('gives the same 401 for a wrong password, an unknown user and an inactive account', async () => {
    const wrong = await attempt(
      'admin@store-a.test',
      'not the password',
      FIXTURE_HOSTS.a,
      '10.0.1.1',
    );
    const unknown = await attempt(
      'ghost@store-a.test',
      FIXTURE_PASSWORD,
      FIXTURE_HOSTS.a,
      '10.0.1.2',
    );
    const inactive = await attempt(
      'inactive@store-a.test',
      FIXTURE_PASSWORD,
      FIXTURE_HOSTS.a,
      '10.0.1.3',
    );
    for (const res of [wrong, unknown, inactive]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(JSON.stringify(BAD_CREDENTIALS));
    }
  });

  it("refuses a user of another store on this store's host", async () => {
    const res = await attempt('admin@store-b.test', FIXTURE_PASSWORD, FIXTURE_HOSTS.a, '10.0.2.1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BAD_CREDENTIALS);
  });

  it('answers 404 on a host without a website', async () => {
    const res = await attempt('admin@store-a.test', FIXTURE_PASSWORD, 'unknown.test', '10.0.3.1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No website is configured for unknown.test.' });
  });

  it('answers 400 naming the field for a missing password', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: login.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { userName: 'admin@store-a.test' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'password: password is required', field: 'password' });
  });

  it('refuses to read the actions of another user name', async () => {
    const { admin } = ctx.fixture.accounts;
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName);
    const res = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getUserActions.path, { userAccountId: admin.id }),
      query: { user_name: 'instructor@store-a.test' },
      headers: authHeaders(FIXTURE_HOSTS.a, session.token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You can only read your own actions.' });
  });
});
