import { createHash, randomBytes } from 'node:crypto';

/**
 * A dynamic registration invite: 32 random bytes (base64url) in the link, kept only as its
 * SHA-256, as the portal keeps every token.
 */
export function inviteCodeHash(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

export function newInviteCode(): { code: string; codeHash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, codeHash: inviteCodeHash(code) };
}
