import { createHash, randomBytes } from 'node:crypto';

/**
 * The LTI module's one-time codes (a login's state and nonce, a launch's pick code, a deep
 * link's code, a dynamic registration invite): 32 random bytes in base64url, kept only as their
 * SHA-256 (hex), as the portal keeps every token, so a copy of the database signs nobody in.
 */
export function hashOneTimeCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** A new code and the hash to store in its stead. */
export function newOneTimeCode(): { code: string; codeHash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, codeHash: hashOneTimeCode(code) };
}
