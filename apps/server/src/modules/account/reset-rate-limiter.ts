import { PASSWORD_MESSAGES } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import { retryAfterSeconds, type AttemptThrottle, type Limit } from '../throttle/index.ts';

const WINDOW_MS = 15 * 60_000;

/** Reset requests per address (store + e-mail) and per client IP, each per 15 minutes. */
export const RESET_LIMITS = {
  email: { max: 5, windowMs: WINDOW_MS },
  ip: { max: 20, windowMs: WINDOW_MS },
} as const satisfies Record<string, Limit>;

/**
 * Limits password-reset requests per e-mail address (so nobody floods an inbox) and per client
 * IP (so nobody probes many addresses). Every request counts, whether or not the address exists,
 * so the limit does not reveal accounts either. The counters live in the database, shared by
 * every server process.
 */
export class ResetRateLimiter {
  constructor(private readonly throttle: AttemptThrottle) {}

  /** Counts the request, or throws a 429 with Retry-After when a limit is reached. */
  async take(keys: { email: string; ip: string }): Promise<void> {
    const result = await this.throttle.take([
      { key: `reset:email:${keys.email}`, limit: RESET_LIMITS.email },
      { key: `reset:ip:${keys.ip}`, limit: RESET_LIMITS.ip },
    ]);
    if (!result.allowed) {
      throw AppError.tooMany(PASSWORD_MESSAGES.tooManyRequests, retryAfterSeconds(result.waitMs));
    }
  }
}
