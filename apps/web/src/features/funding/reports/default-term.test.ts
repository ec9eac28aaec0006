import { describe, expect, it } from 'vitest';
import { defaultTerm } from './default-term.ts';

// Newest first, as the server lists them.
const TERMS = [
  { termId: 12, startDate: '2027-01-11', endDate: '2027-05-07' },
  { termId: 10, startDate: '2026-08-24', endDate: '2026-12-12' },
  { termId: 11, startDate: '2026-01-12', endDate: '2026-05-08' },
];
const on = (iso: string) => new Date(`${iso}T12:00:00`);

describe('the term the day-7 report opens on', () => {
  it('is the term under way today, not the newest one still to come', () => {
    expect(defaultTerm(TERMS, on('2026-09-01'))?.termId).toBe(10);
    expect(defaultTerm(TERMS, on('2026-08-24'))?.termId).toBe(10);
    expect(defaultTerm(TERMS, on('2026-12-12'))?.termId).toBe(10);
  });

  it('is the latest term that has started between terms, else the first listed', () => {
    expect(defaultTerm(TERMS, on('2026-06-15'))?.termId).toBe(11);
    expect(defaultTerm(TERMS, on('2026-12-20'))?.termId).toBe(10);
    expect(defaultTerm(TERMS, on('2025-12-01'))?.termId).toBe(12);
    expect(defaultTerm([], on('2026-09-01'))).toBeNull();
  });
});
