import type { SessionResponse } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { ACCOUNT_MESSAGES } from './messages.ts';
import { getPermittedActions } from '../permissions/index.ts';
import { formatRememberSecret, hashRandomPart, newRandomPart } from './remember-secret.ts';
import { insertRememberSecret, recordLastLogin } from './repository.ts';
import { deleteExpiredSessions, insertSession, type SessionMethod } from './session-repository.ts';
import { signSessionToken } from './session-token.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The account a session is issued to. */
export interface SignedInAccount {
  id: number;
  userName: string;
  name: string;
  /**
   * For a password or remember-me sign-in: the password hash the account had when the
   * credentials were checked; the session starts only if it is still the same.
   */
  checkedPasswordHash?: string | null;
}

/** A session without a remember-me secret, as single sign-on issues it. */
export type TokenSession = Omit<SessionResponse, 'rememberSecret'>;

/** Expired session rows are swept after this many sign-ins (by this process). */
const SWEEP_EVERY = 200;
let sinceSweep = 0;

/**
 * Starts a server-side session (so it can be ended before its token expires), signs its token
 * for the store and records lastLoginAt; returns the session with the account's permitted
 * actions. Single sign-on stops here (the browser keeps no secret).
 */
export async function issueTokenSession(
  deps: AppDeps,
  account: SignedInAccount,
  locationId: number,
  method: SessionMethod,
): Promise<TokenSession> {
  const now = deps.now();
  const ttlMs = deps.config.tokenTtlMinutes * 60_000;
  const sessionId = await insertSession(
    deps.db,
    { accountId: account.id, locationId, method, expiresAt: new Date(now.getTime() + ttlMs) },
    account.checkedPasswordHash,
  );
  if (sessionId === null) {
    // The password changed while these credentials were being checked.
    const message =
      method === 'remember' ? ACCOUNT_MESSAGES.rememberInvalid : ACCOUNT_MESSAGES.badCredentials;
    throw AppError.unauthorized(message);
  }
  if (++sinceSweep >= SWEEP_EVERY) {
    sinceSweep = 0;
    await deleteExpiredSessions(deps.db, now);
  }
  const { token, expiresAt } = await signSessionToken(
    deps.config.jwtSecret,
    { accountId: account.id, locationId, sessionId },
    deps.config.tokenTtlMinutes,
    now,
  );
  await recordLastLogin(deps.db, account.id, now);
  return {
    accountId: account.id,
    token,
    expiresAt: expiresAt.toISOString(),
    userName: account.userName,
    name: account.name,
    actions: await getPermittedActions(deps.db, account.id, locationId),
  };
}

/**
 * Completes a password sign-in: a session token for the store, a fresh remember-me secret
 * (stored hashed), the account's permitted actions, and lastLoginAt.
 */
export async function issueSession(
  deps: AppDeps,
  account: SignedInAccount,
  locationId: number,
  method: Exclude<SessionMethod, 'saml'>,
): Promise<SessionResponse> {
  const session = await issueTokenSession(deps, account, locationId, method);
  const random = newRandomPart();
  const secretId = await insertRememberSecret(deps.db, {
    accountId: account.id,
    secretHash: hashRandomPart(random),
    expiresAt: new Date(deps.now().getTime() + deps.config.rememberDays * DAY_MS),
  });
  return { ...session, rememberSecret: formatRememberSecret({ id: secretId, random }) };
}
