import { importJWK, jwtVerify, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LTI_CLAIMS,
  LTI_DEEP_LINK_DEFAULT_TITLE,
  LTI_LANDING_MESSAGES as M,
  LTI_PAGES,
  LTI_PATHS,
  answerLtiDeepLink,
  getLtiDeepLink,
} from '@csp/contracts';
import {
  LANDING_PLATFORM as P,
  insertLandingRegistration,
} from '../../../test-support/lti-landing-world.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { toolPublicJwk } from '../registrations/tool-keys.ts';
import type { LtiRegistration } from '../registrations/registration-repository.ts';
import { startDeepLink } from './deep-link.ts';

const engines = await testEngines();
const START = new Date('2026-09-01T15:00:00Z');

// Issue 33 point 5: deep linking. The platform asks, the instructor confirms, and the portal
// answers a signed LtiDeepLinkingResponse through an auto-posting page.
describe.each(engines)('deep linking (%s)', (engine) => {
  let ctx: TestContext;
  let now = START;
  let registration: LtiRegistration;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => now });
    registration = await insertLandingRegistration(ctx.db, ctx.fixture.locations.a);
  });
  afterAll(async () => ctx?.close());

  const start = async (data: string | null = 'opaque:data/=&"') => {
    now = START;
    const location = await startDeepLink(
      { db: ctx.db, now: () => now },
      {
        registration,
        deploymentId: P.deploymentId,
        returnUrl: P.returnUrl,
        data,
        sectionId: ctx.fixture.catalog.sectionId,
      },
    );
    expect(location.startsWith(`${LTI_PAGES.deepLink}?code=`)).toBe(true);
    return new URL(location, 'https://x').searchParams.get('code')!;
  };
  const describeLink = (code: string, host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({ url: getLtiDeepLink.path, query: { code }, headers: { host } });
  const answer = (code: string, title = 'Course materials', host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({
      method: 'POST',
      url: answerLtiDeepLink.path,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code, title }).toString(),
    });
  const formOf = (html: string) => ({
    action: /<form[^>]*action="([^"]+)"/.exec(html)?.[1],
    jwt: /name="JWT" value="([^"]+)"/.exec(html)?.[1] ?? '',
    scriptNonce: /<script nonce="([^"]+)"/.exec(html)?.[1],
  });

  it('describes the pending link: the platform, the course, the default title', async () => {
    const res = await describeLink(await start());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      platformName: 'Canvas',
      courseName: 'BIO 101 section 001: Intro Biology',
      defaultTitle: LTI_DEEP_LINK_DEFAULT_TITLE,
      answerPath: LTI_PATHS.deepLinkAnswer,
    });
  });

  it('answers a page posting a JWT the store key verifies, with the deep-linking claims', async () => {
    const code = await start();
    const res = await answer(code, 'Textbooks for BIO 101');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const form = formOf(res.body);
    expect(form.action).toBe(P.returnUrl);
    expect(res.body).toContain('<button type="submit">Continue</button>');
    const jwt = form.jwt.replaceAll('&amp;', '&');
    const publicJwk = await toolPublicJwk({ db: ctx.db }, ctx.fixture.locations.a);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', kid: publicJwk.kid });
    const { payload } = await jwtVerify(jwt, await importJWK(publicJwk, 'RS256'), {
      issuer: P.clientId,
      audience: P.issuer,
      currentDate: now,
    });
    expect(payload.exp! - payload.iat!).toBeGreaterThan(0);
    expect(payload.iat).toBe(Math.floor(START.getTime() / 1000));
    expect(typeof payload['nonce']).toBe('string');
    expect(payload[LTI_CLAIMS.deploymentId]).toBe(P.deploymentId);
    expect(payload[LTI_CLAIMS.messageType]).toBe('LtiDeepLinkingResponse');
    expect(payload[LTI_CLAIMS.version]).toBe('1.3.0');
    expect(payload[LTI_CLAIMS.deepLinkingData]).toBe('opaque:data/=&"');
    expect(payload[LTI_CLAIMS.contentItems]).toEqual([
      {
        type: 'ltiResourceLink',
        title: 'Textbooks for BIO 101',
        url: `https://${FIXTURE_HOSTS.a}${LTI_PATHS.launch}`,
      },
    ]);
  });

  it("sets the page's own policy: its script by nonce, the post to the platform, its framing", async () => {
    const res = await answer(await start(null));
    const csp = String(res.headers['content-security-policy']);
    const nonce = formOf(res.body).scriptNonce;
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).toContain(`form-action ${new URL(P.returnUrl).origin}`);
    expect(csp).toMatch(/frame-ancestors [^;]*https:\/\/lms\.example\.edu/);
    expect(csp).toContain(P.frameOrigin);
    expect(csp).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    // No data from the platform: the claim is left out rather than sent empty.
    const jwt = formOf(res.body).jwt;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
    expect(claims).not.toHaveProperty(LTI_CLAIMS.deepLinkingData);
  });

  it('is single use: a second post and a later look are 410 naming code', async () => {
    const code = await start();
    expect((await answer(code)).statusCode).toBe(200);
    const again = await answer(code);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ field: 'code', message: M.deepLinkUsed });
    expect((await describeLink(code)).statusCode).toBe(410);
  });

  it('expires after 30 minutes', async () => {
    const code = await start();
    now = new Date(START.getTime() + 31 * 60_000);
    const look = await describeLink(code);
    expect(look.statusCode).toBe(410);
    expect(look.json()).toMatchObject({ field: 'code', message: M.deepLinkExpired });
    expect((await answer(code)).statusCode).toBe(410);
  });

  it("answers 404 naming code on another store's host, or for a code never made", async () => {
    const code = await start();
    const elsewhere = await describeLink(code, FIXTURE_HOSTS.b);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ field: 'code' });
    expect((await answer(code, 'x', FIXTURE_HOSTS.b)).statusCode).toBe(404);
    expect((await answer('a'.repeat(43))).statusCode).toBe(404);
    // Still pending on its own store.
    expect((await describeLink(code)).statusCode).toBe(200);
  });

  it('refuses an empty title with 400 naming title, leaving the link pending', async () => {
    const code = await start();
    const res = await answer(code, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'title' });
    expect((await describeLink(code)).statusCode).toBe(200);
  });
});
