import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

type CryptoKeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/** A signing key of the platform: its id and private key, and the public JWK it publishes. */
export interface PlatformKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * Key pairs made once per process and handed out in turn: making an RSA key takes 0.1-1 s of
 * CPU here, and each test world's platforms ask for about a dozen. A platform never gets the
 * same pair twice in a row, and no world asks for as many as there are in the ring, so a
 * rotated or unpublished key always differs from the one it is compared with.
 */
const KEY_RING_SIZE = 24;
const keyRing: Promise<CryptoKeyPair>[] = [];
let nextInRing = 0;

function ringPair(): Promise<CryptoKeyPair> {
  const index = nextInRing++ % KEY_RING_SIZE;
  keyRing[index] ??= generateKeyPair('RS256', { extractable: true });
  return keyRing[index];
}

export async function newPlatformKey(kid = randomUUID()): Promise<PlatformKey> {
  const { privateKey, publicKey } = await ringPair();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicJwk };
}

/** How an id_token is signed and dated; every field may be bent to make a bad token. */
export interface TokenOptions {
  /** The header's key id (default: the platform's published key). */
  kid?: string;
  /** The key that signs (default: the platform's published key). */
  key?: CryptoKey;
  /** Seconds from now (default 0; positive: issued in the future). */
  issuedAtOffset?: number;
  /** Seconds the token lives from its iat (default 300; negative: already expired). */
  lifetime?: number;
  /** The header's algorithm (default RS256). */
  alg?: string;
}

/** Signs `claims` as the platform does: RS256, `typ: JWT`, iat and exp in seconds. */
export async function signIdToken(
  claims: Record<string, unknown>,
  defaultKey: PlatformKey,
  options: TokenOptions = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const iat = now + (options.issuedAtOffset ?? 0);
  const exp = iat + (options.lifetime ?? 300);
  return new SignJWT({ iat, exp, ...claims })
    .setProtectedHeader({
      alg: options.alg ?? 'RS256',
      typ: 'JWT',
      kid: options.kid ?? defaultKey.kid,
    })
    .sign(options.key ?? defaultKey.privateKey);
}
