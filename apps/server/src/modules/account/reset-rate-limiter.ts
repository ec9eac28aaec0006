import { PASSWORD_MESSAGES } from '@csp/contracts';
import { AppError } from '../../lib/app-error.ts';
import { SlidingWindowCounter } from '../../lib/rate-limiter.ts';

export interface ResetRateLimiterOptions {
  /** Reset e-mails asked for per address (store + e-mail) within the window. */
  emailLimit: number;
  /** Reset requests per client IP within the window. */
  ipLimit: number;
  windowMs: number;
  now: () => number;
}

const DEFAULTS: ResetRateLimiterOptions = {
  emailLimit: 5,
  ipLimit: 20,
  windowMs: 15 * 60_000,
  now: Date.now,
};

/**
 * Limits password-reset requests per e-mail address (so nobody floods an inbox) and per client
 * IP (so nobody probes many addresses). Every request counts, whether or not the address exists,
 * so the limit does not reveal accounts either.
 */
export class ResetRateLimiter {
  private readonly byEmail: SlidingWindowCounter;
  private readonly byIp: SlidingWindowCounter;

  constructor(options: Partial<ResetRateLimiterOptions> = {}) {
    const o = { ...DEFAULTS, ...options };
    this.byEmail = new SlidingWindowCounter(o.emailLimit, o.windowMs, o.now);
    this.byIp = new SlidingWindowCounter(o.ipLimit, o.windowMs, o.now);
  }

  /** Counts the request, or throws a 429 with Retry-After when a limit is reached. */
  take(keys: { email: string; ip: string }): void {
    const wait = Math.max(this.byEmail.waitMs(keys.email), this.byIp.waitMs(keys.ip));
    if (wait > 0) {
      const retryAfter = String(Math.max(1, Math.ceil(wait / 1000)));
      throw new AppError(429, PASSWORD_MESSAGES.tooManyRequests, undefined, {
        'retry-after': retryAfter,
      });
    }
    this.byEmail.record(keys.email);
    this.byIp.record(keys.ip);
  }
}
