import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { logout, resumeSession, type SessionResponse } from '@csp/contracts';
import { rememberSecrets } from '../../db/schema/index.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  loginAs,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import { revokeAllRememberSecrets } from './repository.ts';
import { ROTATION_GRACE_MS } from './service.ts';

const engines = await testEngines();

describe.each(engines)('remember-me (%s)', (engine) => {
  let ctx: TestContext;
  // A settable clock, so the rotation grace can be stepped over.
  let clock = new Date();
  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => clock });
  });
  afterAll(async () => ctx?.close());

  const resume = (
    userName: string,
    rememberSecret: string,
    host: string = FIXTURE_HOSTS.a,
    ip = '10.9.0.1',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: resumeSession.path,
      headers: { host },
      remoteAddress: ip,
      payload: { userName, rememberSecret },
    });
  const liveSecrets = async (accountId: number) =>
    ctx.db
      .select({ id: rememberSecrets.id })
      .from(rememberSecrets)
      .where(and(eq(rememberSecrets.accountId, accountId), isNull(rememberSecrets.revokedAt)));

  it('resumes with a secret, rotating it; a reused secret is refused and revokes all', async () => {
    const { admin } = ctx.fixture.accounts;
    const first = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName);
    const other = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName);

    const res = await resume(admin.userName, first.rememberSecret);
    expect(res.statusCode).toBe(200);
    const resumed = res.json<SessionResponse>();
    expect(resumed.accountId).toBe(admin.id);
    expect(resumed.rememberSecret).not.toBe(first.rememberSecret);
    expect(resumed.actions).toEqual(first.actions);
    expect(await liveSecrets(admin.id)).toHaveLength(2);

    clock = new Date(clock.getTime() + ROTATION_GRACE_MS + 1_000);
    const reused = await resume(admin.userName, first.rememberSecret);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: ACCOUNT_MESSAGES.rememberInvalid });
    expect(await liveSecrets(admin.id)).toHaveLength(0);
    expect((await resume(admin.userName, resumed.rememberSecret)).statusCode).toBe(401);
    expect((await resume(admin.userName, other.rememberSecret)).statusCode).toBe(401);
  });

  it('gives a just-rotated secret no grace once the password was reset', async () => {
    const { submitterDepartment: user } = ctx.fixture.accounts;
    const first = await loginAs(ctx.app, FIXTURE_HOSTS.a, user.userName);
    expect((await resume(user.userName, first.rememberSecret)).statusCode).toBe(200);
    // The owner resets the password moments later; a thief still holds the rotated secret.
    await revokeAllRememberSecrets(ctx.db, user.id, clock);
    clock = new Date(clock.getTime() + 1_000);
    const copy = await resume(user.userName, first.rememberSecret);
    expect(copy.statusCode).toBe(401);
    expect(copy.json()).toEqual({ message: ACCOUNT_MESSAGES.rememberInvalid });
  });

  it('still resumes a secret presented again just after its rotation (a lost answer)', async () => {
    const { admin } = ctx.fixture.accounts;
    const first = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName);
    const lost = await resume(admin.userName, first.rememberSecret);
    expect(lost.statusCode).toBe(200);

    // The browser navigated away before storing the successor and tries the old secret again.
    clock = new Date(clock.getTime() + ROTATION_GRACE_MS - 1_000);
    const retry = await resume(admin.userName, first.rememberSecret);
    expect(retry.statusCode).toBe(200);
    const successor = retry.json<SessionResponse>().rememberSecret;
    expect((await resume(admin.userName, successor)).statusCode).toBe(200);
  });

  it('refuses a secret revoked by logout even at once, with no grace', async () => {
    const { admin } = ctx.fixture.accounts;
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName);
    await ctx.app.inject({
      method: 'POST',
      url: logout.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { rememberSecret: session.rememberSecret },
    });
    expect((await resume(admin.userName, session.rememberSecret)).statusCode).toBe(401);
  });

  it('refuses a secret with another user name, another store or a forged value', async () => {
    const { instructor } = ctx.fixture.accounts;
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, instructor.userName);
    const forged = `${session.rememberSecret.slice(0, -4)}AAAA`;
    for (const res of [
      await resume('admin@store-a.test', session.rememberSecret),
      await resume(instructor.userName, session.rememberSecret, FIXTURE_HOSTS.b),
      await resume(instructor.userName, forged),
      await resume(instructor.userName, 'rms1.garbage'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.rememberInvalid });
    }
    // None of those proved possession of a revoked secret, so nothing was revoked.
    expect((await resume(instructor.userName, session.rememberSecret)).statusCode).toBe(200);
  });

  it('logout revokes the secret and is idempotent', async () => {
    const { submitterDepartment } = ctx.fixture.accounts;
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, submitterDepartment.userName);
    const out = () =>
      ctx.app.inject({
        method: 'POST',
        url: logout.path,
        headers: { host: FIXTURE_HOSTS.a },
        payload: { rememberSecret: session.rememberSecret },
      });
    expect((await out()).json()).toEqual({ ok: true });
    expect((await out()).statusCode).toBe(200);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: logout.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: {},
    });
    expect(empty.statusCode).toBe(200);
    expect((await resume(submitterDepartment.userName, session.rememberSecret)).statusCode).toBe(
      401,
    );
  });

  it('rate-limits resume attempts', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await resume('cma@store-a.test', 'rms1.1.nope', FIXTURE_HOSTS.a, '10.8.0.1')).statusCode,
      ).toBe(401);
    }
    const blocked = await resume('cma@store-a.test', 'rms1.1.nope', FIXTURE_HOSTS.a, '10.8.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    // The limit is per account and address: another address is still heard.
    const elsewhere = await resume('cma@store-a.test', 'rms1.1.nope', FIXTURE_HOSTS.a, '10.8.0.2');
    expect(elsewhere.statusCode).toBe(401);
  });
});
