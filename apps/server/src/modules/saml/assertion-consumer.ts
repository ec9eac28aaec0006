import type { SsoTestResult } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import type { Website } from '../../lib/request-context.ts';
import { validateResponse, type ValidatedResponse } from './assertion-validation.ts';
import { SsoFailure, asSsoFailure } from './failure.ts';
import { DEFAULT_NEXT, isStudentPage, isTestPage, signInNext, withQuery } from './next-path.ts';
import { DbRequestCache } from './request-cache.ts';
import { startSamlSession } from './saml-session.ts';
import { REQUEST_TTL_MS, idpSettingsOf, type SpUrls } from './service-provider.ts';
import { testResultLocation } from './test-result-token.ts';
import { issueTicket } from './tickets.ts';
import { studentSignIn } from './student-sign-in.ts';

/** The provider's names shown on the test page: a few, of a sane length (they go in a token in a URL). */
const MAX_SHOWN_NAMES = 5;
const MAX_NAME_LENGTH = 200;

export type AcsResult =
  | {
      kind: 'signed-in';
      /** Where the browser goes: the next path with ticket and userAccountId. */
      location: string;
      /** The provider-session cookie value, for single logout. */
      samlSessionCookie: string;
    }
  | {
      /** A test sign-in (ADR 0041): nobody is signed in, no ticket and no cookie. */
      kind: 'test';
      /** The web app's test page with a signed token of the result (never the result itself). */
      location: string;
      result: SsoTestResult;
    }
  | {
      /** A student's sign-in (ADR 0048): no staff ticket, no cookie; the student page's code. */
      kind: 'student';
      /** The student page with a one-time sign-in code. */
      location: string;
    };

/** What a test sign-in found: the account the answer matched, or the names that matched none. */
function testResult(response: ValidatedResponse): SsoTestResult {
  if (response.account) return { outcome: 'matched', userName: response.account.userName };
  return {
    outcome: 'unknown-user',
    providerNames: response.userNames
      .slice(0, MAX_SHOWN_NAMES)
      .map((name) => name.slice(0, MAX_NAME_LENGTH)),
  };
}

/**
 * Consumes a SAML response posted to the ACS: validates it and finds the account
 * (assertion-validation.ts). For a real sign-in it hands out a one-time ticket and starts the
 * provider session single logout needs. For a test sign-in, known only from the request record
 * the response answered (never from RelayState), it does neither and reports what it found; a
 * student's sign-in, known the same way, finds a student of the store instead of an account.
 * Every refusal is an {@link SsoFailure}, marked when the request was a test.
 */
export async function consumeAssertion(
  deps: AppDeps,
  website: Website | null,
  urls: SpUrls,
  body: { SAMLResponse?: unknown; RelayState?: unknown },
): Promise<AcsResult> {
  const idp = idpSettingsOf(website);
  if (!website || !idp) {
    throw new SsoFailure('not configured', 'the website has no complete SAML settings');
  }
  if (typeof body.SAMLResponse !== 'string' || !body.SAMLResponse) {
    throw new SsoFailure('invalid response', 'no SAMLResponse in the posted form');
  }
  const cache = new DbRequestCache(deps.db, website.id, REQUEST_TTL_MS, deps.now);
  let response: ValidatedResponse;
  try {
    response = await validateResponse(deps, website, idp, urls, body.SAMLResponse, cache);
  } catch (error) {
    // The request record is read (and spent) before most checks, so a refusal still knows.
    throw asSsoFailure(error, isTestPage(cache.consumedNext));
  }

  if (isTestPage(cache.consumedNext)) {
    const result = testResult(response);
    return { kind: 'test', location: await testResultLocation(deps, website, result), result };
  }
  if (isStudentPage(cache.consumedNext)) {
    return { kind: 'student', location: await studentSignIn(deps, website, response.userNames) };
  }
  const { account } = response;
  if (!account) {
    throw new SsoFailure(
      'unknown user',
      `no active account in store ${website.locationId} for ${response.userNames.join(', ') || 'an empty NameID'}`,
    );
  }
  const ticket = await issueTicket(deps, account.id, website.locationId);
  const samlSessionCookie = await startSamlSession(deps, website.id, account.id, response.profile);
  const next = signInNext(cache.consumedNext) ?? signInNext(body.RelayState) ?? DEFAULT_NEXT;
  return {
    kind: 'signed-in',
    location: withQuery(next, { ticket, userAccountId: String(account.id) }),
    samlSessionCookie,
  };
}
