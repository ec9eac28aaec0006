import { createHash, randomBytes } from 'node:crypto';

/**
 * The one-time codes of the LTI landings (a launch's pick code, a deep link's code): 32 random
 * bytes in base64url, kept only as their SHA-256 (hex), as the portal keeps every token.
 */
export function hashOneTimeCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** A new code and the hash to store in its stead. */
export function newOneTimeCode(): { code: string; codeHash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, codeHash: hashOneTimeCode(code) };
}
