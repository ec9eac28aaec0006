import type { Profile } from '@node-saml/node-saml';
import type { AppDeps } from '../../app-deps.ts';
import { findAccountByUserName } from '../account/index.ts';
import type { Website } from '../../lib/request-context.ts';
import { SsoFailure, reasonOf } from './failure.ts';
import { recordAssertion } from './repository.ts';
import type { DbRequestCache } from './request-cache.ts';
import {
  CLOCK_SKEW_MS,
  serviceProvider,
  type IdpSettings,
  type SpUrls,
} from './service-provider.ts';
import { getSpKeys } from './sp-keys.ts';

/** Attributes that may carry the user's e-mail address (the NameID is tried first). */
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];

/** What the SAML library parsed from the signed assertion (xml2js shape). */
interface ParsedAssertion {
  Assertion?: {
    $?: { ID?: string };
    Conditions?: { $?: { NotOnOrAfter?: string } }[];
    Subject?: {
      SubjectConfirmation?: {
        SubjectConfirmationData?: { $?: { NotOnOrAfter?: string; Recipient?: string } }[];
      }[];
    }[];
  };
}

function parsedAssertion(profile: Profile): ParsedAssertion {
  return (profile.getAssertion?.() ?? {}) as ParsedAssertion;
}

/**
 * The last instant the assertion could still be accepted, plus the clock skew: its id must be
 * remembered until then. An assertion with no NotOnOrAfter at all is refused, because a replay
 * of it could never be ruled out.
 */
function replayWindowEnd(assertion: ParsedAssertion): Date {
  const times = [
    ...(assertion.Assertion?.Conditions ?? []).map((c) => c.$?.NotOnOrAfter),
    ...(assertion.Assertion?.Subject ?? []).flatMap((s) =>
      (s.SubjectConfirmation ?? []).flatMap((c) =>
        (c.SubjectConfirmationData ?? []).map((d) => d.$?.NotOnOrAfter),
      ),
    ),
  ]
    .map((t) => (t ? Date.parse(t) : Number.NaN))
    .filter((t) => Number.isFinite(t));
  if (times.length === 0) {
    throw new SsoFailure('invalid response', 'the assertion has no NotOnOrAfter');
  }
  return new Date(Math.max(...times) + CLOCK_SKEW_MS);
}

/** SAML profiles §4.1.4.3: a bearer confirmation's Recipient must be this ACS. */
function checkRecipient(assertion: ParsedAssertion, acsUrl: string): void {
  const recipients = (assertion.Assertion?.Subject ?? []).flatMap((s) =>
    (s.SubjectConfirmation ?? []).flatMap((c) =>
      (c.SubjectConfirmationData ?? []).map((d) => d.$?.Recipient),
    ),
  );
  const wrong = recipients.find((r) => r !== undefined && r !== acsUrl);
  if (wrong !== undefined) {
    throw new SsoFailure(
      'invalid response',
      `the assertion is for recipient ${wrong}, not ${acsUrl}`,
    );
  }
}

function stringValue(value: unknown): string | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() ? first.trim() : null;
}

/** User names to look for: the NameID, then e-mail attributes, each once. */
function candidateUserNames(profile: Profile): string[] {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const values = [
    stringValue(profile.nameID),
    stringValue(profile.email),
    stringValue(profile.mail),
    ...EMAIL_ATTRIBUTES.map((name) => stringValue(attributes[name])),
  ].filter((v): v is string => v !== null);
  return [...new Set(values.map((v) => v.toLowerCase()))];
}

async function findAccount(deps: AppDeps, locationId: number, userNames: readonly string[]) {
  for (const userName of userNames) {
    const account = await findAccountByUserName(deps.db, locationId, userName);
    if (account?.active) return account;
  }
  return null;
}

export interface ValidatedResponse {
  profile: Profile;
  /** The names the provider sent, lower-cased, in the order they are looked up. */
  userNames: string[];
  /** The first of them that is an active account of the website's store, if any. */
  account: Awaited<ReturnType<typeof findAccount>>;
}

/**
 * Validates a SAML response posted to the ACS (signature, issuer, audience, recipient, time
 * window, InResponseTo through `cache`, replay: the assertion id is recorded) and looks up the
 * active account of the website's store it names. A test sign-in and a real one both go through
 * here unchanged. Every refusal is an {@link SsoFailure}.
 */
export async function validateResponse(
  deps: AppDeps,
  website: Website,
  idp: IdpSettings,
  urls: SpUrls,
  samlResponse: string,
  cache: DbRequestCache,
): Promise<ValidatedResponse> {
  const saml = await serviceProvider(idp, urls, await getSpKeys(deps.db), cache);
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SsoFailure(reasonOf(error), `the SAML response was refused: ${detail}`, {
      cause: error,
    });
  }
  if (!profile) throw new SsoFailure('invalid response', 'the response holds no login');
  if (profile.issuer !== idp.entityId) {
    throw new SsoFailure(
      'invalid response',
      `the assertion issuer ${profile.issuer} is not the website's IdP ${idp.entityId}`,
    );
  }
  const assertion = parsedAssertion(profile);
  const assertionId = assertion.Assertion?.$?.ID;
  if (!assertionId) throw new SsoFailure('invalid response', 'the assertion has no ID');
  checkRecipient(assertion, urls.acsUrl);
  const fresh = await recordAssertion(deps.db, {
    websiteId: website.id,
    assertionId,
    expiresAt: replayWindowEnd(assertion),
  });
  if (!fresh) throw new SsoFailure('already used', `assertion ${assertionId} was already used`);

  const userNames = candidateUserNames(profile);
  return { profile, userNames, account: await findAccount(deps, website.locationId, userNames) };
}
