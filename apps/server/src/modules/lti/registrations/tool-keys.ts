import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import { findToolKey, insertToolKeyIfAbsent, type ToolKeyRow } from './tool-key-repository.ts';

/** The store's signing algorithm (LTI 1.3 requires RS256 support of every party). */
export const TOOL_KEY_ALGORITHM = 'RS256';

export interface ToolSigningKey {
  keyId: string;
  privateKey: CryptoKey;
}

/** The public half as the key set publishes it. */
export interface ToolPublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: typeof TOOL_KEY_ALGORITHM;
  use: 'sig';
}

/** Keys stay cached per database handle (a test's database is its own) and store. */
const cached = new WeakMap<Db, Map<number, Promise<ToolKeyRow>>>();

/**
 * The store's RS256 key for what the portal signs to a platform (deep-linking answers), made on
 * first use. Two first uses at once (two processes, or two requests) each make a key, insert it
 * if none is stored and read back the stored one, so both sign with the same key.
 */
export async function toolSigningKey(
  deps: Pick<AppDeps, 'db'>,
  locationId: number,
): Promise<ToolSigningKey> {
  const row = await storedOrNewKey(deps.db, locationId);
  const privateKey = (await importJWK(row.privateJwk as JWK, TOOL_KEY_ALGORITHM)) as CryptoKey;
  return { keyId: row.keyId, privateKey };
}

/** The store's public key as a JWK with its kid, alg and use (the key set's one entry). */
export async function toolPublicJwk(
  deps: Pick<AppDeps, 'db'>,
  locationId: number,
): Promise<ToolPublicJwk> {
  const row = await storedOrNewKey(deps.db, locationId);
  const { n, e } = row.publicJwk as JWK;
  return { kty: 'RSA', n: n!, e: e!, kid: row.keyId, alg: TOOL_KEY_ALGORITHM, use: 'sig' };
}

function storedOrNewKey(db: Db, locationId: number): Promise<ToolKeyRow> {
  let perStore = cached.get(db);
  if (!perStore) {
    perStore = new Map();
    cached.set(db, perStore);
  }
  let key = perStore.get(locationId);
  if (!key) {
    key = loadOrCreateToolKey(db, locationId);
    const stores = perStore;
    key.catch(() => stores.delete(locationId));
    perStore.set(locationId, key);
  }
  return key;
}

/** Reads the store's key or makes it (uncached: toolSigningKey keeps its answer). */
export async function loadOrCreateToolKey(db: Db, locationId: number): Promise<ToolKeyRow> {
  const existing = await findToolKey(db, locationId);
  if (existing) return existing;
  const pair = await generateKeyPair(TOOL_KEY_ALGORITHM, {
    modulusLength: 2048,
    extractable: true,
  });
  await insertToolKeyIfAbsent(db, {
    locationId,
    keyId: randomUUID(),
    privateJwk: await exportJWK(pair.privateKey),
    publicJwk: await exportJWK(pair.publicKey),
  });
  // Re-read: when two first uses raced, the key stored first is the store's.
  const stored = await findToolKey(db, locationId);
  if (!stored) throw new Error(`The LTI signing key of store ${locationId} could not be stored`);
  return stored;
}
