import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, getCurrentSession, getUserActions, SAML_PATHS } from '@csp/contracts';
import { authHeaders, FIXTURE_HOSTS, testEngines } from '../../test-support/test-app.ts';
import {
  createSamlTestApp,
  exchange,
  failureReason,
  HOST,
  postToAcs,
  signIn,
  signInSession,
  startLogin,
  ticketOf,
  type SamlTestContext,
} from '../../test-support/saml-test-app.ts';

const engines = await testEngines();

describe.each(engines)('SAML single sign-on (%s)', (engine) => {
  let ctx: SamlTestContext;
  beforeAll(async () => {
    ctx = await createSamlTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  it('sends a signed AuthnRequest to the IdP with next in RelayState', async () => {
    const request = await startLogin(ctx, '/search?q=pat');
    const url = new URL(request.location);
    expect(`${url.origin}${url.pathname}`).toBe(ctx.idp.ssoUrl);
    expect(url.searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    expect(url.searchParams.get('Signature')).toBeTruthy();
    expect(request.relayState).toBe('/search?q=pat');
    expect(request.acsUrl).toBe(`http://${HOST}${SAML_PATHS.acs}`);
  });

  it('logs in end to end: response -> ACS -> ticket -> session that works', async () => {
    const { admin } = ctx.fixture.accounts;
    const request = await startLogin(ctx, '/research?page=2');
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'ADMIN@store-a.test');
    const acs = await postToAcs(ctx, response, request.relayState);
    expect(acs.statusCode).toBe(302);
    const { ticket, userAccountId, path } = ticketOf(String(acs.headers.location));
    expect(path).toBe('/research');
    expect(String(acs.headers.location)).toContain('page=2');
    expect(userAccountId).toBe(String(admin.id));
    expect(String(acs.headers['set-cookie'])).toMatch(/csp_saml_session=.+HttpOnly; SameSite=Lax/);

    const res = await exchange(ctx, { ticket, userAccountId });
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      userName: admin.userName,
      name: 'admin',
      userAccountID: admin.id,
    });
    expect(session.userAuthActions).toContain('ASSIGN_PERMISSIONS');
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const actions = await ctx.app.inject({
      url: fillPath(getUserActions.path, { userAccountId: admin.id }),
      query: { user_name: admin.userName },
      headers: authHeaders(HOST, session.token),
    });
    expect(actions.statusCode).toBe(200);

    const restored = await ctx.app.inject({
      url: getCurrentSession.path,
      headers: authHeaders(HOST, session.token),
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual(session);
  });

  it('returns to /dashboard when next is missing or not a same-origin path', async () => {
    for (const next of ['https://evil.example/', '//evil.example', '/login?next=/x']) {
      const acs = await signIn(ctx, 'admin@store-a.test', next);
      expect(ticketOf(String(acs.headers.location)).path).toBe('/dashboard');
    }
  });

  it('refuses an unsigned response', async () => {
    const request = await startLogin(ctx);
    const res = await postToAcs(
      ctx,
      ctx.idp.unsignedLoginResponse(ctx.sp, request.id, 'admin@store-a.test'),
    );
    expect(failureReason(res)).toBe('invalid response');
  });

  it('refuses a response whose signed XML was changed after signing', async () => {
    const request = await startLogin(ctx);
    const signed = await ctx.idp.loginResponse(ctx.sp, request.id, 'instructor@store-a.test');
    const tampered = Buffer.from(signed, 'base64')
      .toString('utf8')
      .replaceAll('instructor@store-a.test', 'admin@store-a.test');
    const res = await postToAcs(ctx, Buffer.from(tampered).toString('base64'));
    expect(failureReason(res)).toBe('invalid response');
  });

  it('refuses a response signed by another key', async () => {
    const { TestIdp } = await import('../../test-support/saml-test-idp.ts');
    const impostor = new TestIdp(ctx.idp.entityId, ctx.idp.ssoUrl, ctx.idp.sloUrl);
    const request = await startLogin(ctx);
    const res = await postToAcs(
      ctx,
      await impostor.loginResponse(ctx.sp, request.id, 'admin@store-a.test'),
    );
    expect(failureReason(res)).toBe('invalid response');
  });

  it('refuses an assertion for another audience', async () => {
    const request = await startLogin(ctx);
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'admin@store-a.test', {
      Audience: 'https://other-sp.example/metadata',
    });
    expect(failureReason(await postToAcs(ctx, response))).toBe('invalid response');
  });

  it('refuses an assertion from another issuer', async () => {
    const request = await startLogin(ctx);
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'admin@store-a.test', {
      AssertionIssuer: 'https://other-idp.example/metadata',
    });
    expect(failureReason(await postToAcs(ctx, response))).toBe('invalid response');
  });

  it('refuses an assertion for another recipient', async () => {
    const request = await startLogin(ctx);
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'admin@store-a.test', {
      SubjectRecipient: 'https://other-sp.example/acs',
    });
    expect(failureReason(await postToAcs(ctx, response))).toBe('invalid response');
  });

  it('refuses an expired assertion', async () => {
    const request = await startLogin(ctx);
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'admin@store-a.test', {
      IssueInstant: past(10),
      AssertionIssueInstant: past(10),
      ConditionsNotBefore: past(10),
      ConditionsNotOnOrAfter: past(5),
      SubjectConfirmationDataNotOnOrAfter: past(5),
    });
    expect(failureReason(await postToAcs(ctx, response))).toBe('expired');
  });

  it('refuses a replayed response', async () => {
    const request = await startLogin(ctx);
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'admin@store-a.test');
    expect((await postToAcs(ctx, response)).statusCode).toBe(302);
    const replay = await postToAcs(ctx, response);
    // The request it answered is spent, so the replay is refused before its assertion is read.
    expect(failureReason(replay)).toBe('not started here');
  });

  it('refuses a replayed assertion even inside a response to a new request', async () => {
    const first = await startLogin(ctx);
    const assertionId = `_replayed-${Date.now()}`;
    const response = await ctx.idp.loginResponse(ctx.sp, first.id, 'admin@store-a.test', {
      AssertionID: assertionId,
    });
    expect(ticketOf(String((await postToAcs(ctx, response)).headers.location))).toBeTruthy();
    const second = await startLogin(ctx);
    const again = await ctx.idp.loginResponse(ctx.sp, second.id, 'admin@store-a.test', {
      AssertionID: assertionId,
    });
    expect(failureReason(await postToAcs(ctx, again))).toBe('already used');
  });

  it('refuses a wrapped response (signed assertion hidden, forged one first)', async () => {
    const request = await startLogin(ctx);
    const signed = Buffer.from(
      await ctx.idp.loginResponse(ctx.sp, request.id, 'instructor@store-a.test'),
      'base64',
    ).toString('utf8');
    const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)?.[0];
    if (!assertion) throw new Error('no assertion in the signed response');
    const forged = assertion
      .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
      .replace(/ID="[^"]+"/, 'ID="_forged"')
      .replaceAll('instructor@store-a.test', 'admin@store-a.test');
    const wrapped = signed
      .replace(assertion, `${forged}`)
      .replace(
        '<samlp:Status>',
        `<samlp:Extensions><ds:Object xmlns:ds="http://www.w3.org/2000/09/xmldsig#">${assertion}</ds:Object></samlp:Extensions><samlp:Status>`,
      );
    const res = await postToAcs(ctx, Buffer.from(wrapped).toString('base64'));
    expect(failureReason(res)).toBe('invalid response');
  });

  it('refuses a response to a request this SP never made', async () => {
    const response = await ctx.idp.loginResponse(ctx.sp, '_never-issued', 'admin@store-a.test');
    expect(failureReason(await postToAcs(ctx, response))).toBe('not started here');
  });

  it('refuses unknown, inactive and other-store users', async () => {
    for (const email of ['nobody@store-a.test', 'inactive@store-a.test', 'admin@store-b.test']) {
      expect(failureReason(await signIn(ctx, email))).toBe('unknown user');
    }
  });

  it('maps a non-email NameID through the email attribute', async () => {
    const request = await startLogin(ctx);
    const response = await ctx.idp.loginResponse(ctx.sp, request.id, 'admin@store-a.test', {
      NameID: '_transient-7f3a',
      NameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
    });
    const acs = await postToAcs(ctx, response);
    expect(ticketOf(String(acs.headers.location)).userAccountId).toBe(
      String(ctx.fixture.accounts.admin.id),
    );
  });

  it('logs the real cause of every refusal as a warning', async () => {
    const response = await ctx.idp.loginResponse(ctx.sp, '_never-issued-2', 'admin@store-a.test');
    await postToAcs(ctx, response);
    const entry = ctx.logs.findLast((log) => log['msg'] === 'SAML sign-in refused');
    expect(entry).toMatchObject({ level: 40, reason: 'not started here' });
    expect(JSON.stringify(entry)).toMatch(/InResponseTo/);
  });

  it('sends a website without SAML to the login page with a reason', async () => {
    const res = await ctx.app.inject({
      url: SAML_PATHS.login,
      headers: { host: FIXTURE_HOSTS.b },
    });
    expect(failureReason(res)).toBe('not configured');
  });
});

