import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps.ts';
import { insertResetToken } from './password-reset-repository.ts';

/** A reset link asked for by its owner works for an hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** A new account's set-password link works for 72 hours: new users may not read mail at once. */
export const SETUP_TOKEN_TTL_MS = 72 * 60 * 60_000;

/** Tokens carry 256 random bits, so a plain SHA-256 is enough at rest. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

/** Stores a new single-use token for the account and returns it (only its hash is kept). */
export async function issueResetToken(
  deps: Pick<AppDeps, 'db' | 'now'>,
  accountId: number,
  ttlMs: number,
): Promise<string> {
  const { token, tokenHash } = newResetToken();
  const now = deps.now();
  await insertResetToken(deps.db, {
    accountId,
    tokenHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}
