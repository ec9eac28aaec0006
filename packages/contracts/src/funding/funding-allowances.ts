import { z } from 'zod';
import { FILE_MEDIA_TYPES, endpoint } from '../common/endpoint.ts';
import { FUNDING_MANAGER_ACCESS } from './funding-access.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import type { ActionName } from '../common/roles.ts';
import { customerQuery } from '../students/student-detail.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { pagedResponse, pageNumber, pageSize, pagingFields } from '../common/paging.ts';
import {
  FUNDING_ACTIVITY_ACTIONS,
  FUNDING_KINDS,
  LEDGER_KINDS,
  MAX_ALLOWANCE_CENTS,
} from './funding-labels.ts';
import { cents, FUNDING_BASE, fundingAccountParams, sourceParams } from './funding-sources.ts';

export const allowanceParams = z.object({ userAccountId: dbIdParam, allowanceId: dbIdParam });

/** Searches a source's allowances or ledger by student ID or name. */
const studentSearch = withoutNul(
  z.string().trim().max(100, 'must be at most 100 characters'),
).optional();

/** The ledger and the activity log read newest first only: a page and its size, no sort. */
const newestFirstPage = { page: pageNumber.default(1), pageSize: pageSize.default(25) };

/** The optional note given when an allowance is added or its amount set. */
const allowanceNote = withoutNul(
  z.string().trim().max(200, 'must be at most 200 characters'),
).default('');

/** A voucher endpoint answers a PDF file, no JSON. */
const ANSWERS_PDF = { response: z.never(), success: { file: FILE_MEDIA_TYPES.pdf } } as const;

/** A student's allowance from one source, with its figures from the ledger. */
export const fundingAllowance = z.object({
  allowanceId: z.number().int(),
  sourceId: z.number().int(),
  customerId: z.number().int(),
  studentIdNum: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The voucher code that identifies it (printed and e-mailed to the student). */
  voucherCode: z.string(),
  allocatedCents: z.number().int(),
  spentCents: z.number().int(),
  /** Expired or paid out when the window ended. */
  closedCents: z.number().int(),
  balanceCents: z.number().int(),
  note: z.string(),
  createdAt: z.string(),
  /** When the voucher was last e-mailed, else null. */
  emailedAt: z.string().nullable(),
});
export type FundingAllowance = z.infer<typeof fundingAllowance>;

export const ALLOWANCE_SORT_FIELDS = ['lastName', 'studentIdNum', 'createdAt'] as const;

export const getAllowances = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/sources/:sourceId/allowances`,
  summary: "One page of a source's allowances, searched by student ID or name",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  query: z.object({
    search: studentSearch,
    ...pagingFields({
      sortFields: ALLOWANCE_SORT_FIELDS,
      defaultSort: 'lastName',
      defaultDirection: 'asc',
      defaultPageSize: 25,
    }),
  }),
  response: pagedResponse('allowances', fundingAllowance),
});

export const addAllowance = endpoint({
  method: 'POST',
  path: `${FUNDING_BASE}/sources/:sourceId/allowances`,
  summary:
    'Gives one student an allowance from the source (an ALLOCATION entry and a voucher code). The same clientKey from the same account answers the allowance it added first',
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  body: z.object({
    studentIdNum: withoutNul(
      z.string({ error: 'Enter the student ID.' }).trim().min(1, 'Enter the student ID.').max(50),
    ),
    amountCents: cents(MAX_ALLOWANCE_CENTS).min(1, 'must be more than zero'),
    note: allowanceNote,
    clientKey: z.uuid({ error: 'must be a UUID' }),
  }),
  response: fundingAllowance,
});

/**
 * Sets what a student is allocated (an ADJUSTMENT entry for the difference; the same amount
 * again writes nothing). It may not fall below what the student has spent.
 */
export const setAllowanceAmount = endpoint({
  method: 'POST',
  path: `${FUNDING_BASE}/allowances/:allowanceId/amount`,
  summary: "Sets an allowance's allocated amount (an ADJUSTMENT entry for the difference)",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: allowanceParams,
  body: z.object({
    amountCents: cents(MAX_ALLOWANCE_CENTS),
    note: allowanceNote,
  }),
  response: fundingAllowance,
});

/** The voucher as a PDF (one page); answered as application/pdf. */
export const getVoucherPdf = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/allowances/:allowanceId/voucher.pdf`,
  summary: "A student's voucher as a printable PDF",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: allowanceParams,
  ...ANSWERS_PDF,
});

