import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { ServiceProviderInstance } from 'samlify';
import {
  SAML_PATHS,
  SSO_TEST_MODE,
  SSO_TEST_PATH,
  SSO_TEST_RESULT_QUERY,
  exchangeSamlTicket,
  getSsoTestResult,
  type SsoSession,
  type SsoTestResult,
} from '@csp/contracts';
import { websites } from '../db/schema/index.ts';
import { createTestApp, FIXTURE_HOSTS, type Engine, type TestContext } from './test-app.ts';
import { TestIdp } from './saml-test-idp.ts';

/** A test app whose store A website uses the samlify test IdP, with captured warn logs. */
export interface SamlTestContext extends TestContext {
  idp: TestIdp;
  sp: ServiceProviderInstance;
  logs: Record<string, unknown>[];
  /** Moves the app's clock (tokens, tickets) forward; SAML time checks use the real clock. */
  advanceClock(ms: number): void;
}

export const HOST = FIXTURE_HOSTS.a;

export async function createSamlTestApp(engine: Engine): Promise<SamlTestContext> {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  let offset = 0;
  const ctx = await createTestApp(engine, {
    logger: pino({ level: 'warn' }, sink),
    now: () => new Date(Date.now() + offset),
  });
  const idp = new TestIdp();
  // Before the first request, so the website cache never holds the old settings.
  await ctx.db
    .update(websites)
    .set({
      ssoType: 'SAML',
      sloEnabled: true,
      samlIdpEntityId: idp.entityId,
      samlIdpSsoUrl: idp.ssoUrl,
      samlIdpSloUrl: idp.sloUrl,
      samlIdpCertificate: idp.keys.certificate,
    })
    .where(eq(websites.id, ctx.fixture.websites.a));
  const metadata = await ctx.app.inject({ url: SAML_PATHS.metadata, headers: { host: HOST } });
  return {
    ...ctx,
    idp,
    sp: idp.serviceProvider(metadata.body),
    logs,
    advanceClock: (ms) => {
      offset += ms;
    },
  };
}

/** Starts a login at the SP; returns the AuthnRequest as the IdP reads it. */
export async function startLogin(
  ctx: SamlTestContext,
  next = '/research',
  extraQuery: Record<string, string> = {},
) {
  const res = await ctx.app.inject({
    url: SAML_PATHS.login,
    query: { next, ...extraQuery },
    headers: { host: HOST },
  });
  if (res.statusCode !== 302) throw new Error(`login start answered ${res.statusCode}`);
  const location = String(res.headers.location);
  return { location, ...(await ctx.idp.readAuthnRequest(ctx.sp, location)) };
}

/** Posts a response to the ACS the way the IdP's auto-submitting form would. */
export function postToAcs(ctx: SamlTestContext, samlResponse: string, relayState?: string | null) {
  const form = new URLSearchParams({ SAMLResponse: samlResponse });
  if (relayState) form.set('RelayState', relayState);
  return ctx.app.inject({
    method: 'POST',
    url: SAML_PATHS.acs,
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

/** The ticket and account id of a successful ACS redirect. */
export function ticketOf(location: string): {
  ticket: string;
  userAccountId: string;
  path: string;
} {
  const url = new URL(location, `http://${HOST}`);
  const ticket = url.searchParams.get('ticket');
  const userAccountId = url.searchParams.get('userAccountId');
  if (!ticket || !userAccountId) throw new Error(`no ticket in ${location}`);
  return { ticket, userAccountId, path: url.pathname };
}

export function exchange(
  ctx: SamlTestContext,
  body: { ticket: string; userAccountId: string | number },
  host: string = HOST,
) {
  return ctx.app.inject({
    method: 'POST',
    url: exchangeSamlTicket.path,
    headers: { host },
    payload: body,
  });
}

/** A full sign-in for `email`: AuthnRequest, signed response, ACS; returns the ACS reply. */
export async function signIn(ctx: SamlTestContext, email: string, next = '/research') {
  const request = await startLogin(ctx, next);
  const response = await ctx.idp.loginResponse(ctx.sp, request.id, email);
  return postToAcs(ctx, response, request.relayState);
}

export async function signInSession(ctx: SamlTestContext, email: string) {
  const acs = await signIn(ctx, email);
  const res = await exchange(ctx, ticketOf(String(acs.headers.location)));
  if (res.statusCode !== 200) throw new Error(`exchange answered ${res.statusCode} ${res.body}`);
  return { acs, session: res.json<SsoSession>() };
}

/** The failure redirect's reason, or null when the reply is not one. */
export function failureReason(res: { statusCode: number; headers: Record<string, unknown> }) {
  if (res.statusCode !== 302) return null;
  const url = new URL(String(res.headers['location']), `http://${HOST}`);
  if (url.pathname !== '/login' || url.searchParams.get('loginError') !== 'SAMLloginerror') {
    return null;
  }
  return url.searchParams.get('reason');
}

/** Starts a test sign-in (ADR 0041): `mode=test`, with a `next` it must ignore. */
export function startTestLogin(ctx: SamlTestContext) {
  return startLogin(ctx, '/research', { mode: SSO_TEST_MODE });
}

/** A full test sign-in for `email`, posted with the RelayState the SP gave. */
export async function testSignIn(ctx: SamlTestContext, email: string) {
  const request = await startTestLogin(ctx);
  const response = await ctx.idp.loginResponse(ctx.sp, request.id, email);
  return postToAcs(ctx, response, request.relayState);
}

/**
 * The token of a redirect to the test page, or null when the reply is not one. The address
 * holds the token and nothing else: no outcome, no name (ADR 0041).
 */
export function testResultToken(res: {
  statusCode: number;
  headers: Record<string, unknown>;
}): string | null {
  if (res.statusCode !== 302) return null;
  const location = String(res.headers['location']);
  const url = new URL(location, `http://${HOST}`);
  if (url.pathname !== SSO_TEST_PATH) return null;
  const keys = [...url.searchParams.keys()];
  if (keys.length !== 1 || keys[0] !== SSO_TEST_RESULT_QUERY) {
    throw new Error(`the test page's address holds more than its token: ${location}`);
  }
  return url.searchParams.get(SSO_TEST_RESULT_QUERY);
}

/** Asks for the result of a test result token, as the test page does. */
export function redeemTestResult(ctx: SamlTestContext, token: string, host: string = HOST) {
  return ctx.app.inject({
    url: getSsoTestResult.path,
    query: { [SSO_TEST_RESULT_QUERY]: token },
    headers: { host },
  });
}

/**
 * Follows a test's redirect to the test page and redeems its token there: the result the page
 * shows, or null when the reply is no redirect to the test page.
 */
export async function testOutcome(
  ctx: SamlTestContext,
  res: { statusCode: number; headers: Record<string, unknown> },
  host: string = HOST,
): Promise<SsoTestResult | null> {
  const token = testResultToken(res);
  if (token === null) return null;
  const answer = await redeemTestResult(ctx, token, host);
  if (answer.statusCode !== 200) {
    throw new Error(`the test result answered ${answer.statusCode} ${answer.body}`);
  }
  return answer.json<SsoTestResult>();
}
