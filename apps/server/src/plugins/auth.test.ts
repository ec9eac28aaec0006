import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { fillPath, getUserActions, type SessionResponse } from '@csp/contracts';
import { userAccounts } from '../db/schema/index.ts';
import { signSessionToken } from '../modules/account/session-token.ts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  loginAs,
  testEngines,
  type TestContext,
} from '../test-support/test-app.ts';
import { AUTH_MESSAGES } from '../lib/request-context.ts';

const engines = await testEngines();
const sessionIdOf = (token: string) => decodeJwt(token)['sid'] as number;

describe.each(engines)('auth (%s)', (engine) => {
  let ctx: TestContext;
  let session: SessionResponse;
  beforeAll(async () => {
    ctx = await createTestApp(engine);
    session = await loginAs(ctx.app, FIXTURE_HOSTS.a, ctx.fixture.accounts.admin.userName);
  });
  afterAll(async () => ctx?.close());

  const actions = (headers: Record<string, string>, accountId = ctx.fixture.accounts.admin.id) =>
    ctx.app.inject({
      method: 'GET',
      url: fillPath(getUserActions.path, { userAccountId: accountId }),
      query: { user_name: ctx.fixture.accounts.admin.userName },
      headers,
    });

  it('accepts the token of a fresh login', async () => {
    expect((await actions(authHeaders(FIXTURE_HOSTS.a, session.token))).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await actions({ host: FIXTURE_HOSTS.a });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.missing });
  });

  it('answers 401 for an expired token', async () => {
    const { token } = await signSessionToken(
      ctx.config.jwtSecret,
      {
        accountId: ctx.fixture.accounts.admin.id,
        locationId: ctx.fixture.locations.a,
        sessionId: sessionIdOf(session.token),
      },
      5,
      new Date(Date.now() - 60 * 60_000),
    );
    const res = await actions(authHeaders(FIXTURE_HOSTS.a, token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.expired });
  });

  it('answers 401 for a tampered token and one signed with another secret', async () => {
    const [header, payload, signature = ''] = session.token.split('.');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const tampered = await actions(authHeaders(FIXTURE_HOSTS.a, `${header}.${payload}.${flipped}`));
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ message: AUTH_MESSAGES.expired });

    const forged = await signSessionToken(
      new Uint8Array(32).fill(7),
      {
        accountId: ctx.fixture.accounts.admin.id,
        locationId: ctx.fixture.locations.a,
        sessionId: sessionIdOf(session.token),
      },
      5,
    );
    expect((await actions(authHeaders(FIXTURE_HOSTS.a, forged.token))).statusCode).toBe(401);
    expect((await actions(authHeaders(FIXTURE_HOSTS.a, 'not-a-jwt'))).statusCode).toBe(401);
  });

  it("answers 401 for a token used on another store's host or an unknown host", async () => {
    for (const host of [FIXTURE_HOSTS.b, 'unknown.test']) {
      const res = await actions(authHeaders(host, session.token));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.otherStore });
    }
  });

  it('answers 403 when the path names another account', async () => {
    const res = await actions(
      authHeaders(FIXTURE_HOSTS.a, session.token),
      ctx.fixture.accounts.instructor.id,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.notYourAccount });
  });

  it('answers 401 once the account is deactivated', async () => {
    const { instructorUnlinked } = ctx.fixture.accounts;
    const own = await loginAs(ctx.app, FIXTURE_HOSTS.a, instructorUnlinked.userName);
    await ctx.db
      .update(userAccounts)
      .set({ active: false })
      .where(eq(userAccounts.id, instructorUnlinked.id));
    const res = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getUserActions.path, { userAccountId: instructorUnlinked.id }),
      query: { user_name: instructorUnlinked.userName },
      headers: authHeaders(FIXTURE_HOSTS.a, own.token),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.ended });
  });
});
