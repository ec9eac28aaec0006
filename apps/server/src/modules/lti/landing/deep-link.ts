import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  LTI_CLAIMS,
  LTI_DEEP_LINK_DEFAULT_TITLE,
  LTI_DEEP_LINK_MINUTES,
  LTI_DEEP_LINKING_RESPONSE,
  LTI_LANDING_MESSAGES as M,
  LTI_PAGES,
  LTI_PATHS,
  LTI_VERSION,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import type { LtiRegistration } from '../registrations/registration-repository.ts';
import { TOOL_KEY_ALGORITHM, toolSigningKey } from '../registrations/tool-keys.ts';
import { originsOf } from './deep-link-page.ts';
import {
  findDeepLink,
  findSectionLabel,
  insertDeepLink,
  markDeepLinkUsed,
} from './landing-repository.ts';
import { hashOneTimeCode, newOneTimeCode } from '../one-time-code.ts';

/** How long the signed answer is good for: the browser posts it at once. */
const ANSWER_LIFETIME_SECONDS = 5 * 60;

export interface DeepLinkRequest {
  registration: LtiRegistration;
  deploymentId: string;
  /** The platform's deep_link_return_url. */
  returnUrl: string;
  /** The platform's opaque `data`, returned unaltered (null when it sent none). */
  data: string | null;
  /** The launched course's section, when the launch mapped to one. */
  sectionId: number | null;
}

/**
 * A deep-linking launch (an instructor placing the portal in a course) waits for the
 * instructor's confirmation: kept under a one-time code (hashed, 30 minutes, single use), and
 * the browser goes to the confirmation page with it.
 */
export async function startDeepLink(
  deps: Pick<AppDeps, 'db' | 'now'>,
  request: DeepLinkRequest,
): Promise<string> {
  const { code, codeHash } = newOneTimeCode();
  await insertDeepLink(deps.db, {
    codeHash,
    locationId: request.registration.locationId,
    registrationId: request.registration.id,
    deploymentId: request.deploymentId,
    returnUrl: request.returnUrl,
    data: request.data,
    sectionId: request.sectionId,
    expiresAt: new Date(deps.now().getTime() + LTI_DEEP_LINK_MINUTES * 60_000),
  });
  return `${LTI_PAGES.deepLink}?code=${code}`;
}

/** The store's pending deep link of `code`: 404 for none (or another store's), 410 spent or old. */
async function pendingDeepLink(db: Db, now: Date, locationId: number, code: string, lock = false) {
  const found = await findDeepLink(db, locationId, hashOneTimeCode(code), lock);
  if (!found) throw AppError.notFound(M.deepLinkInvalid, 'code');
  if (found.link.usedAt) throw AppError.gone(M.deepLinkUsed, 'code');
  if (found.link.expiresAt <= now) throw AppError.gone(M.deepLinkExpired, 'code');
  return found;
}

/** What the confirmation page shows: the platform, and the course the link will open. */
export async function describeDeepLink(
  deps: Pick<AppDeps, 'db' | 'now'>,
  locationId: number,
  code: string,
) {
  const { link, registration } = await pendingDeepLink(deps.db, deps.now(), locationId, code);
  const label =
    link.sectionId === null ? null : await findSectionLabel(deps.db, locationId, link.sectionId);
  return {
    platformName: registration.name,
    courseName: label
      ? `${label.departmentCode} ${label.courseCode} section ${label.sectionCode}: ${label.courseName}`
      : null,
    defaultTitle: LTI_DEEP_LINK_DEFAULT_TITLE,
    answerPath: LTI_PATHS.deepLinkAnswer,
  };
}

/**
 * The instructor's confirmation: spends the code (once: a second post is 410) and answers what
 * the page posts to the platform: the LtiDeepLinkingResponse signed with the store's key (RS256,
 * its kid), from the portal (iss: the client id the platform gave it) to the platform (aud:
 * its issuer), carrying the platform's `data` unaltered and one resource link to the portal's
 * launch URL under the title chosen.
 */
export async function answerDeepLink(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: { locationId: number; code: string; title: string; launchUrl: string },
) {
  const now = deps.now();
  const { link, registration } = await deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const found = await pendingDeepLink(txDb, now, input.locationId, input.code, true);
    await markDeepLinkUsed(txDb, found.link.codeHash, now);
    return found;
  });
  const key = await toolSigningKey(deps, input.locationId);
  const issuedAt = Math.floor(now.getTime() / 1000);
  const jwt = await new SignJWT({
    nonce: randomBytes(16).toString('base64url'),
    [LTI_CLAIMS.deploymentId]: link.deploymentId,
    [LTI_CLAIMS.messageType]: LTI_DEEP_LINKING_RESPONSE,
    [LTI_CLAIMS.version]: LTI_VERSION,
    ...(link.data !== null && { [LTI_CLAIMS.deepLinkingData]: link.data }),
    [LTI_CLAIMS.contentItems]: [
      { type: 'ltiResourceLink', title: input.title, url: input.launchUrl },
    ],
  })
    .setProtectedHeader({ alg: TOOL_KEY_ALGORITHM, kid: key.keyId, typ: 'JWT' })
    .setIssuer(registration.clientId)
    .setAudience(registration.issuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ANSWER_LIFETIME_SECONDS)
    .sign(key.privateKey);
  return {
    returnUrl: link.returnUrl,
    jwt,
    title: input.title,
    frameOrigins: originsOf([
      registration.issuer,
      registration.authorizationEndpoint,
      ...registration.frameOrigins,
      link.returnUrl,
    ]),
  };
}
