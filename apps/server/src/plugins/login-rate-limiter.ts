import { AppError } from '../lib/app-error.ts';

export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many sign-in attempts. Wait 15 minutes and try again.';

export interface LoginRateLimiterOptions {
  /** Failed sign-ins allowed per account (store + user name) within the window. */
  accountLimit: number;
  /** Failed sign-ins allowed per client IP within the window. */
  ipLimit: number;
  windowMs: number;
  now: () => number;
}

/** Which counters an attempt belongs to. */
export interface AttemptKeys {
  account: string;
  ip: string;
}

const DEFAULTS: LoginRateLimiterOptions = {
  accountLimit: 5,
  ipLimit: 20,
  windowMs: 15 * 60_000,
  now: Date.now,
};

/** Counters are swept of stale entries once this many keys are held. */
const SWEEP_THRESHOLD = 10_000;

/** The account counter key: one store plus the lower-cased user name. */
export function accountAttemptKey(locationId: number, userName: string): string {
  return `${locationId}:${userName.trim().toLowerCase()}`;
}

/**
 * In-memory sliding-window limiter of failed sign-ins (password and remember-me), per account
 * and per client IP. One process holds the counters; a restart forgets them, which is acceptable
 * for slowing down guessing on a single-node deployment.
 */
export class LoginRateLimiter {
  private readonly options: LoginRateLimiterOptions;
  private readonly byAccount = new Map<string, number[]>();
  private readonly byIp = new Map<string, number[]>();

  constructor(options: Partial<LoginRateLimiterOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Throws a 429 with Retry-After when either counter is exhausted. */
  assertAllowed(keys: AttemptKeys): void {
    const wait = Math.max(
      this.waitMs(this.byAccount, keys.account, this.options.accountLimit),
      this.waitMs(this.byIp, keys.ip, this.options.ipLimit),
    );
    if (wait > 0) {
      const retryAfter = String(Math.max(1, Math.ceil(wait / 1000)));
      throw new AppError(429, TOO_MANY_ATTEMPTS_MESSAGE, undefined, { 'retry-after': retryAfter });
    }
  }

  recordFailure(keys: AttemptKeys): void {
    const now = this.options.now();
    this.push(this.byAccount, keys.account, now);
    this.push(this.byIp, keys.ip, now);
  }

  /** A successful sign-in clears the account's counter (not the IP's). */
  clearAccount(account: string): void {
    this.byAccount.delete(account);
  }

  private waitMs(map: Map<string, number[]>, key: string, limit: number): number {
    const recent = this.recent(map, key);
    if (recent.length < limit) return 0;
    const unblockingFailure = recent[recent.length - limit] ?? 0;
    return unblockingFailure + this.options.windowMs - this.options.now();
  }

  private recent(map: Map<string, number[]>, key: string): number[] {
    const cutoff = this.options.now() - this.options.windowMs;
    const recent = (map.get(key) ?? []).filter((t) => t > cutoff);
    if (recent.length) map.set(key, recent);
    else map.delete(key);
    return recent;
  }

  private push(map: Map<string, number[]>, key: string, at: number): void {
    if (map.size >= SWEEP_THRESHOLD) {
      for (const k of [...map.keys()]) this.recent(map, k);
    }
    map.set(key, [...this.recent(map, key), at]);
  }
}
