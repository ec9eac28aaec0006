import { FUNDING_KIND_LABELS } from '@csp/contracts';
import type { AccessDayRow } from './report-access-day-repository.ts';
import type { NearExpiryRow } from './report-near-expiry-repository.ts';
import type { SpendingRow } from './report-spending-repository.ts';
import type { ReportColumn } from './report-xlsx.ts';

/** The spending report's sheet. */
export const SPENDING_COLUMNS: ReportColumn<SpendingRow>[] = [
  { header: 'Source', width: 32, value: (r) => r.sourceName },
  { header: 'Kind', width: 16, value: (r) => FUNDING_KIND_LABELS[r.kind] },
  { header: 'Term', width: 16, value: (r) => r.termName ?? 'No term' },
  { header: 'Division', width: 18, value: (r) => r.divisionName ?? '' },
  { header: 'Charged', width: 14, money: true, value: (r) => r.chargedCents },
  { header: 'Refunded', width: 14, money: true, value: (r) => r.refundedCents },
  { header: 'Spent', width: 14, money: true, value: (r) => r.spentCents },
  { header: 'Orders', width: 9, value: (r) => r.orders },
  { header: 'Students', width: 10, value: (r) => r.students },
];

/** The near-expiry report's sheet. */
export const NEAR_EXPIRY_COLUMNS: ReportColumn<NearExpiryRow>[] = [
  { header: 'Source', width: 32, value: (r) => r.sourceName },
  { header: 'Window ends', width: 13, date: true, value: (r) => r.chargeEndsOn },
  { header: 'Days left', width: 10, value: (r) => r.daysLeft },
  { header: 'Student ID', width: 14, value: (r) => r.studentIdNum },
  { header: 'Student', width: 28, value: (r) => r.studentName },
  { header: 'E-mail', width: 32, value: (r) => r.email },
  { header: 'Voucher code', width: 14, value: (r) => r.voucherCode },
  { header: 'Balance', width: 14, money: true, value: (r) => r.balanceCents },
];

/** The day-7 access report's sheet. */
export const ACCESS_DAY_COLUMNS: ReportColumn<AccessDayRow>[] = [
  { header: 'Student ID', width: 14, value: (r) => r.studentIdNum },
  { header: 'Student', width: 28, value: (r) => r.studentName },
  { header: 'E-mail', width: 32, value: (r) => r.email },
  { header: 'Aid sources', width: 30, value: (r) => r.sourceNames.join(', ') },
  { header: 'Aid balance', width: 14, money: true, value: (r) => r.balanceCents },
  { header: 'Required titles', width: 15, value: (r) => r.requiredCount },
  { header: 'Not ordered', width: 12, value: (r) => r.notOrderedCount },
  { header: 'Ordered, not fulfilled', width: 21, value: (r) => r.orderedNotFulfilledCount },
  { header: 'Fulfilled', width: 10, value: (r) => r.fulfilledCount },
  { header: 'Missing', width: 80, value: (r) => r.missing.join('; ') },
];
