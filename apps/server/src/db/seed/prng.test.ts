import { describe, expect, it } from 'vitest';
import { Rng } from './prng.ts';

describe('Rng', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const a = new Rng(7);
    const b = new Rng(7);
    const c = new Rng(8);
    const seqA = Array.from({ length: 20 }, () => a.int(0, 1_000_000));
    expect(Array.from({ length: 20 }, () => b.int(0, 1_000_000))).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.int(0, 1_000_000))).not.toEqual(seqA);
  });
});