describe.each(engines)('SAML tickets (%s)', (engine) => {
  let ctx: SamlTestContext;
  beforeAll(async () => {
    ctx = await createSamlTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  const freshTicket = async () =>
    ticketOf(String((await signIn(ctx, 'admin@store-a.test')).headers.location));

  it('works once only', async () => {
    const ticket = await freshTicket();
    expect((await exchange(ctx, ticket)).statusCode).toBe(200);
    expect((await exchange(ctx, ticket)).statusCode).toBe(401);
  });

  it('expires after 60 seconds', async () => {
    const ticket = await freshTicket();
    ctx.advanceClock(61_000);
    expect((await exchange(ctx, ticket)).statusCode).toBe(401);
  });

  it('is refused (and spent) for another account id', async () => {
    const ticket = await freshTicket();
    const other = ctx.fixture.accounts.instructor.id;
    expect((await exchange(ctx, { ...ticket, userAccountId: other })).statusCode).toBe(401);
    expect((await exchange(ctx, ticket)).statusCode).toBe(401);
  });

  it("is refused on another store's website", async () => {
    const ticket = await freshTicket();
    expect((await exchange(ctx, ticket, FIXTURE_HOSTS.b)).statusCode).toBe(401);
  });

  it('refuses a made-up ticket with a plain message', async () => {
    const res = await exchange(ctx, { ticket: 'made-up', userAccountId: 1 });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/sign in again/i);
  });

  it('the current-session call needs a valid token', async () => {
    const res = await ctx.app.inject({ url: getCurrentSession.path, headers: { host: HOST } });
    expect(res.statusCode).toBe(401);
    const { session } = await signInSession(ctx, 'admin@store-a.test');
    const other = await ctx.app.inject({
      url: getCurrentSession.path,
      headers: authHeaders(FIXTURE_HOSTS.b, session.token),
    });
    expect(other.statusCode).toBe(401);
  });
});
