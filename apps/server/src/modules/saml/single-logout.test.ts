import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, getUserActions, SAML_PATHS } from '@csp/contracts';
import { AUTH_MESSAGES } from '../../lib/request-context.ts';
import { authHeaders, FIXTURE_HOSTS, testEngines } from '../../test-support/test-app.ts';
import {
  createSamlTestApp,
  HOST,
  signIn,
  signInSession,
  type SamlTestContext,
} from '../../test-support/saml-test-app.ts';

const engines = await testEngines();

describe.each(engines)('SAML single logout (%s)', (engine) => {
  let ctx: SamlTestContext;
  beforeAll(async () => {
    ctx = await createSamlTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  const cookieOf = (setCookie: unknown) => String(setCookie).split(';')[0] ?? '';
  const logout = (cookie?: string, host: string = HOST) =>
    ctx.app.inject({
      url: SAML_PATHS.logout,
      headers: { host, ...(cookie ? { cookie } : {}) },
    });
  const postToSlo = (field: 'SAMLResponse' | 'SAMLRequest', message: string) =>
    ctx.app.inject({
      method: 'POST',
      url: SAML_PATHS.singleLogout,
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ [field]: message }).toString(),
    });
  const refusals = () =>
    ctx.logs.filter((log) => log['msg'] === 'SAML single logout message refused').length;

  it('sends a signed LogoutRequest for the session, then lands on the login page', async () => {
    const cookie = cookieOf((await signIn(ctx, 'admin@store-a.test')).headers['set-cookie']);
    const res = await logout(cookie);
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${ctx.idp.sloUrl}?SAMLRequest=`)).toBe(true);
    expect(String(res.headers['set-cookie'])).toMatch(/csp_saml_session=; .*Max-Age=0/);

    const request = await ctx.idp.readLogoutRequest(ctx.sp, location);
    expect(request.extract['nameID']).toBe('admin@store-a.test');
    const before = refusals();
    const back = await postToSlo('SAMLResponse', ctx.idp.logoutResponse(ctx.sp, request));
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/login');
    expect(refusals()).toBe(before);
  });

  it('uses a provider session once, and without one goes to the login page', async () => {
    const cookie = cookieOf((await signIn(ctx, 'admin@store-a.test')).headers['set-cookie']);
    expect(String((await logout(cookie)).headers.location)).toContain('SAMLRequest=');
    expect((await logout(cookie)).headers.location).toBe('/login');
    expect((await logout()).headers.location).toBe('/login');
  });

  it('goes to the login page on a website without single sign-on', async () => {
    expect((await logout(undefined, FIXTURE_HOSTS.b)).headers.location).toBe('/login');
  });

  it('refuses a LogoutResponse nobody asked for', async () => {
    const cookie = cookieOf((await signIn(ctx, 'admin@store-a.test')).headers['set-cookie']);
    const request = await ctx.idp.readLogoutRequest(
      ctx.sp,
      String((await logout(cookie)).headers.location),
    );
    const response = ctx.idp.logoutResponse(ctx.sp, request);
    await postToSlo('SAMLResponse', response);
    const before = refusals();
    const again = await postToSlo('SAMLResponse', response);
    expect(again.headers.location).toBe('/login');
    expect(refusals()).toBe(before + 1);
  });

  it('answers a signed IdP-initiated LogoutRequest with a LogoutResponse', async () => {
    await signIn(ctx, 'admin@store-a.test');
    const res = await postToSlo('SAMLRequest', ctx.idp.logoutRequest(ctx.sp, 'admin@store-a.test'));
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location).startsWith(`${ctx.idp.sloUrl}?SAMLResponse=`)).toBe(true);
  });

  it('ends every portal session of the account when the IdP logs the person out', async () => {
    const { session } = await signInSession(ctx, 'instructor@store-a.test');
    const second = await signInSession(ctx, 'instructor@store-a.test');
    const call = (token: string) =>
      ctx.app.inject({
        url: `${fillPath(getUserActions.path, { userAccountId: session.userAccountID })}?user_name=${session.userName}`,
        headers: authHeaders(HOST, token),
      });
    expect((await call(session.token)).statusCode).toBe(200);
    const res = await postToSlo(
      'SAMLRequest',
      ctx.idp.logoutRequest(ctx.sp, 'instructor@store-a.test'),
    );
    expect(res.statusCode).toBe(302);
    for (const token of [session.token, second.session.token]) {
      const after = await call(token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: AUTH_MESSAGES.ended });
    }
  });
});
