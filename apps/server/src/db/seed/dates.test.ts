import { describe, expect, it } from 'vitest';
import { dayNumber, isoDay, termsAround } from './dates.ts';

describe('termsAround', () => {
  it('always gives data in the default catalog and section windows, whatever today is', () => {
    const first = dayNumber(new Date(Date.UTC(2025, 0, 1)));
    for (let day = first; day < first + 2 * 366; day++) {
      const today = new Date(day * 86_400_000 + 12 * 3_600_000);
      for (const offset of [-7, 0, 7]) {
        const { past, current, upcoming } = termsAround(today, offset);
        expect(past.endDay).toBeLessThan(current.startDay);
        expect(current.startDay).toBeLessThanOrEqual(day);
        expect(upcoming.startDay).toBeGreaterThan(day);
        // Catalog filter: a section starts between today and today + 187 days.
        expect(upcoming.startDay - day).toBeLessThanOrEqual(187);
        // Section filter (4 months back .. 1 month ahead): the current or the upcoming term starts in it.
        const inWindow = (start: number): boolean => start >= day - 120 && start <= day + 30;
        expect(inWindow(current.startDay) || inWindow(upcoming.startDay)).toBe(true);
      }
    }
  });

  it('names terms by season and year', () => {
    const { past, current, upcoming } = termsAround(new Date('2026-03-10T12:00:00Z'), 0);
    expect([past, current, upcoming].map((t) => `${t.season} ${t.year}`)).toEqual([
      'Fall 2025',
      'Spring 2026',
      'Summer 2026',
    ]);
    expect(isoDay(current.startDay)).toBe('2026-01-12');
  });
});
