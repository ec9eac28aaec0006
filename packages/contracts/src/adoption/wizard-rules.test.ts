import { describe, expect, it } from 'vitest';
import { cleanMaterialSearch, isbnProblem } from './material-search.ts';
import { addDays, earliestStartDate, sectionBlockedReason } from './wizard-rules.ts';

const today = '2026-11-23';
const section = (startDate: string, ntr = false, nonNtr = false) => ({
  startDate,
  sectionHasNTRAdoption: ntr,
  sectionHasNonNTRAdoption: nonNtr,
});

describe('material search text (docs/behaviour/validation.md)', () => {
  it('drops hyphens only from a search with digits, and trims', () => {
    expect(cleanMaterialSearch('  978-0-306-40615-7 ')).toBe('9780306406157');
    expect(cleanMaterialSearch(' Anti-Oedipus  reader ')).toBe('Anti-Oedipus reader');
  });

  it('says what is wrong with a mistyped ISBN and lets words through', () => {
    expect(isbnProblem('9780306406157')).toBeNull();
    expect(isbnProblem('0306406152')).toBeNull();
    expect(isbnProblem('9780306406158')).toContain('check digit is wrong');
    expect(isbnProblem('030640615X')).toContain('ISBN-10');
    expect(isbnProblem('978030640615')).toBe(
      '978030640615 has 12 characters: an ISBN has 10 or 13.',
    );
    expect(isbnProblem('BIO 101')).toBeNull();
  });
});

describe('section selectability (docs/behaviour/validation.md, docs/behaviour/constants.md)', () => {
  it('blocks sections past the 200-day horizon, or 360 with show all', () => {
    const later = section(addDays(today, 250));
    expect(sectionBlockedReason(later, { today, showAll: false, flow: 'material' })).toContain(
      '200-day horizon',
    );
    expect(sectionBlockedReason(later, { today, showAll: true, flow: 'material' })).toBeNull();
    expect(
      sectionBlockedReason(section(addDays(today, 361)), {
        today,
        showAll: true,
        flow: 'material',
      }),
    ).toContain('360-day horizon');
    expect(
      sectionBlockedReason(section(addDays(today, 200)), {
        today,
        showAll: false,
        flow: 'material',
      }),
    ).toBeNull();
  });

  it('blocks sections with a no-text-required adoption, and in that flow adopted ones too', () => {
    const opts = { today, showAll: false };
    expect(sectionBlockedReason(section(today, true), { ...opts, flow: 'material' })).toBe(
      'Already marked no text required',
    );
    expect(
      sectionBlockedReason(section(today, false, true), { ...opts, flow: 'material' }),
    ).toBeNull();
    expect(
      sectionBlockedReason(section(today, false, true), { ...opts, flow: 'noMaterials' }),
    ).toBe('Already has adopted materials');
  });

  it('starts no-text-required records at the earliest such section, or tomorrow with none', () => {
    const sections = [
      section('2027-01-11'),
      section('2026-12-01', false, true),
      section('2027-02-01'),
    ];
    expect(earliestStartDate(sections, { today, flow: 'noMaterials' })).toBe('2027-01-11');
    expect(earliestStartDate([], { today, flow: 'noMaterials' })).toBe('2026-11-24');
    expect(earliestStartDate(sections, { today, flow: 'material' })).toBe(today);
  });
});
