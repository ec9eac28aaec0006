import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { SsoTestResult } from '@csp/contracts';
import { verifySessionToken } from '../account/index.ts';
import {
  TEST_RESULT_TTL_SECONDS,
  signTestResult,
  testResultLocation,
  verifyTestResult,
} from './test-result-token.ts';

const SECRET = new TextEncoder().encode('the app signing secret, 32 bytes or more');
const WEBSITE = 7;
const SIGNED_AT = new Date('2026-12-05T10:00:00Z');
const MATCHED: SsoTestResult = { outcome: 'matched', userName: 'cma@demo-university.edu' };

const after = (seconds: number) => new Date(SIGNED_AT.getTime() + seconds * 1000);

/** The token with its payload replaced and its signature kept. */
function withPayload(token: string, payload: object): string {
  const [header, , signature] = token.split('.');
  return [header, Buffer.from(JSON.stringify(payload)).toString('base64url'), signature].join('.');
}

describe('the test result token (ADR 0041)', () => {
  it.each<SsoTestResult>([
    MATCHED,
    { outcome: 'unknown-user', providerNames: ['_transient-7f3a', 'pat@springfield.edu'] },
    { outcome: 'unknown-user', providerNames: [] },
    { outcome: 'refused', reason: 'not started here' },
  ])('carries the result back for its website: $outcome', async (result) => {
    const token = await signTestResult(SECRET, WEBSITE, result, SIGNED_AT);
    expect(await verifyTestResult(SECRET, token, WEBSITE, after(1))).toEqual({ ok: true, result });
  });

  it('is good for 10 minutes, then expired', async () => {
    const token = await signTestResult(SECRET, WEBSITE, MATCHED, SIGNED_AT);
    expect(TEST_RESULT_TTL_SECONDS).toBe(600);
    expect((await verifyTestResult(SECRET, token, WEBSITE, after(599))).ok).toBe(true);
    expect(await verifyTestResult(SECRET, token, WEBSITE, after(601))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('is refused on another website', async () => {
    const token = await signTestResult(SECRET, WEBSITE, MATCHED, SIGNED_AT);
    expect(await verifyTestResult(SECRET, token, WEBSITE + 1, after(1))).toEqual({
      ok: false,
      reason: 'other-website',
    });
  });

  it('is refused when changed, or signed with another secret', async () => {
    const token = await signTestResult(SECRET, WEBSITE, MATCHED, SIGNED_AT);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    const tampered = [
      withPayload(token, { ...payload, result: { outcome: 'matched', userName: 'mallory@x.io' } }),
      withPayload(token, { ...payload, web: WEBSITE + 1 }),
      withPayload(token, { ...payload, exp: payload.exp + 3600 }),
      `${token.slice(0, -2)}AA`,
    ];
    for (const changed of tampered) {
      expect(await verifyTestResult(SECRET, changed, WEBSITE, after(1))).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    const otherSecret = new TextEncoder().encode('another deployment, another secret');
    const foreign = await signTestResult(otherSecret, WEBSITE, MATCHED, SIGNED_AT);
    expect((await verifyTestResult(SECRET, foreign, WEBSITE, after(1))).ok).toBe(false);
  });

  it('signs with a key of its own: a session token is no result, and a result no session', async () => {
    // A session token as session-token.ts signs it: the app's secret itself, no audience.
    const session = await new SignJWT({ loc: 1, sid: 1, web: WEBSITE, result: MATCHED })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('1')
      .setIssuer('campus-store-portal')
      .setIssuedAt(SIGNED_AT)
      .setExpirationTime(after(600))
      .sign(SECRET);
    expect(await verifySessionToken(SECRET, session, after(1))).toMatchObject({ ok: true });
    expect(await verifyTestResult(SECRET, session, WEBSITE, after(1))).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const result = await signTestResult(SECRET, WEBSITE, MATCHED, SIGNED_AT);
    expect(await verifySessionToken(SECRET, result, after(1))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a result that is not one, even when signed with its key', async () => {
    const token = await signTestResult(
      SECRET,
      WEBSITE,
      { outcome: 'hacked' } as unknown as SsoTestResult,
      SIGNED_AT,
    );
    expect(await verifyTestResult(SECRET, token, WEBSITE, after(1))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyTestResult(SECRET, 'not a token', WEBSITE, after(1))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('puts only the token in the test page address', async () => {
    const deps = { config: { jwtSecret: SECRET }, now: () => SIGNED_AT };
    const location = await testResultLocation(deps, { id: WEBSITE }, MATCHED);
    const url = new URL(location, 'http://store.test');
    expect(url.pathname).toBe('/sso-test');
    expect([...url.searchParams.keys()]).toEqual(['result']);
    const token = url.searchParams.get('result') ?? '';
    expect(await verifyTestResult(SECRET, token, WEBSITE, after(1))).toEqual({
      ok: true,
      result: MATCHED,
    });
    expect(await testResultLocation(deps, null, MATCHED)).toBe('/sso-test');
  });
});
