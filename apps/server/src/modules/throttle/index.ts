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

export type TakeResult =
  | { allowed: true }
  | { allowed: false; waitMs: number; /** The keys whose limit refused it. */ refused: string[] };

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
   * longest wait among the refusing keys, and `refused` names them).
   */
  async take(limits: { key: string; limit: Limit }[]): Promise<TakeResult> {
    const now = this.now();
    const result = await this.db.transaction(async (tx) => {
      const states = await lockStates(
        tx as unknown as Db,
        limits.map((l) => l.key),
        now,
      );
      const decisions = limits.map((l) => ({
        key: l.key,
        decision: decide(states.get(l.key) ?? null, l.limit, now),
      }));
      const refusing = decisions.flatMap((d) =>
        d.decision.allowed ? [] : [{ key: d.key, waitMs: d.decision.waitMs }],
      );
      if (refusing.length) {
        return {
          allowed: false as const,
          waitMs: Math.max(...refusing.map((r) => r.waitMs)),
          refused: refusing.map((r) => r.key),
        };
      }
      for (const d of decisions) await saveState(tx as unknown as Db, d.key, d.decision.next);
      return { allowed: true as const };
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
