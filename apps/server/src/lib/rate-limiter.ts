/** Keys are swept of stale entries once this many are held. */
const SWEEP_THRESHOLD = 10_000;

/**
 * A small in-memory sliding-window counter: `hit` records one event for a key and tells how
 * long to wait (ms) when the key already had `limit` events within the window, 0 otherwise.
 * One process holds the counters, which is enough to slow abuse on a single-node deployment.
 */
export class SlidingWindowCounter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key is allowed again; 0 when it is allowed now. */
  waitMs(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    const unblocking = recent[recent.length - this.limit] ?? 0;
    return Math.max(1, unblocking + this.windowMs - this.now());
  }

  record(key: string): void {
    if (this.events.size >= SWEEP_THRESHOLD) {
      for (const k of [...this.events.keys()]) this.recent(k);
    }
    this.events.set(key, [...this.recent(key), this.now()]);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const recent = (this.events.get(key) ?? []).filter((t) => t > cutoff);
    if (recent.length) this.events.set(key, recent);
    else this.events.delete(key);
    return recent;
  }
}
