import { describe, expect, it } from 'vitest';
import { applyPauseSeconds } from './embedded-pause.ts';

describe('the pause an apply causes on the embedded database (ADR 0042)', () => {
  it('is told in 5-second steps, erring long, for the bench file of 400,000 rows', () => {
    // The bench applied it in 38 to 52 s: the estimate must not promise less.
    expect(applyPauseSeconds('pglite', 400_000)).toBe(60);
    expect(applyPauseSeconds('pglite', 100_000)).toBe(15);
  });

  it('is not mentioned for a file applied in a few seconds', () => {
    expect(applyPauseSeconds('pglite', 10_000)).toBeNull();
    expect(applyPauseSeconds('pglite', 34_999)).toBeNull();
    expect(applyPauseSeconds('pglite', 35_000)).toBe(5);
  });

  it('never happens on PostgreSQL, whose other connections keep answering', () => {
    expect(applyPauseSeconds('postgres', 400_000)).toBeNull();
  });
});
