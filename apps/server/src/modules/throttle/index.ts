import type { Db } from '../../db/client.ts';
import {
  deleteExpired,
  deleteKeys,
  isMarked,
  lockStates,
  mark,
  refund,
  saveState,
} from './repository.ts';
import { decide, type Limit } from './rules.ts';

export { describeWait, retryAfterSeconds, type Limit } from './rules.ts';

/** A key and the limit an attempt is counted against. */
export interface KeyLimit {
  key: string;
  limit: Limit;
  /**
   * When the only keys at their limit are waivable ones, the attempt is allowed and counted
   * against the other keys alone (never against these); the result names them in `waived`.
   */
  waivable?: boolean;
}

/** A key at its limit and how long until it allows an attempt again. */
export interface KeyWait {
  key: string;
  waitMs: number;
}

export type TakeResult =
  { allowed: true; waived: KeyWait[] } | { allowed: false; waitMs: number; refusedBy: KeyWait[] };

/** Expired counters are swept after this many attempts (by this process). */
const SWEEP_EVERY = 500;

/**
 * Attempt counters kept in the database, so every server process on it enforces one limit, and
 * taken atomically before the attempt is evaluated: concurrent attempts are counted one by one
 * under a row lock, so 40 simultaneous guesses cannot all slip under a limit of 5.
 */
export class AttemptThrottle {
  private sinceSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /**
   * Counts one attempt against every key, or none when any key refuses it (then `waitMs` is the
   * longest wait among the refusing keys), waivable keys aside (see {@link KeyLimit}).
   */
  async take(limits: KeyLimit[]): Promise<TakeResult> {
    const now = this.now();
    const result = await this.db.transaction(async (tx): Promise<TakeResult> => {
      const states = await lockStates(
        tx as unknown as Db,
        limits.map((l) => l.key),
        now,
      );
      const decisions = limits.map((l) => ({
        ...l,
        decision: decide(states.get(l.key) ?? null, l.limit, now),
      }));
      const atLimit = decisions.flatMap((d) =>
        d.decision.allowed ? [] : [{ key: d.key, waitMs: d.decision.waitMs, waivable: d.waivable }],
      );
      const waits = (list: typeof atLimit) => list.map(({ key, waitMs }) => ({ key, waitMs }));
      if (atLimit.some((d) => !d.waivable)) {
        const waitMs = Math.max(...atLimit.map((d) => d.waitMs));
        return { allowed: false, waitMs, refusedBy: waits(atLimit) };
      }
      for (const d of decisions) {
        if (d.decision.allowed) await saveState(tx as unknown as Db, d.key, d.decision.next);
      }
      return { allowed: true, waived: waits(atLimit) };
    });
    if (++this.sinceSweep >= SWEEP_EVERY) {
      this.sinceSweep = 0;
      await deleteExpired(this.db, now);
    }
    return result;
  }

  /** Forgets these keys' counters. */
  clear(keys: string[]): Promise<void> {
    return deleteKeys(this.db, keys);
  }

  /** Keeps a marker under `key` for `ttlMs` (no attempts counted; swept when it ends). */
  mark(key: string, ttlMs: number): Promise<void> {
    return mark(this.db, key, new Date(this.now().getTime() + ttlMs));
  }

  /** Whether a marker set with {@link mark} is still in force. */
  isMarked(key: string): Promise<boolean> {
    return isMarked(this.db, key, this.now());
  }

  /** Gives back the attempt just counted against this key. */
  refund(key: string): Promise<void> {
    return refund(this.db, key);
  }
}
