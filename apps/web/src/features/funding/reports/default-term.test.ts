import { describe, expect, it } from 'vitest';
import { defaultReportTerm, defaultTerm } from './default-term.ts';

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

describe('the term the day-7 report opens on when the URL names none', () => {
  // Two divisions' terms as the server lists them: newest first, then by division name.
  const DIVISION_TERMS = [
    {
      termId: 21,
      divisionName: 'Continuing Education',
      startDate: '2026-08-24',
      endDate: '2026-12-12',
    },
    { termId: 10, divisionName: 'Main Campus', startDate: '2026-08-24', endDate: '2026-12-12' },
    {
      termId: 20,
      divisionName: 'Continuing Education',
      startDate: '2026-01-12',
      endDate: '2026-05-08',
    },
    { termId: 11, divisionName: 'Main Campus', startDate: '2026-01-12', endDate: '2026-05-08' },
  ];
  const aid = (termIds: number[], overrides: object = {}) => ({
    kind: 'FINANCIAL_AID',
    terms: termIds.map((termId) => ({ termId })),
    chargeStartsOn: '2026-01-05',
    chargeEndsOn: '2026-12-31',
    figures: { allowanceCount: 60 },
    ...overrides,
  });
  const pick = (sources: ReturnType<typeof aid>[], iso = '2026-09-01') =>
    defaultReportTerm(DIVISION_TERMS, sources, on(iso))?.termId;

  it('is the term under way of the division with aid students, not the first by name', () => {
    expect(pick([aid([10, 11])])).toBe(10);
    expect(pick([aid([10, 11]), aid([21], { figures: { allowanceCount: 0 } })])).toBe(10);
  });

  it('is the latest started term with aid when the term under way has none', () => {
    expect(pick([aid([11])])).toBe(11);
  });

  it('counts only aid, and an any-term aid source in the terms its charge window meets', () => {
    expect(pick([aid([10], { kind: 'SCHOLARSHIP' }), aid([20])])).toBe(20);
    expect(pick([aid([], { chargeStartsOn: '2026-02-01', chargeEndsOn: '2026-03-01' })])).toBe(20);
  });

  it('is the term under way of the first division when no term has aid', () => {
    expect(pick([])).toBe(21);
    expect(pick([aid([10], { kind: 'SCHOLARSHIP' })])).toBe(21);
  });
});
