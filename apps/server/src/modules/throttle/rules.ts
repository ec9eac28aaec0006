/**
 * Pure rules of the attempt counters: what a limit allows given a key's stored state. The
 * repository applies them under a row lock, so concurrent attempts are counted one by one.
 */

export interface ThrottleState {
  /** Attempts counted in the current window. */
  hits: number;
  windowEndsAt: Date;
  /** Back-off: nothing is evaluated before this time. */
  nextAllowedAt: Date | null;
}

export interface Limit {
  /** Attempts allowed per window; further ones are refused until the window ends. */
  max: number;
  windowMs: number;
  /**
   * Instead of refusing outright, slow down: from the `after`-th attempt in a window, each one
   * must wait `baseMs * 2^(n - after)` (at most `maxMs`) after the previous.
   */
  backoff?: { after: number; baseMs: number; maxMs: number };
}

export type Decision =
  { allowed: true; next: ThrottleState } | { allowed: false; waitMs: number; next: ThrottleState };

/** The state of a key that has no live window: a fresh one starting now. */
function current(prev: ThrottleState | null, limit: Limit, now: Date): ThrottleState {
  if (prev && prev.windowEndsAt.getTime() > now.getTime()) return prev;
  return { hits: 0, windowEndsAt: new Date(now.getTime() + limit.windowMs), nextAllowedAt: null };
}

/** Whether one more attempt may be evaluated now, and the key's state after counting it. */
export function decide(prev: ThrottleState | null, limit: Limit, now: Date): Decision {
  const state = current(prev, limit, now);
  const t = now.getTime();
  if (state.nextAllowedAt && state.nextAllowedAt.getTime() > t) {
    return { allowed: false, waitMs: state.nextAllowedAt.getTime() - t, next: state };
  }
  if (state.hits >= limit.max) {
    return { allowed: false, waitMs: state.windowEndsAt.getTime() - t, next: state };
  }
  const hits = state.hits + 1;
  const b = limit.backoff;
  const nextAllowedAt =
    b && hits >= b.after ? new Date(t + Math.min(b.baseMs * 2 ** (hits - b.after), b.maxMs)) : null;
  return { allowed: true, next: { hits, windowEndsAt: state.windowEndsAt, nextAllowedAt } };
}

/** "45 seconds", "1 minute", "15 minutes": how long to wait, rounded up, for a message. */
export function describeWait(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The Retry-After header value (whole seconds, at least 1). */
export function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1000)));
}
