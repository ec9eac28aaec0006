import { errors, jwtVerify, SignJWT } from 'jose';

export const TOKEN_ISSUER = 'campus-store-portal';

/** Who a verified token speaks for. */
export interface TokenClaims {
  accountId: number;
  locationId: number;
  /** The server-side session row that logout and password changes revoke. */
  sessionId: number;
}

export type TokenCheck =
  { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Signs a session token (HS256): sub = account id, loc = location id, sid = session id. */
export async function signSessionToken(
  secret: Uint8Array,
  claims: TokenClaims,
  ttlMinutes: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + ttlMinutes * 60) * 1000);
  const token = await new SignJWT({ loc: claims.locationId, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.accountId))
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
  return { token, expiresAt };
}

/** A token whose signature, issuer and claims were verified, until it expires (epoch seconds). */
interface VerifiedToken {
  claims: TokenClaims;
  expiresAt: number;
}

/** How many verified tokens each secret remembers (oldest forgotten first): about 2 MB. */
const REMEMBERED_TOKENS = 10_000;
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();

/**
 * Verifies signature, issuer and expiry at `now`, the clock that issued it (the app's: a test's
 * fixed day would otherwise see its tokens expire once the real day moves on); never throws.
 * A token verified once is remembered under its secret until it expires: the same string
 * carries the same signature, and jose's HS256 check through WebCrypto cost about 0.25 ms of
 * the event loop on every signed-in call. The session row is still read on every call, so logout
 * and revocation apply at once. See
 * docs/adr/0054-remembered-session-tokens-and-prepared-hot-statements.md.
 */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
  now: Date = new Date(),
): Promise<TokenCheck> {
  let remembered = verifiedBySecret.get(secret);
  if (!remembered) verifiedBySecret.set(secret, (remembered = new Map()));
  const known = remembered.get(token);
  if (known) {
    if (known.expiresAt > Math.floor(now.getTime() / 1000))
      return { ok: true, claims: known.claims };
    remembered.delete(token);
    return { ok: false, reason: 'expired' };
  }
  const checked = await verifyWithJose(secret, token, now);
  if (checked.ok) {
    if (remembered.size >= REMEMBERED_TOKENS) {
      remembered.delete(remembered.keys().next().value as string);
    }
    remembered.set(token, { claims: checked.claims, expiresAt: checked.expiresAt });
    return { ok: true, claims: checked.claims };
  }
  return checked;
}

async function verifyWithJose(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<
  { ok: true; claims: TokenClaims; expiresAt: number } | Extract<TokenCheck, { ok: false }>
> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      currentDate: now,
      issuer: TOKEN_ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const accountId = Number(payload.sub);
    const locationId = payload['loc'];
    const sessionId = payload['sid'];
    if (
      !Number.isSafeInteger(accountId) ||
      !Number.isSafeInteger(locationId) ||
      !Number.isSafeInteger(sessionId)
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      claims: { accountId, locationId: locationId as number, sessionId: sessionId as number },
      expiresAt: payload.exp!,
    };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
