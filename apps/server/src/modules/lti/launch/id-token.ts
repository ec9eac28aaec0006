import { errors, jwtVerify, type JWTPayload } from 'jose';
import {
  LTI_CLOCK_TOLERANCE_SECONDS,
  LTI_STATE_MINUTES,
  type LtiRefusalReason,
} from '@csp/contracts';
import { KeySetUnreachable, platformKeys } from './key-sets.ts';
import { LaunchRefusal } from './launch-refusal.ts';

/** LTI 1.3 signs id_tokens with RS256 only (IMS Security Framework §6.1). */
const ALGORITHMS = ['RS256'];

/**
 * The token is minted after the login made its state, so it is never older than the state may
 * be; an older iat is an expired launch whatever its exp says.
 */
const MAX_TOKEN_AGE_SECONDS = LTI_STATE_MINUTES * 60;

/** The claims every launch must carry before the LTI ones are read. */
const REQUIRED_CLAIMS = ['iss', 'aud', 'sub', 'exp', 'iat', 'nonce'];

/** A failed claim check of jose, by claim: what the launch is refused for. */
const CLAIM_REASONS: Record<string, LtiRefusalReason> = {
  iss: 'wrong-issuer',
  aud: 'wrong-audience',
  iat: 'issued-in-future',
  nbf: 'issued-in-future',
};

/** jose's verdict on a token, as the reason the launch is refused for. */
export function refusalOf(error: unknown): LaunchRefusal {
  const detail = error instanceof Error ? error.message : String(error);
  const reason = ((): LtiRefusalReason => {
    if (error instanceof KeySetUnreachable) return 'key-set-unreachable';
    if (error instanceof errors.JWKSNoMatchingKey) return 'unknown-key';
    if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad-signature';
    if (error instanceof errors.JOSEAlgNotAllowed) return 'bad-signature';
    if (error instanceof errors.JWTExpired) return 'expired';
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.reason === 'check_failed') return CLAIM_REASONS[error.claim] ?? 'missing-claims';
      return 'missing-claims';
    }
    return 'bad-request';
  })();
  return new LaunchRefusal(reason, `id_token refused: ${detail}`);
}

/**
 * Verifies the platform's id_token: RS256 signature by a key of the registration's key set,
 * issuer, audience (when `aud` lists several, `azp` must be the client id; when `azp` is
 * there, it must be), exp and iat within the clock tolerance. Any failure is a
 * {@link LaunchRefusal} naming why.
 */
export async function verifyIdToken(
  registration: { issuer: string; clientId: string; keySetUrl: string },
  idToken: string,
  now: Date,
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, platformKeys(registration.keySetUrl), {
      algorithms: ALGORITHMS,
      issuer: registration.issuer,
      audience: registration.clientId,
      requiredClaims: REQUIRED_CLAIMS,
      clockTolerance: LTI_CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      currentDate: now,
    }));
  } catch (error) {
    throw refusalOf(error);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const azp = payload['azp'];
  if (azp !== undefined && azp !== registration.clientId) {
    throw new LaunchRefusal(
      'wrong-audience',
      `azp ${String(azp)} is not the client id ${registration.clientId}`,
    );
  }
  if (audiences.length > 1 && azp === undefined) {
    throw new LaunchRefusal('wrong-audience', `aud names ${audiences.length} audiences and no azp`);
  }
  return payload;
}
