import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './retry-deadlock.ts';

/** A database error as drizzle wraps it: the driver's error, with its SQLSTATE, as the cause. */
const dbError = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

describe('retryOnDeadlock', () => {
  it("runs a deadlock's victim again and answers what the second run gives", async () => {
    let runs = 0;
    const answer = await retryOnDeadlock(async () => {
      runs += 1;
      if (runs === 1) throw dbError('40P01');
      return 'placed';
    });
    expect([answer, runs]).toEqual(['placed', 2]);
  });

  it('runs a serialization failure again too', async () => {
    let runs = 0;
    await retryOnDeadlock(async () => {
      runs += 1;
      if (runs < 3) throw dbError('40001');
    });
    expect(runs).toBe(3);
  });

  it('never reruns other failures, and gives up after the attempts it was given', async () => {
    let runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs += 1;
        throw dbError('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs += 1;
        throw dbError('40P01');
      }, 2),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(2);
  });
});
