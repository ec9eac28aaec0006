import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/client.ts';
import { storeOrGetSecret } from './signing-secret-repository.ts';

const SECRET_NAME = 'session-token-signing-key';

/**
 * The key that signs session tokens. JWT_SECRET when set (then every process must be given the
 * same one). Otherwise one generated once and kept in the database, so every process on one
 * database agrees and tokens survive restarts. A secret an earlier version kept in
 * DATA_DIR/jwt-secret is adopted, so existing sign-ins stay valid on upgrade.
 */
export async function resolveSigningSecret(
  db: Db,
  fromEnv: Uint8Array | undefined,
  dataDir: string,
): Promise<Uint8Array> {
  if (fromEnv) return fromEnv;
  const candidate = legacySecret(dataDir) ?? randomBytes(32).toString('base64url');
  const stored = await storeOrGetSecret(db, SECRET_NAME, candidate);
  return new Uint8Array(Buffer.from(stored, 'base64url'));
}

function legacySecret(dataDir: string): string | null {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8').trim();
  return Buffer.from(text, 'base64url').length >= 32 ? text : null;
}
