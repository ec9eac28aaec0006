import { describe, expect, it } from 'vitest';
import { count, formatDateTime, plural } from './format.ts';

describe('format', () => {
  it('counts and pluralises as a US clerk reads them', () => {
    expect(count(6573)).toBe('6,573');
    expect(plural(1, 'allowance')).toBe('1 allowance');
    expect(plural(1200, 'entry', 'entries')).toBe('1,200 entries');
  });

  it('shows a moment as MM/DD/YYYY and the time, and text that is no moment unchanged', () => {
    expect(formatDateTime(new Date(2026, 7, 25, 15, 5).toISOString())).toBe('08/25/2026 3:05 PM');
    expect(formatDateTime('PENDING')).toBe('PENDING');
  });
});
