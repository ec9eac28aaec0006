import type { AllowanceUpload, FundingAllowance, FundingSource, LedgerEntry } from '@csp/contracts';

export function fundingSource(overrides: Partial<FundingSource> = {}): FundingSource {
  return {
    sourceId: 1,
    name: 'Fall 2026 Book Advance',
    kind: 'FINANCIAL_AID',
    terms: [{ termId: 10, termName: 'Fall 2026', divisionName: 'Main Campus' }],
    chargeStartsOn: '2026-08-17',
    chargeEndsOn: '2026-09-30',
    perStudentCapCents: 60_000,
    scope: 'REQUIRED_OWN_SECTIONS',
    spending: ['NEW', 'USED', 'RENTAL', 'DIGITAL'],
    unspentPolicy: 'RETURN_TO_SOURCE',
    promotion: null,
    state: 'OPEN',
    closedAt: null,
    version: 3,
    createdAt: '2026-08-01T14:00:00.000Z',
    createdByName: 'Casey Morgan',
    figures: {
      budgetCents: 6_000_000,
      allocatedCents: 4_000_000,
      spentCents: 1_200_000,
      expiredCents: 0,
      paidOutCents: 0,
      balanceCents: 2_800_000,
      remainingCents: 2_000_000,
      allowanceCount: 60,
    },
    ...overrides,
  };
}

export function allowance(i: number, overrides: Partial<FundingAllowance> = {}): FundingAllowance {
  const n = String(i).padStart(3, '0');
  return {
    allowanceId: 500 + i,
    sourceId: 1,
    customerId: 900 + i,
    studentIdNum: `900000${n}`,
    firstName: 'Student',
    lastName: `Number ${n}`,
    email: `s${n}@example.edu`,
    voucherCode: `VC${n}ABCDEF`,
    allocatedCents: 50_000,
    spentCents: 10_000,
    closedCents: 0,
    balanceCents: 40_000,
    note: '',
    createdAt: '2026-08-02T10:00:00.000Z',
    emailedAt: null,
    ...overrides,
  };
}

export function allowanceUpload(overrides: Partial<AllowanceUpload> = {}): AllowanceUpload {
  return {
    uploadId: 31,
    sourceId: 1,
    fileName: 'aid-fall.csv',
    status: 'CHECKED',
    createdAt: '2026-08-05T15:00:00.000Z',
    createdByName: 'Casey Morgan',
    appliedAt: null,
    appliedByName: null,
    rowsRead: 205,
    rowsValid: 200,
    rowsRejected: 5,
    validCents: 5_000_000,
    remainingCents: 6_000_000,
    reasons: [
      { column: 'Student ID', message: 'No student with ID 123 at this store.', rows: 3 },
      { column: 'Amount', message: 'must be an amount in dollars', rows: 2 },
    ],
    errorMessage: null,
    ...overrides,
  };
}

export function ledgerEntry(i: number): LedgerEntry {
  return {
    entryId: 7000 + i,
    at: '2026-08-10T16:30:00.000Z',
    kind: i % 2 ? 'CHARGE' : 'ALLOCATION',
    amountCents: i % 2 ? -4_210 : 50_000,
    allowanceId: 500 + i,
    studentIdNum: `900000${i}`,
    studentName: `Student ${i}`,
    orderId: i % 2 ? 8800 + i : null,
    termName: i % 2 ? 'Fall 2026' : null,
    actorName: 'Casey Morgan',
    note: '',
  };
}

export const TERMS = [
  {
    termId: 10,
    termName: 'Fall 2026',
    divisionName: 'Main Campus',
    startDate: '2026-08-24',
    endDate: '2026-12-12',
  },
  {
    termId: 11,
    termName: 'Spring 2026',
    divisionName: 'Main Campus',
    startDate: '2026-01-12',
    endDate: '2026-05-08',
  },
];

/**
 * The day-7 report of a term: `students` aid students still without a book (one unless asked),
 * of 2 + students - 1 aid students; the page asked for, 50 a page, with totals of every page.
 */
export function accessDayReport(term: (typeof TERMS)[number], students = 1, page = 1) {
  const all = Array.from({ length: students }, (_, i) => ({
    customerId: 900 + term.termId + i * 100,
    studentIdNum: `9000${term.termId}${i === 0 ? '' : String(i).padStart(3, '0')}`,
    studentName: `Aid Student ${term.termName}${i === 0 ? '' : ` ${i + 1}`}`,
    email: 'aid@example.edu',
    sourceNames: ['Fall 2026 Book Advance'],
    balanceCents: 40_000,
    requiredCount: 2,
    notOrderedCount: 1,
    orderedNotFulfilledCount: 0,
    fulfilledCount: 1,
    missing: ['9780000000001 Biology (BIO-101-A)'],
  }));
  return {
    termId: term.termId,
    termName: term.termName,
    termStartsOn: term.startDate,
    accessDay: term.startDate,
    accessDayPassed: true,
    aidStudents: students + 1,
    rows: all.slice((page - 1) * 50, page * 50),
    recordCount: students,
    totals: {
      balanceCents: 40_000 * students,
      requiredCount: 2 * students,
      notOrderedCount: students,
      orderedNotFulfilledCount: 0,
      fulfilledCount: students,
    },
  };
}
