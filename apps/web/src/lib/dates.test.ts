import { describe, expect, it } from 'vitest';
import { addDays, formatDisplayDate, parseApiDate, toApiDate } from './dates.ts';

describe('dates', () => {
  it('displays API dates as MM/DD/YYYY without shifting date-only values', () => {
    expect(formatDisplayDate('2025-01-05')).toBe('01/05/2025');
    expect(formatDisplayDate('2025-12-31')).toBe('12/31/2025');
    expect(formatDisplayDate(new Date(2024, 1, 29))).toBe('02/29/2024');
  });

  it('shows non-dates such as PENDING unchanged and empty values as nothing', () => {
    expect(formatDisplayDate('PENDING')).toBe('PENDING');
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate(undefined)).toBe('');
  });

  it('rejects impossible calendar dates', () => {
    expect(parseApiDate('2025-02-30')).toBeNull();
  });

  it('sends dates as YYYY-MM-DD in the local calendar', () => {
    expect(toApiDate(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
    expect(toApiDate(addDays(new Date(2025, 11, 30), 187))).toBe('2026-07-05');
  });

  it('round-trips a sent date back to the same display date', () => {
    expect(formatDisplayDate(toApiDate(new Date(2025, 6, 4)))).toBe('07/04/2025');
  });
});
