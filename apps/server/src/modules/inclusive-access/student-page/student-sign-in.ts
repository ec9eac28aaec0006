import { createHash, randomBytes } from 'node:crypto';
import {
  IA_SIGN_IN_LINK_MINUTES,
  IA_STUDENT_PAGE_MESSAGES as M,
  IA_STUDENT_SESSION_HOURS,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import type { Website } from '../../../lib/request-context.ts';
import { websiteOrigin } from '../../../lib/website-origin.ts';
import { storeMail, takeMailAllowance } from '../../mail/index.ts';
import { takeSignInLinkRequest } from './sign-in-limits.ts';
import {
  deleteStudentSession,
  exchangeSignInLink,
  findStudentsByEmail,
  insertSignInLink,
} from './sign-in-repository.ts';
import { signInLinkMail, studentPageLink } from './student-page-mail.ts';

/** A single sign-on's code only has to survive the redirect to the student page. */
export const IA_SSO_CODE_SECONDS = 60;

/** Link and session tokens carry 256 random bits: a plain SHA-256 is enough at rest. */
export function hashStudentToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashStudentToken(token) };
}

/**
 * Asks for a sign-in link. The answer is the same whether or not the address is a student's of
 * this store, and it comes right after the limits, which count every request alike (the store's
 * hour first, then the address and the client, as the password reset does); looking the address
 * up and mailing happen after the answer as tracked background work, so neither the answer nor
 * its timing tells whether anyone is enrolled. The link goes only to the address the enrolment
 * feed gave the student, on the website's configured origin (never one the request names).
 */
export async function requestSignInLink(
  deps: AppDeps,
  website: Website,
  input: { email: string; ip: string },
): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  const origin = websiteOrigin(website, deps.config);
  const allowance = await takeMailAllowance(deps.throttle, 'iaSignInLink', {
    locationId: website.locationId,
  });
  try {
    await takeSignInLinkRequest(deps.throttle, {
      locationId: website.locationId,
      email,
      ip: input.ip,
    });
  } catch (error) {
    await allowance.refund();
    throw error;
  }
  deps.background.run('student sign-in link mail', () =>
    mailSignInLinks(deps, website, email, origin),
  );
  return { message: M.linkRequested };
}

/**
 * A sign-in link's token for the student, live for `lifeMs`: random, stored hashed, single use.
 * Its one exchange for a session is {@link startStudentSession}, whoever it was issued to.
 */
async function issueLinkToken(
  deps: AppDeps,
  locationId: number,
  studentId: number,
  lifeMs: number,
): Promise<string> {
  const { token, tokenHash } = newToken();
  const at = deps.now();
  await insertSignInLink(deps.db, {
    locationId,
    studentId,
    tokenHash,
    at,
    expiresAt: new Date(at.getTime() + lifeMs),
  });
  return token;
}

async function mailSignInLinks(deps: AppDeps, website: Website, email: string, origin: string) {
  for (const student of await findStudentsByEmail(deps.db, website.locationId, email)) {
    const lifeMs = IA_SIGN_IN_LINK_MINUTES * 60_000;
    const token = await issueLinkToken(deps, website.locationId, student.studentId, lifeMs);
    const mail = signInLinkMail({
      to: student.email,
      firstName: student.firstName,
      site: website.siteTitle,
      link: studentPageLink(origin, token),
      minutes: IA_SIGN_IN_LINK_MINUTES,
    });
    await deps.mailer.send(await storeMail(deps.db, website.locationId, mail));
  }
}

/**
 * Single sign-on's way in (ADR 0048): the first of the provider's addresses (trimmed, compared
 * case-insensitively) that is a student's of the website's store gets a one-time code, a
 * sign-in link that lives {@link IA_SSO_CODE_SECONDS} and never leaves the browser's redirect;
 * null when none is. Several students of the store with one address: the oldest record, as
 * the enrolment feed keeps the address once per person.
 */
export async function issueStudentSsoCode(
  deps: AppDeps,
  website: Website,
  emails: readonly string[],
): Promise<string | null> {
  for (const email of emails) {
    const address = email.trim().toLowerCase();
    if (!address) continue;
    const [student] = await findStudentsByEmail(deps.db, website.locationId, address);
    if (student) {
      return issueLinkToken(
        deps,
        website.locationId,
        student.studentId,
        IA_SSO_CODE_SECONDS * 1000,
      );
    }
  }
  return null;
}

/**
 * Exchanges a link's token (e-mailed, or a single sign-on's code) for a student session: the
 * one way a student session opens. Once; expired or used: 400 saying so, another store's or an
 * unknown token: 404. Only the session token's hash is stored.
 */
export async function startStudentSession(deps: AppDeps, website: Website, linkToken: string) {
  const now = deps.now();
  const session = newToken();
  const expiresAt = new Date(now.getTime() + IA_STUDENT_SESSION_HOURS * 3_600_000);
  const outcome = await exchangeSignInLink(deps.db, {
    locationId: website.locationId,
    linkHash: hashStudentToken(linkToken),
    sessionHash: session.tokenHash,
    now,
    sessionExpiresAt: expiresAt,
  });
  switch (outcome.kind) {
    case 'invalid':
      throw AppError.notFound(M.linkInvalid, 'token');
    case 'used':
      throw AppError.badRequest(M.linkUsed, 'token');
    case 'expired':
      throw AppError.badRequest(M.linkExpired, 'token');
    case 'started':
      return {
        sessionToken: session.token,
        expiresAt: expiresAt.toISOString(),
        firstName: outcome.firstName,
      };
  }
}

/** Signs out: the session the header names (if any) ends; signing out twice is no error. */
export async function endStudentSession(
  deps: AppDeps,
  website: Website,
  token: string | undefined,
): Promise<{ message: string }> {
  if (token) {
    await deleteStudentSession(deps.db, website.locationId, hashStudentToken(token), deps.now());
  }
  return { message: M.signedOut };
}
