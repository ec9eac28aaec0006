import { IA_STUDENT_PAGE_MESSAGES } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import { retryAfterSeconds, type AttemptThrottle, type Limit } from '../../throttle/index.ts';

const WINDOW_MS = 15 * 60_000;

/**
 * Sign-in link requests per address (store + e-mail: nobody floods a student's inbox) and per
 * client IP (nobody probes many addresses), each per 15 minutes: the password reset's limits
 * (account/reset-rate-limiter.ts). Every request counts, whether or not the address is a
 * student's, so the limit reveals no enrolment either; the counters are in the database.
 */
export const SIGN_IN_LINK_LIMITS = {
  email: { max: 5, windowMs: WINDOW_MS },
  ip: { max: 20, windowMs: WINDOW_MS },
} as const satisfies Record<string, Limit>;

/** Counts the request, or throws a 429 with Retry-After when a limit is reached. */
export async function takeSignInLinkRequest(
  throttle: AttemptThrottle,
  keys: { locationId: number; email: string; ip: string },
): Promise<void> {
  const result = await throttle.take([
    { key: `iaLink:email:${keys.locationId}:${keys.email}`, limit: SIGN_IN_LINK_LIMITS.email },
    { key: `iaLink:ip:${keys.ip}`, limit: SIGN_IN_LINK_LIMITS.ip },
  ]);
  if (!result.allowed) {
    throw AppError.tooMany(
      IA_STUDENT_PAGE_MESSAGES.tooManyRequests,
      retryAfterSeconds(result.waitMs),
    );
  }
}
