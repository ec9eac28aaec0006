/** Runs `fn` `runs` times after `warmup` untimed runs and returns the latencies in ms. */
export async function measure(
  fn: () => Promise<void>,
  runs: number,
  warmup = 10,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

export function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * Times `a` and `b` call by call, alternately, after `warmup` untimed runs of each: a growth
 * ratio compares two calls measured under the same moment's machine, not a large store's run
 * against a demo store's run made after it (on this 2-core machine, the speed of a few-ms call
 * drifted by up to 0.4x between two such runs).
 */
export async function measureAlternately(
  a: () => Promise<void>,
  b: () => Promise<void>,
  runs: number,
  warmup = 10,
): Promise<[number[], number[]]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const timesA: number[] = [];
  const timesB: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Which goes first alternates too: neither always follows the other's cache state.
    const [first, firstTimes, second, secondTimes] =
      i % 2 === 0 ? [a, timesA, b, timesB] : [b, timesB, a, timesA];
    let start = performance.now();
    await first();
    firstTimes.push(performance.now() - start);
    start = performance.now();
    await second();
    secondTimes.push(performance.now() - start);
  }
  return [timesA, timesB];
}
