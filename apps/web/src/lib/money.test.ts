import { describe, expect, it } from 'vitest';
import { parseDollars } from './money.ts';

describe('parseDollars', () => {
  it('reads dollars as typed as whole cents', () => {
    expect(parseDollars(' 25 ')).toBe(2500);
    expect(parseDollars('$1,250.5')).toBe(125_050);
    expect(parseDollars('60,000')).toBe(6_000_000);
    expect(parseDollars('.75')).toBe(75);
    expect(parseDollars('0')).toBe(0);
    expect(parseDollars('19.99')).toBe(1999);
    expect(parseDollars('999999999.99')).toBe(99_999_999_999);
  });

  it('refuses what is not an amount or a part of a cent, never rounding', () => {
    for (const text of ['', ' ', 'abc', '-5', '1.005', '1e3', '12.3.4', '$', '1000000000']) {
      expect(parseDollars(text), text).toBeNull();
    }
  });
});
