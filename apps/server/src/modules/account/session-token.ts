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

/**
 * Verifies signature, issuer and expiry at `now`, the clock that issued it (the app's: a test's
 * fixed day would otherwise see its tokens expire once the real day moves on); never throws.
 */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
  now: Date = new Date(),
): Promise<TokenCheck> {
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
    };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
