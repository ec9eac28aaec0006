/**
 * Funding management (issue 14; docs/behaviour/README.md#the-product-in-brief "manage vouchers and funding", docs/behaviour/routes-and-guard.md#routes /funding-management,
 * docs/behaviour/roles.md MANAGE_VOUCHERS): the kinds, rules and words both sides share.
 */

export const FUNDING_KINDS = [
  'FINANCIAL_AID',
  'SCHOLARSHIP',
  'DEPARTMENT',
  'GRANT',
  'PROMOTION',
] as const;
export type FundingKind = (typeof FUNDING_KINDS)[number];
export const FUNDING_KIND_LABELS: Record<FundingKind, string> = {
  FINANCIAL_AID: 'Financial aid',
  SCHOLARSHIP: 'Scholarship',
  DEPARTMENT: 'Department',
  GRANT: 'Grant',
  PROMOTION: 'Promotion',
};

/** Which course materials a source pays for. */
export const FUNDING_SCOPES = ['REQUIRED_OWN_SECTIONS', 'ANY_COURSE_MATERIAL'] as const;
export type FundingScope = (typeof FUNDING_SCOPES)[number];
export const FUNDING_SCOPE_LABELS: Record<FundingScope, string> = {
  REQUIRED_OWN_SECTIONS: "Required materials of the student's own sections",
  ANY_COURSE_MATERIAL: 'Any course material',
};

/**
 * The ways of having a material a source pays for. An order line's fulfilment type maps to one:
 * BUY_NEW → NEW, BUY_USED → USED, RENT_NEW and RENT_USED → RENTAL, DIGITAL → DIGITAL.
 */
export const FUNDING_SPENDING = ['NEW', 'USED', 'RENTAL', 'DIGITAL'] as const;
export type FundingSpending = (typeof FUNDING_SPENDING)[number];
export const FUNDING_SPENDING_LABELS: Record<FundingSpending, string> = {
  NEW: 'New',
  USED: 'Used',
  RENTAL: 'Rental',
  DIGITAL: 'Digital',
};
export const SPENDING_OF_FULFILLMENT: Record<string, FundingSpending> = {
  BUY_NEW: 'NEW',
  BUY_USED: 'USED',
  RENT_NEW: 'RENTAL',
  RENT_USED: 'RENTAL',
  DIGITAL: 'DIGITAL',
};

/**
 * What happens to a student's unspent balance when the source's charge window ends: it returns
 * to the source (an EXPIRY entry), or it is owed to the student and paid out by the business
 * office (a PAYOUT entry). Either way the balance is zero afterwards.
 */
export const UNSPENT_POLICIES = ['RETURN_TO_SOURCE', 'PAY_OUT_TO_STUDENT'] as const;
export type UnspentPolicy = (typeof UNSPENT_POLICIES)[number];
export const UNSPENT_POLICY_LABELS: Record<UnspentPolicy, string> = {
  RETURN_TO_SOURCE: 'Returns to the source',
  PAY_OUT_TO_STUDENT: 'Paid out to the student',
};

/** Where a source is in its charge window (derived from today's date, never stored). */
export const FUNDING_SOURCE_STATES = ['UPCOMING', 'OPEN', 'ENDED'] as const;
export type FundingSourceState = (typeof FUNDING_SOURCE_STATES)[number];
export const FUNDING_SOURCE_STATE_LABELS: Record<FundingSourceState, string> = {
  UPCOMING: 'Not open yet',
  OPEN: 'Open for charges',
  ENDED: 'Charge window ended',
};

/**
 * A ledger entry's kind. Amounts are signed cents as they move a student's balance: ALLOCATION
 * and REFUND are positive, CHARGE, EXPIRY and PAYOUT negative, ADJUSTMENT either.
 */
export const LEDGER_KINDS = [
  'ALLOCATION',
  'ADJUSTMENT',
  'CHARGE',
  'REFUND',
  'EXPIRY',
  'PAYOUT',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  ALLOCATION: 'Allocated',
  ADJUSTMENT: 'Adjusted',
  CHARGE: 'Charged to an order',
  REFUND: 'Refunded (order cancelled)',
  EXPIRY: 'Expired (returned to the source)',
  PAYOUT: 'Paid out to the student',
};

