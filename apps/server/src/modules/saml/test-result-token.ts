import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import {
  SSO_TEST_PATH,
  ssoTestResult,
  ssoTestResultPath,
  type SsoTestResult,
} from '@csp/contracts';
import type { Website } from '../../lib/request-context.ts';

/*
 * The result of a single-sign-on test travels to the test page as a signed, short-lived token
 * the page redeems (ADR 0041), never as the outcome itself: an address anyone can write must
 * not make the store's own website say that a stranger's account signs in.
 */

/** How long a test's result can be read: long enough to look, short enough not to be passed on. */
export const TEST_RESULT_TTL_SECONDS = 10 * 60;

/** The key's purpose, mixed into the app's signing secret so this key signs nothing else. */
const KEY_PURPOSE = 'sso-test-result';
/** Set and required, so no other token of the app (a session's has neither) passes as one. */
const AUDIENCE = 'csp:sso-test-result';
const TOKEN_TYPE = 'csp-sso-test-result+jwt';
const ISSUER = 'campus-store-portal';

/**
 * HMAC-SHA256(secret, purpose): a key of its own, derived from the app's signing secret, so a
 * session token (signed with the secret itself) can never verify as a test result or the reverse.
 */
function resultKey(secret: Uint8Array): Uint8Array {
  return createHmac('sha256', secret).update(KEY_PURPOSE).digest();
}

/** Signs a test's result for the website it ran on (HS256, 10 minutes from `now`). */
export async function signTestResult(
  secret: Uint8Array,
  websiteId: number,
  result: SsoTestResult,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ web: websiteId, result })
    .setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TEST_RESULT_TTL_SECONDS)
    .sign(resultKey(secret));
}

export type TestResultCheck =
  | { ok: true; result: SsoTestResult }
  | { ok: false; reason: 'expired' | 'other-website' | 'invalid' };

/**
 * The result a token carries when it is one of ours, unexpired at `now` (the app's clock, which
 * signed it) and made for `websiteId`; never throws.
 */
export async function verifyTestResult(
  secret: Uint8Array,
  token: string,
  websiteId: number,
  now: Date,
): Promise<TestResultCheck> {
  try {
    const { payload } = await jwtVerify(token, resultKey(secret), {
      currentDate: now,
      algorithms: ['HS256'],
      typ: TOKEN_TYPE,
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'iat'],
    });
    const result = ssoTestResult.safeParse(payload['result']);
    if (!result.success) return { ok: false, reason: 'invalid' };
    if (payload['web'] !== websiteId) return { ok: false, reason: 'other-website' };
    return { ok: true, result: result.data };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/**
 * Where a test's tab goes: the test page with its result's token. Without a website there is
 * nothing to sign it for (nor a page to show it), so the page alone, which says it has no result.
 */
export async function testResultLocation(
  deps: { config: { jwtSecret: Uint8Array }; now: () => Date },
  website: Pick<Website, 'id'> | null,
  result: SsoTestResult,
): Promise<string> {
  if (!website) return SSO_TEST_PATH;
  return ssoTestResultPath(
    await signTestResult(deps.config.jwtSecret, website.id, result, deps.now()),
  );
}
