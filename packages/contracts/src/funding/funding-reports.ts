import { z } from 'zod';
import { FILE_MEDIA_TYPES, endpoint } from '../common/endpoint.ts';
import { FUNDING_MANAGER_ACCESS } from './funding-access.ts';
import { dbIdParam } from '../common/errors.ts';
import { pageNumber, pageSize } from '../common/paging.ts';
import { FUNDING_KINDS, NEAR_EXPIRY_DEFAULT_DAYS } from './funding-labels.ts';
import { FUNDING_BASE, fundingAccountParams } from './funding-sources.ts';

/**
 * Funding reports (issue 14, part 2). Each answers JSON, or the same rows as an .xlsx workbook when
 * `format=xlsx` (Content-Type XLSX_CONTENT_TYPE, a file name in Content-Disposition).
 */
const reportFormat = z.enum(['json', 'xlsx'], { error: 'must be json or xlsx' }).default('json');

/** Rows per page of a report on screen; the .xlsx holds every row. */
export const REPORT_PAGE_SIZE = 50;

/**
 * A report that can list thousands of students answers one page as JSON, with its totals over
 * every row; `format=xlsx` ignores the page and gives the whole report.
 */
const reportPaging = {
  page: pageNumber.default(1),
  pageSize: pageSize.default(REPORT_PAGE_SIZE),
};

export const spendingRow = z.object({
  sourceId: z.number().int(),
  sourceName: z.string(),
  kind: z.enum(FUNDING_KINDS),
  /** The term of the orders charged; null for entries without one (allocations). */
  termId: z.number().int().nullable(),
  termName: z.string().nullable(),
  /** The term's division: terms of two divisions may share a name. */
  divisionName: z.string().nullable(),
  chargedCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Charged less refunded. */
  spentCents: z.number().int(),
  orders: z.number().int(),
  students: z.number().int(),
});

export const getSpendingReport = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/reports/spending`,
  summary: 'Spending by source and term: charged, refunded and spent, with orders and students',
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: fundingAccountParams,
  query: z.object({ format: reportFormat }),
  response: z.object({ rows: z.array(spendingRow) }),
  /** `format=xlsx`: the whole report as a workbook. */
  success: { json: [200], file: FILE_MEDIA_TYPES.xlsx },
});

export const nearExpiryRow = z.object({
  allowanceId: z.number().int(),
  sourceId: z.number().int(),
  sourceName: z.string(),
  studentIdNum: z.string(),
  studentName: z.string(),
  email: z.string(),
  voucherCode: z.string(),
  balanceCents: z.number().int(),
  chargeEndsOn: z.string(),
  daysLeft: z.number().int(),
});

export const getNearExpiryReport = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/reports/near-expiry`,
  summary:
    "Unspent allowances whose source's charge window ends within `withinDays` days, soonest first",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: fundingAccountParams,
  query: z.object({
    withinDays: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(365, 'must be at most 365')
      .default(NEAR_EXPIRY_DEFAULT_DAYS),
    format: reportFormat,
    ...reportPaging,
  }),
  response: z.object({
    /** One page of the report. */
    rows: z.array(nearExpiryRow),
    /** Allowances over every page. */
    recordCount: z.number().int().min(0),
    /** Their unspent balances, over every page. */
    balanceCents: z.number().int(),
  }),
  /** `format=xlsx`: the whole report as a workbook. */
  success: { json: [200], file: FILE_MEDIA_TYPES.xlsx },
});

/** An aid student of the term whose required materials are not all in hand. */
export const accessDayRow = z.object({
  customerId: z.number().int(),
  studentIdNum: z.string(),
  studentName: z.string(),
  email: z.string(),
  sourceNames: z.array(z.string()),
  /** Their unspent aid usable for the term's materials. */
  balanceCents: z.number().int(),
  /** Required titles of their sections in the term. */
  requiredCount: z.number().int(),
  notOrderedCount: z.number().int(),
  /** Ordered (not cancelled) but not yet fulfilled. */
  orderedNotFulfilledCount: z.number().int(),
  fulfilledCount: z.number().int(),
  /** The titles still missing, "ISBN title (COURSE-SECTION)" each. */
  missing: z.array(z.string()),
});

export const getAccessDayReport = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/reports/access-day`,
  summary:
    'The day-7 access report: aid students of the term whose required materials are not yet ordered or fulfilled by the seventh day of term',
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: fundingAccountParams,
  query: z.object({ termId: dbIdParam, format: reportFormat, ...reportPaging }),
  response: z.object({
    termId: z.number().int(),
    termName: z.string(),
    termStartsOn: z.string(),
    /** The seventh day of the term (its start is day 1). */
    accessDay: z.string(),
    /** Whether the access day has passed (the report is of students who missed it). */
    accessDayPassed: z.boolean(),
    aidStudents: z.number().int(),
    /** One page of the students without all their required materials. */
    rows: z.array(accessDayRow),
    /** Those students over every page. */
    recordCount: z.number().int().min(0),
    /** The figures of every page, summed. */
    totals: z.object({
      balanceCents: z.number().int(),
      requiredCount: z.number().int(),
      notOrderedCount: z.number().int(),
      orderedNotFulfilledCount: z.number().int(),
      fulfilledCount: z.number().int(),
    }),
  }),
  /** `format=xlsx`: the whole report as a workbook. */
  success: { json: [200], file: FILE_MEDIA_TYPES.xlsx },
});
