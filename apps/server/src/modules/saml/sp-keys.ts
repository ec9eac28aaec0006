import type { Db } from '../../db/client.ts';
import { generateKeyPairWithCertificate, type KeyPairPem } from '../../lib/self-signed-cert.ts';
import { findSpKeys, insertSpKeysIfAbsent } from './repository.ts';

const loaded = new WeakMap<Db, Promise<KeyPairPem>>();

/**
 * The deployment's SP signing key and certificate: read from saml_sp_keys, or made on first use
 * (RSA-2048, self-signed for 10 years) and stored there. Cached per database handle.
 */
export function getSpKeys(db: Db): Promise<KeyPairPem> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = loadOrCreate(db);
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

async function loadOrCreate(db: Db): Promise<KeyPairPem> {
  const existing = await findSpKeys(db);
  if (existing) return existing;
  await insertSpKeysIfAbsent(db, generateKeyPairWithCertificate('Campus Store Portal SAML SP'));
  // Re-read: when two instances raced, the row that was stored first is the one to use.
  const stored = await findSpKeys(db);
  if (!stored) throw new Error('The SAML SP key pair could not be stored');
  return stored;
}
