import type { ActionName, SessionResponse } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../lib/session.ts';
import type { Website } from '../../lib/request-context.ts';
import type { Grants } from '../permissions/index.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import { parseRememberSecret, randomPartMatches } from './remember-secret.ts';
import {
  findAccountByUserName,
  findRememberSecret,
  revokeAllRememberSecrets,
  revokeRememberSecret,
  rotateRememberSecret,
} from './repository.ts';
import { issueSession } from './session-issuer.ts';
import { revokeSession } from './session-repository.ts';
import { verifySessionToken } from './session-token.ts';
import { asLongAsACheck, checkPassword } from './password-check.ts';
import type { SignInAdmission, SignInAttempt } from './sign-in-limits.ts';

function attemptOf(website: Website, userName: string, ip: string): SignInAttempt {
  return { locationId: website.locationId, userName, ip };
}

/** Sign-in with user name and password on the request's website (docs/behaviour/calls.md). */
export async function login(
  deps: AppDeps,
  website: Website,
  input: { userName: string; password: string },
  ip: string,
): Promise<SessionResponse> {
  const attempt = attemptOf(website, input.userName, ip);
  const admission = await deps.signInLimiter.take(attempt);
  if (admission.kind === 'address-refused') {
    await asLongAsACheck();
    throw admission.refusal;
  }
  const account = await findAccountByUserName(deps.db, website.locationId, input.userName);
  const passwordOk = await checkPassword(account?.passwordHash, input.password);
  if (!account?.passwordHash || !account.active || !passwordOk) {
    throw refusalOf(admission, ACCOUNT_MESSAGES.badCredentials);
  }
  await deps.signInLimiter.succeeded(attempt, admission);
  const checked = { ...account, checkedPasswordHash: account.passwordHash };
  return issueSession(deps, checked, website.locationId, 'password');
}

/** Wrong credentials: a 401, or over the address limit the 429 an unknown pair gets. */
function refusalOf(admission: SignInAdmission, message: string): AppError {
  return admission.kind === 'within-limits' ? AppError.unauthorized(message) : admission.refusal;
}

/**
 * How long a just-rotated secret still resumes. A browser that navigates away while its resume
 * is in flight never stores the successor; without this grace its next page load would look
 * like theft and sign the user out everywhere.
 */
export const ROTATION_GRACE_MS = 60_000;

/**
 * Automatic sign-in with a remember-me secret. Each secret works once: it is rotated (revoked,
 * a successor issued). Presented again within ROTATION_GRACE_MS of its rotation it still
 * resumes (the successor's answer was lost); later, or after a logout, a revoked secret means
 * it was copied, so every secret of the account is revoked.
 */
export async function resume(
  deps: AppDeps,
  website: Website,
  input: { userName: string; rememberSecret: string },
  ip: string,
): Promise<SessionResponse> {
  const attempt = attemptOf(website, input.userName, ip);
  const admission = await deps.signInLimiter.take(attempt);
  // No password is checked here, so there is no check's time to match: refused at once.
  if (admission.kind === 'address-refused') throw admission.refusal;
  const refuse = (): AppError => refusalOf(admission, ACCOUNT_MESSAGES.rememberInvalid);
  const parts = parseRememberSecret(input.rememberSecret);
  const row = parts ? await findRememberSecret(deps.db, parts.id) : null;
  if (!parts || !row || !randomPartMatches(parts.random, row.secretHash)) throw refuse();
  const account = await findAccountByUserName(deps.db, website.locationId, input.userName);
  if (!account || account.id !== row.accountId || !account.active) throw refuse();
  const now = deps.now();
  if (row.expiresAt.getTime() <= now.getTime()) throw refuse();
  const rotated = !row.revokedAt && (await rotateRememberSecret(deps.db, row.id, now));
  if (!rotated) {
    const current = row.revokedAt ? row : await findRememberSecret(deps.db, row.id);
    if (!current || !withinRotationGrace(current.rotatedAt, now)) {
      await revokeAllRememberSecrets(deps.db, row.accountId, now);
      throw refuse();
    }
  }
  await deps.signInLimiter.succeeded(attempt, admission);
  const checked = { ...account, checkedPasswordHash: account.passwordHash };
  return issueSession(deps, checked, website.locationId, 'remember');
}

function withinRotationGrace(rotatedAt: Date | null, now: Date): boolean {
  return rotatedAt !== null && now.getTime() - rotatedAt.getTime() <= ROTATION_GRACE_MS;
}

/**
 * Ends the session of the token (if it verifies) and revokes the remember-me secret (if it is
 * genuine); always succeeds, so a logout never fails in front of the user.
 */
export async function logout(
  deps: AppDeps,
  rememberSecret: string | undefined,
  token: string | undefined,
): Promise<void> {
  const checked = token ? await verifySessionToken(deps.config.jwtSecret, token, deps.now()) : null;
  if (checked?.ok) {
    const { sessionId, accountId } = checked.claims;
    await revokeSession(deps.db, { sessionId, accountId }, deps.now());
  }
  const parts = rememberSecret ? parseRememberSecret(rememberSecret) : null;
  if (!parts) return;
  const row = await findRememberSecret(deps.db, parts.id);
  if (row && randomPartMatches(parts.random, row.secretHash)) {
    await revokeRememberSecret(deps.db, row.id, deps.now());
  }
}

/**
 * The caller's permitted actions; `userName` must be the caller's own. From the request's grants,
 * which the session check already read: no statement of its own.
 */
export async function getOwnActions(
  session: Session,
  grants: Promise<Grants>,
  userName: string,
): Promise<ActionName[]> {
  if (userName.trim().toLowerCase() !== session.userName.toLowerCase()) {
    throw AppError.forbidden(ACCOUNT_MESSAGES.notYourActions);
  }
  return (await grants).actions();
}
