import { describe, expect, it } from 'vitest';
import { LAW, MAIN } from '../../../test/metrics/metrics-fake-server.ts';
import { chooseDivision, chooseTerm } from './dashboard-view.ts';

describe('the dashboard view from the URL', () => {
  it('shows the first division unless the URL names one of the caller’s', () => {
    expect(chooseDivision([MAIN, LAW], 0)).toBe(MAIN);
    expect(chooseDivision([MAIN, LAW], 2)).toBe(LAW);
    // A link from someone who reports on another division: quietly the first.
    expect(chooseDivision([MAIN, LAW], 99)).toBe(MAIN);
    expect(chooseDivision([], 1)).toBeNull();
  });

  it('shows the division’s default term unless the URL names one of its terms', () => {
    expect(chooseTerm(MAIN, 0)?.termId).toBe(10);
    expect(chooseTerm(MAIN, 11)?.termId).toBe(11);
    // The law school's term is not one of the main campus's.
    expect(chooseTerm(MAIN, 20)?.termId).toBe(10);
  });

  it('falls back to the newest term without a default, and to none without terms', () => {
    expect(chooseTerm({ ...MAIN, defaultTermId: null }, 0)?.termId).toBe(11);
    expect(chooseTerm({ ...MAIN, terms: [], defaultTermId: null }, 10)).toBeNull();
  });
});