/** What the funding activity log records, with who and when. */
export const FUNDING_ACTIVITY_ACTIONS = [
  'SOURCE_CREATED',
  'SOURCE_UPDATED',
  'ALLOWANCE_ADDED',
  'ALLOWANCE_ADJUSTED',
  'UPLOAD_CHECKED',
  'UPLOAD_APPLIED',
  'VOUCHER_EMAILED',
  'VOUCHERS_EMAILED',
  'VOUCHERS_PRINTED',
  'PROMOTION_REDEEMED',
  'BALANCES_CLOSED',
] as const;
export type FundingActivityAction = (typeof FUNDING_ACTIVITY_ACTIONS)[number];
export const FUNDING_ACTIVITY_LABELS: Record<FundingActivityAction, string> = {
  SOURCE_CREATED: 'Source created',
  SOURCE_UPDATED: 'Source changed',
  ALLOWANCE_ADDED: 'Allowance added',
  ALLOWANCE_ADJUSTED: 'Allowance changed',
  UPLOAD_CHECKED: 'Allowance file checked',
  UPLOAD_APPLIED: 'Allowance file applied',
  VOUCHER_EMAILED: 'Voucher e-mailed',
  VOUCHERS_EMAILED: 'Vouchers e-mailed',
  VOUCHERS_PRINTED: 'Vouchers printed',
  PROMOTION_REDEEMED: 'Promotion code redeemed',
  BALANCES_CLOSED: 'Unspent balances closed',
};

/** An allowance file's life: checked row by row (nothing written), then applied at once. */
export const FUNDING_UPLOAD_STATUSES = ['CHECKED', 'INVALID', 'APPLIED'] as const;
export type FundingUploadStatus = (typeof FUNDING_UPLOAD_STATUSES)[number];
export const FUNDING_UPLOAD_STATUS_LABELS: Record<FundingUploadStatus, string> = {
  CHECKED: 'Checked, ready to apply',
  INVALID: 'No row can be applied',
  APPLIED: 'Applied',
};

/** The columns of an allowance file (CSV or the first sheet of an XLSX), header row first. */
export const ALLOWANCE_FILE_COLUMNS = ['Student ID', 'Amount', 'Note'] as const;
/** The largest allowance file accepted (a store's whole aid list fits many times over). */
export const MAX_ALLOWANCE_FILE_BYTES = 5 * 1024 * 1024;
/** The most rows an allowance file may hold. */
export const MAX_ALLOWANCE_FILE_ROWS = 50_000;

/** Money limits: a source's budget and any one amount, in cents. */
export const MAX_FUNDING_BUDGET_CENTS = 1_000_000_000;
export const MAX_ALLOWANCE_CENTS = 10_000_000;

/** Federal aid rules expect aid students to have their books by this day of their term. */
export const ACCESS_DAY = 7;
/** The near-expiry report's default horizon, in days. */
export const NEAR_EXPIRY_DEFAULT_DAYS = 14;

export const FUNDING_REFUSAL =
  'Funding management needs the MANAGE_VOUCHERS permission for the whole store.';

/** Refusals and rule messages the web shows as they are. */
export const FUNDING_MESSAGES = {
  sourceNotFound: 'Funding source not found.',
  allowanceNotFound: 'Allowance not found.',
  uploadNotFound: 'Allowance file not found.',
  studentNotFound: (id: string) => `No student with ID ${id} at this store.`,
  duplicateAllowance: (id: string) => `Student ${id} already has an allowance from this source.`,
  overCap: (cap: string) => `The most one student may get from this source is ${cap}.`,
  overBudget: (left: string) => `Only ${left} of this source's budget is left to allocate.`,
  belowSpent: (spent: string) => `The student has already spent ${spent} of this allowance.`,
  budgetBelowAllocated: (allocated: string) =>
    `The budget cannot be less than the ${allocated} already allocated.`,
  windowOrder: 'The charge window must end on or after the day it starts.',
  /** `closedOn` as the store prints a day (MM/DD/YYYY). */
  sourceClosed: (closedOn: string) =>
    `The unspent balances of this source were closed on ${closedOn}; create a new source instead.`,
  changedMeanwhile:
    'Someone else changed this source while you were editing it. Reload it and make your change again.',
  sourceChangedSinceCheck:
    'The source changed since this file was checked (allowances or budget). Upload the file again to check it against the source as it is now.',
  promotionOnly: 'Only a promotion source has a shared code.',
  promotionNeedsCode: 'A promotion needs its shared code, the amount of each use and a use limit.',
  promotionCodeTaken: (code: string) =>
    `Another source of this store already uses the code ${code}.`,
  unknownPromotionCode: (code: string) => `No open promotion has the code ${code}.`,
  promotionUsedUp: (code: string) =>
    `The promotion ${code} has been used as many times as it may be.`,
  promotionAlreadyUsed: (code: string) => `This student has already used the promotion ${code}.`,
  noStudentEmail: 'The student has no e-mail address.',
  notAFile: 'Send the allowance file itself as the request body.',
  badFileName: 'The file must be a .csv or .xlsx file.',
  emptyFile: 'The file is empty.',
  interruptedUpload: 'The upload stopped before the whole file arrived.',
  missingColumn: (column: string) => `The file has no "${column}" column.`,
  uploadApplied: 'This file has already been applied.',
  uploadInvalid: 'No row of this file can be applied.',
} as const;
