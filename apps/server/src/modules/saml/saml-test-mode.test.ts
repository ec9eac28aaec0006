import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { SAML_PATHS, SSO_TEST_PATH, SSO_TEST_RESULT_GONE, getSsoTestResult } from '@csp/contracts';
import { samlSeenAssertions, samlSessions, samlTickets } from '../../db/schema/index.ts';
import { FIXTURE_HOSTS, testEngines } from '../../test-support/test-app.ts';
import {
  createSamlTestApp,
  exchange,
  failureReason,
  postToAcs,
  redeemTestResult,
  signIn,
  signInSession,
  startLogin,
  startTestLogin,
  testOutcome,
  testResultToken,
  testSignIn,
  ticketOf,
  type SamlTestContext,
} from '../../test-support/saml-test-app.ts';

const engines = await testEngines();

/*
 * The single-sign-on test of the store settings screen (ADR 0041): the whole sign-in through
 * the provider, validated as a real one, that signs nobody in and reports what it matched.
 */
describe.each(engines)('SAML sign-in test mode (%s)', (engine) => {
  let ctx: SamlTestContext;
  beforeAll(async () => {
    ctx = await createSamlTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  /** Tickets and provider sessions: what a sign-in leaves behind, and a test must not. */
  async function signInRows() {
    const [tickets] = await ctx.db.select({ n: count() }).from(samlTickets);
    const [sessions] = await ctx.db.select({ n: count() }).from(samlSessions);
    return { tickets: Number(tickets?.n), sessions: Number(sessions?.n) };
  }

  it('sends an ordinary AuthnRequest with the test page as RelayState, ignoring next', async () => {
    const request = await startTestLogin(ctx);
    expect(`${new URL(request.location).origin}${new URL(request.location).pathname}`).toBe(
      ctx.idp.ssoUrl,
    );
    expect(request.relayState).toBe(SSO_TEST_PATH);
  });

  it('reports the matched account, and signs nobody in: no ticket, no cookie, no session', async () => {
    const before = await signInRows();
    const acs = await testSignIn(ctx, 'ADMIN@store-a.test');
    expect(await testOutcome(ctx, acs)).toEqual({
      outcome: 'matched',
      userName: ctx.fixture.accounts.admin.userName,
    });
    // The address holds only the token (testResultToken checks), and the name is not readable in it.
    const location = String(acs.headers.location);
    expect(decodeURIComponent(location)).not.toContain(ctx.fixture.accounts.admin.userName);
    expect(acs.headers['set-cookie']).toBeUndefined();
    expect(await signInRows()).toEqual(before);
    // Nothing to exchange: the address holds no ticket, and one made up is refused.
    expect(() => ticketOf(String(acs.headers.location))).toThrow(/no ticket/);
    const guess = { ticket: 'from-the-test', userAccountId: ctx.fixture.accounts.admin.id };
    expect((await exchange(ctx, guess)).statusCode).toBe(401);
  });

  it('is decided by the request record, not by RelayState', async () => {
    const request = await startTestLogin(ctx);
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'admin@store-a.test');
    const acs = await postToAcs(ctx, response, '/dashboard');
    expect((await testOutcome(ctx, acs))?.outcome).toBe('matched');
    expect(acs.headers['set-cookie']).toBeUndefined();

    // A real sign-in whose RelayState names the test page still signs in, where it was asked.
    const real = await startLogin(ctx, '/research');
    const answer = await ctx.idp.loginResponse(ctx.sp, real.id, 'admin@store-a.test');
    const signedIn = await postToAcs(ctx, answer, SSO_TEST_PATH);
    expect(ticketOf(String(signedIn.headers.location)).path).toBe('/research');
  });

  it('reports the names the provider sent when they match no active account', async () => {
    for (const email of ['nobody@store-a.test', 'inactive@store-a.test', 'admin@store-b.test']) {
      const acs = await testSignIn(ctx, email);
      expect(await testOutcome(ctx, acs)).toEqual({
        outcome: 'unknown-user',
        providerNames: [email],
      });
      expect(acs.headers['set-cookie']).toBeUndefined();
    }
    const request = await startTestLogin(ctx);
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'Nobody@Store-A.test', {
      NameID: '_transient-7f3a',
      NameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
    });
    expect(await testOutcome(ctx, await postToAcs(ctx, response))).toEqual({
      outcome: 'unknown-user',
      providerNames: ['_transient-7f3a', 'nobody@store-a.test'],
    });
  });

  it('refuses a response signed by another key, on the test page with the reason', async () => {
    const { TestIdp } = await import('../../test-support/saml-test-idp.ts');
    const impostor = new TestIdp(ctx.idp.entityId, ctx.idp.ssoUrl, ctx.idp.sloUrl);
    const before = await signInRows();
    for (const relayState of [SSO_TEST_PATH, null]) {
      const request = await startTestLogin(ctx);
      const forged = await impostor.loginResponse(ctx.sp, request.id, 'admin@store-a.test');
      const acs = await postToAcs(ctx, forged, relayState);
      // Without RelayState the spent request record still says it was a test.
      expect(await testOutcome(ctx, acs)).toEqual({
        outcome: 'refused',
        reason: 'invalid response',
      });
    }
    expect(await signInRows()).toEqual(before);
    const entry = ctx.logs.findLast((log) => log['msg'] === 'SAML sign-in refused');
    expect(entry).toMatchObject({ level: 40, reason: 'invalid response', test: true });
  });

  it('refuses a replayed test response, and its assertion can never sign anyone in', async () => {
    const request = await startTestLogin(ctx);
    const assertionId = `_test-replayed-${Date.now()}`;
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'admin@store-a.test', {
      AssertionID: assertionId,
    });
    const first = await postToAcs(ctx, response, request.relayState);
    expect((await testOutcome(ctx, first))?.outcome).toBe('matched');
    const replay = await postToAcs(ctx, response, request.relayState);
    expect(await testOutcome(ctx, replay)).toEqual({
      outcome: 'refused',
      reason: 'not started here',
    });

    const again = await startTestLogin(ctx);
    const inNewTest = await ctx.idp.loginResponse(ctx.sp, again.id, 'admin@store-a.test', {
      AssertionID: assertionId,
    });
    expect(await testOutcome(ctx, await postToAcs(ctx, inNewTest))).toEqual({
      outcome: 'refused',
      reason: 'already used',
    });
    const real = await startLogin(ctx);
    const inRealSignIn = await ctx.idp.loginResponse(ctx.sp, real.id, 'admin@store-a.test', {
      AssertionID: assertionId,
    });
    expect(failureReason(await postToAcs(ctx, inRealSignIn, real.relayState))).toBe('already used');
    const [seen] = await ctx.db.select({ n: count() }).from(samlSeenAssertions);
    expect(Number(seen?.n)).toBeGreaterThan(0);
  });

  it('sends a test on a website without SAML to the test page, not the login page', async () => {
    const res = await ctx.app.inject({
      url: SAML_PATHS.login,
      query: { mode: 'test' },
      headers: { host: FIXTURE_HOSTS.b },
    });
    expect(await testOutcome(ctx, res, FIXTURE_HOSTS.b)).toEqual({
      outcome: 'refused',
      reason: 'not configured',
    });
  });

  it('refuses a mode it does not know, naming the field', async () => {
    const res = await ctx.app.inject({
      url: SAML_PATHS.login,
      query: { mode: 'dry-run' },
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'mode' });
  });

  it('leaves a real sign-in as it was, and never lets one land on the test page', async () => {
    const acs = await signIn(ctx, 'admin@store-a.test', '/research?page=2');
    const ticket = ticketOf(String(acs.headers.location));
    expect(ticket.path).toBe('/research');
    expect(String(acs.headers['set-cookie'])).toMatch(/csp_saml_session=.+HttpOnly/);
    expect((await exchange(ctx, ticket)).statusCode).toBe(200);

    for (const next of [SSO_TEST_PATH, '/SSO-Test/?outcome=matched&user=x']) {
      const asked = await signIn(ctx, 'admin@store-a.test', next);
      expect(ticketOf(String(asked.headers.location)).path).toBe('/dashboard');
    }
  });

  it('shows nothing for an address someone wrote: the outcome in the query is not read', async () => {
    // What the page used to show: a made-up address naming anyone as an account of the store.
    // Its query is no result, and nothing the page could send for it gets one.
    const forged = await ctx.app.inject({
      url: getSsoTestResult.path,
      query: { outcome: 'matched', user: 'mallory@evil.example' },
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ field: 'result' });
    const unsigned = (claims: object) =>
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const result = { outcome: 'matched', userName: 'mallory@evil.example' };
    const attacker = new TextEncoder().encode('a secret the attacker chose');
    const signedByAttacker = await new SignJWT({ web: ctx.fixture.websites.a, result })
      .setProtectedHeader({ alg: 'HS256', typ: 'csp-sso-test-result+jwt' })
      .setAudience('csp:sso-test-result')
      .setIssuer('campus-store-portal')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(attacker);
    for (const token of [
      'aaaa.bbbb.cccc',
      signedByAttacker,
      // The app's own session token is no test result.
      (await signInSession(ctx, 'admin@store-a.test')).session.token,
    ]) {
      const res = await redeemTestResult(ctx, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SSO_TEST_RESULT_GONE, field: 'result' });
    }
    for (const token of [
      '',
      ' ',
      'mallory@evil.example',
      unsigned({ result }),
      `${'a'.repeat(9000)}.b.c`,
    ]) {
      const res = await redeemTestResult(ctx, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'result' });
    }
  });

  it("refuses a result on another website's host", async () => {
    const token = testResultToken(await testSignIn(ctx, 'admin@store-a.test'));
    expect(token).not.toBeNull();
    const res = await redeemTestResult(ctx, token ?? '', FIXTURE_HOSTS.b);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SSO_TEST_RESULT_GONE, field: 'result' });
  });

  // Last: it moves the app's clock on.
  it('answers a result for 10 minutes, then refuses it as expired', async () => {
    const acs = await testSignIn(ctx, 'admin@store-a.test');
    const token = testResultToken(acs) ?? '';
    ctx.advanceClock(9 * 60_000);
    expect((await redeemTestResult(ctx, token)).statusCode).toBe(200);
    expect((await redeemTestResult(ctx, token)).statusCode).toBe(200);
    ctx.advanceClock(61_000);
    const late = await redeemTestResult(ctx, token);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ message: SSO_TEST_RESULT_GONE, field: 'result' });
  });
});
