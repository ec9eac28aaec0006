import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAX_DB_ID, REMEMBER_SECRET_PREFIX } from '@csp/contracts';

/** A parsed remember-me secret: `rms1.<row id>.<32 random bytes, base64url>`. */
export interface RememberSecretParts {
  id: number;
  random: string;
}

export function newRandomPart(): string {
  return randomBytes(32).toString('base64url');
}

export function formatRememberSecret(parts: RememberSecretParts): string {
  return `${REMEMBER_SECRET_PREFIX}${parts.id}.${parts.random}`;
}

export function parseRememberSecret(secret: string): RememberSecretParts | null {
  if (!secret.startsWith(REMEMBER_SECRET_PREFIX)) return null;
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(
    secret.slice(REMEMBER_SECRET_PREFIX.length),
  );
  if (!match?.[1] || !match[2]) return null;
  const id = Number(match[1]);
  // Row ids are PostgreSQL integers; a larger number cannot name a secret.
  if (id > MAX_DB_ID) return null;
  return { id, random: match[2] };
}

/** The random part has 256 bits of entropy, so a plain SHA-256 is enough at rest. */
export function hashRandomPart(random: string): string {
  return createHash('sha256').update(random).digest('hex');
}

export function randomPartMatches(random: string, storedHash: string): boolean {
  const a = Buffer.from(hashRandomPart(random), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
