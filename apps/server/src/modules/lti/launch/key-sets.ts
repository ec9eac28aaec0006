import { createRemoteJWKSet, customFetch, errors, type JWTVerifyGetKey } from 'jose';
import { boundedText } from '../registrations/platform-http.ts';

/** How long the portal waits for a platform's key set. */
const KEY_SET_TIMEOUT_MS = 5_000;
/**
 * Key sets kept at most: a registration's changed URL makes a new entry and the old one is
 * dropped, oldest first, past this many (the process never holds more than it launches for).
 */
const MAX_KEY_SETS = 200;

/**
 * jose's fetch with the body bounded as every call to a platform is (platform-http.ts): a key
 * set a few kilobytes long, never a response that fills the memory. jose already follows no
 * redirect and stops at its timeout.
 */
async function boundedFetch(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  const body = await boundedText(response, url);
  return new Response(body, { status: response.status, headers: response.headers });
}

/**
 * One remote key set per URL, kept for the process: jose caches the keys (10 minutes), fetches
 * again when a token names a key id it does not hold (a platform's key rotation), at most once
 * per 30 s cooldown. Each process fetches for itself: the keys are public, nothing to share.
 */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The key set could not be read (down, not JSON, not a key set, too slow). */
export class KeySetUnreachable extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `key set ${url} could not be read: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'KeySetUnreachable';
  }
}

/**
 * The key getter for jwtVerify over the platform's key set. A key set that answers but holds
 * no key for the token stays jose's JWKSNoMatchingKey; any other failure to read it is a
 * {@link KeySetUnreachable}.
 */
export function platformKeys(keySetUrl: string): JWTVerifyGetKey {
  let keySet = keySets.get(keySetUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(keySetUrl), {
      timeoutDuration: KEY_SET_TIMEOUT_MS,
      [customFetch]: boundedFetch,
    });
    keySets.set(keySetUrl, keySet);
    const oldest = keySets.keys().next().value;
    if (keySets.size > MAX_KEY_SETS && oldest !== undefined) keySets.delete(oldest);
  }
  const remote = keySet;
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey) throw error;
      if (error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new KeySetUnreachable(keySetUrl, error);
    }
  };
}
