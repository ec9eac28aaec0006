import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  fillPath,
  getUserActions,
  logout,
  resetPassword,
  ROLES_VERSION_HEADER,
  type SessionResponse,
} from '@csp/contracts';
import { roles, userAccounts, userRoles } from '../../db/schema/index.ts';
import { AUTH_MESSAGES } from '../../lib/request-context.ts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  loginAs,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import { issueResetToken, RESET_TOKEN_TTL_MS } from './reset-token.ts';
import { insertSession } from './session-repository.ts';

const engines = await testEngines();
const HOST = FIXTURE_HOSTS.a;

/** Sessions end on the server, not when their 8-hour token runs out. */
describe.each(engines)('sessions that really end (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  const actions = (s: SessionResponse) =>
    ctx.app.inject({
      url: `${fillPath(getUserActions.path, { userAccountId: s.accountId })}?user_name=${s.userName}`,
      headers: authHeaders(HOST, s.token),
    });
  const expectEnded = async (s: SessionResponse) => {
    const res = await actions(s);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.ended });
  };

  it('logout ends the session of its token, not the account’s other sessions', async () => {
    const userName = ctx.fixture.accounts.instructor.userName;
    const laptop = await loginAs(ctx.app, HOST, userName);
    const phone = await loginAs(ctx.app, HOST, userName);
    const res = await ctx.app.inject({
      method: 'POST',
      url: logout.path,
      headers: authHeaders(HOST, laptop.token),
      payload: { rememberSecret: laptop.rememberSecret },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(laptop);
    expect((await actions(phone)).statusCode).toBe(200);
  });

  it('a logout without a token, or with a forged one, still succeeds and ends nothing else', async () => {
    const s = await loginAs(ctx.app, HOST, ctx.fixture.accounts.instructor.userName);
    for (const headers of [{ host: HOST }, authHeaders(HOST, `${s.token}x`)]) {
      const res = await ctx.app.inject({ method: 'POST', url: logout.path, headers, payload: {} });
      expect(res.statusCode).toBe(200);
    }
    expect((await actions(s)).statusCode).toBe(200);
  });

  it('a password reset ends every session of the account', async () => {
    const { submitterDepartment } = ctx.fixture.accounts;
    const one = await loginAs(ctx.app, HOST, submitterDepartment.userName);
    const two = await loginAs(ctx.app, HOST, submitterDepartment.userName);
    const other = await loginAs(ctx.app, HOST, ctx.fixture.accounts.admin.userName);
    const token = await issueResetToken(
      { db: ctx.db, now: () => new Date() },
      submitterDepartment.id,
      RESET_TOKEN_TTL_MS,
    );
    const res = await ctx.app.inject({
      method: resetPassword.method,
      url: resetPassword.path,
      headers: { host: HOST },
      payload: { token, newPassword: 'a brand new passphrase 2026' },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(one);
    await expectEnded(two);
    expect((await actions(other)).statusCode).toBe(200);
    const fresh = await loginAs(ctx.app, HOST, submitterDepartment.userName, {
      password: 'a brand new passphrase 2026',
    });
    expect((await actions(fresh)).statusCode).toBe(200);
  });

  it('tells the client when the caller’s roles change, so its actions follow them', async () => {
    const { instructorUnlinked } = ctx.fixture.accounts;
    const s = await loginAs(ctx.app, HOST, instructorUnlinked.userName);
    const version = async () => (await actions(s)).headers[ROLES_VERSION_HEADER.toLowerCase()];
    const before = await version();
    expect(before).toMatch(/^\d+\.\d+$/);
    expect(await version()).toBe(before);

    const [reporter] = await ctx.db.select().from(roles).where(eq(roles.name, 'FULL_REPORTER'));
    const [added] = await ctx.db
      .insert(userRoles)
      .values({
        locationId: ctx.fixture.locations.a,
        accountId: instructorUnlinked.id,
        roleId: reporter!.id,
      })
      .returning();
    const afterAdd = await version();
    expect(afterAdd).not.toBe(before);
    const res = await actions(s);
    expect(res.json<{ actions: string[] }>().actions).toContain('DATA_FULL_REPORTER');

    await ctx.db.delete(userRoles).where(eq(userRoles.id, added!.id));
    const afterRemove = await version();
    expect(afterRemove).not.toBe(afterAdd);
  });

  it('starts no session for a password that changed while it was being checked', async () => {
    const { submitterUnscoped: user } = ctx.fixture.accounts;
    const [row] = await ctx.db
      .select({ hash: userAccounts.passwordHash })
      .from(userAccounts)
      .where(eq(userAccounts.id, user.id));
    const row0 = {
      accountId: user.id,
      locationId: ctx.fixture.locations.a,
      method: 'password' as const,
      expiresAt: new Date(Date.now() + 60_000),
    };
    expect(await insertSession(ctx.db, row0, row?.hash ?? null)).toEqual(expect.any(Number));
    // A reset commits between the password check and the session insert.
    expect(await insertSession(ctx.db, row0, 'the hash before the reset')).toBeNull();
  });
});
