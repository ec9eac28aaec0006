import { LTI_LIMITS, LTI_REGISTRATION_MESSAGES as M } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import { retryAfterSeconds, type AttemptThrottle, type Limit } from '../throttle/index.ts';

const WINDOW_MS = LTI_LIMITS.windowMinutes * 60_000;
const HOUR_MS = 60 * 60_000;

/** The numbers are LTI_LIMITS' (contracts), which say why each is what it is. */
const LIMITS = {
  launchStep: { max: LTI_LIMITS.launchStepsPerIp, windowMs: WINDOW_MS },
  registration: { max: LTI_LIMITS.registrationsPerIp, windowMs: WINDOW_MS },
  refusalLog: { max: LTI_LIMITS.refusalLogRowsPerHour, windowMs: HOUR_MS },
} as const satisfies Record<string, Limit>;

/** Counts a login initiation or launch post from `ip`; false when the address is over its limit. */
export async function takeLaunchStep(throttle: AttemptThrottle, ip: string): Promise<boolean> {
  const result = await throttle.take([{ key: `ltiLaunch:ip:${ip}`, limit: LIMITS.launchStep }]);
  return result.allowed;
}

/** Counts a refusal row for the store's log; false when this hour's rows are spent. */
export async function takeRefusalLogRow(
  throttle: AttemptThrottle,
  locationId: number,
): Promise<boolean> {
  const key = `ltiRefusalLog:${locationId}`;
  return (await throttle.take([{ key, limit: LIMITS.refusalLog }])).allowed;
}

/** Counts a dynamic registration attempt from `ip`, or throws a 429 with Retry-After. */
export async function takeRegistrationAttempt(throttle: AttemptThrottle, ip: string) {
  const result = await throttle.take([
    { key: `ltiRegistration:ip:${ip}`, limit: LIMITS.registration },
  ]);
  if (!result.allowed) {
    throw AppError.tooMany(M.tooManyRequests, retryAfterSeconds(result.waitMs));
  }
}