/** Every voucher of a source, one per page; answered as application/pdf. */
export const getSourceVouchersPdf = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/sources/:sourceId/vouchers.pdf`,
  summary: 'Every voucher of a source as one printable PDF, a voucher per page (at most 5,000)',
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  ...ANSWERS_PDF,
});

export const emailVoucher = endpoint({
  method: 'POST',
  path: `${FUNDING_BASE}/allowances/:allowanceId/email`,
  summary: "E-mails the voucher to the student's address",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: allowanceParams,
  response: z.object({ sentTo: z.string(), emailedAt: z.string() }),
});

/** Where "E-mail vouchers" stands for a source's allowances. */
export const voucherMailing = z.object({
  /** Not yet e-mailed, the student has an address, and no run is sending it. */
  unsent: z.number().int(),
  /** Being sent by a run now. */
  sending: z.number().int(),
  /** Not yet e-mailed, and the student has no e-mail address. */
  withoutEmail: z.number().int(),
  /** E-mailed at least once (by a run or one by one). */
  emailed: z.number().int(),
});
export type VoucherMailing = z.infer<typeof voucherMailing>;

export const getVoucherMailing = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/sources/:sourceId/vouchers/email`,
  summary:
    "How many of a source's vouchers are e-mailed, being sent, not sent, or without an address",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  response: voucherMailing,
});

/**
 * E-mails every voucher of the source not yet e-mailed, to each student with an address, in
 * the background: answered 202 once they are claimed for this run (`started` of them), or 200
 * with `started` 0 when there is none to send. Each voucher is claimed before it is sent, so
 * a second press, or another process, never mails a student twice.
 */
export const emailSourceVouchers = endpoint({
  method: 'POST',
  path: `${FUNDING_BASE}/sources/:sourceId/vouchers/email`,
  summary:
    'E-mails, in the background, every voucher of the source not yet e-mailed to a student with an address; each at most once however often it is asked',
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  response: voucherMailing.extend({ started: z.number().int() }),
  /** 202 when mailing starts; 200 when nothing is left to send. */
  success: { json: [200, 202] },
});

export const ledgerEntry = z.object({
  entryId: z.number().int(),
  at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed cents as the entry moves the student's balance. */
  amountCents: z.number().int(),
  allowanceId: z.number().int(),
  studentIdNum: z.string(),
  studentName: z.string(),
  orderId: z.number().int().nullable(),
  termName: z.string().nullable(),
  actorName: z.string().nullable(),
  note: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const getSourceLedger = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/sources/:sourceId/ledger`,
  summary: "One page of a source's ledger, newest first; search by student ID or name",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  query: z.object({
    search: studentSearch,
    ...newestFirstPage,
  }),
  response: pagedResponse('entries', ledgerEntry),
});

export const fundingActivityEntry = z.object({
  activityId: z.number().int(),
  at: z.string(),
  action: z.enum(FUNDING_ACTIVITY_ACTIONS),
  actorName: z.string().nullable(),
  /** What changed, in words (e.g. "Budget $50,000.00 → $60,000.00"). */
  summary: z.string(),
});

export const getSourceActivity = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/sources/:sourceId/activity`,
  summary: "One page of a source's activity log (who changed what, when), newest first",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  query: z.object({
    ...newestFirstPage,
  }),
  response: pagedResponse('activity', fundingActivityEntry),
});

/** One of a student's allowances, as the student screen and order creation show it. */
export const studentAllowance = z.object({
  allowanceId: z.number().int(),
  sourceId: z.number().int(),
  sourceName: z.string(),
  kind: z.enum(FUNDING_KINDS),
  voucherCode: z.string(),
  termNames: z.array(z.string()),
  chargeStartsOn: z.string(),
  chargeEndsOn: z.string(),
  /** Whether it can pay for an order today (its window is open and it has a balance). */
  usableToday: z.boolean(),
  /** What it pays for, in words (e.g. "Required materials of the student's own sections: new, used, rental"). */
  eligibility: z.string(),
  allocatedCents: z.number().int(),
  spentCents: z.number().int(),
  balanceCents: z.number().int(),
});
export type StudentAllowance = z.infer<typeof studentAllowance>;

/**
 * Who may see a student's funding figures (allowances, balances, voucher codes): a funding
 * manager (MANAGE_VOUCHERS, which opens all of the store's funding anyway), or a holder of
 * VIEW_STUDENT_FUNDING whose scope reaches the student. Anyone else gets STUDENT_FUNDING_REFUSAL
 * from getStudentFunding and no voucher code in order answers.
 */
export const STUDENT_FUNDING_ACTIONS: readonly ActionName[] = [
  'MANAGE_VOUCHERS',
  'VIEW_STUDENT_FUNDING',
];

export const STUDENT_FUNDING_REFUSAL =
  "A student's funding needs the MANAGE_VOUCHERS or VIEW_STUDENT_FUNDING permission.";

/**
 * A student's funding (student screen, order creation): for STUDENT_FUNDING_ACTIONS holders
 * (403 STUDENT_FUNDING_REFUSAL otherwise), of a student they may look up (404 otherwise).
 */
export const getStudentFunding = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/student/funding`,
  summary:
    "A student's allowances with what each has left and what it pays for (MANAGE_VOUCHERS, or VIEW_STUDENT_FUNDING reaching the student)",
  auth: true,
  access: { kind: 'action', anyOf: ['MANAGE_VOUCHERS', 'VIEW_STUDENT_FUNDING'], scope: 'student' },
  params: fundingAccountParams,
  query: customerQuery,
  response: z.object({
    allowances: z.array(studentAllowance),
    /** The sum of the balances usable today. */
    availableCents: z.number().int(),
  }),
});
