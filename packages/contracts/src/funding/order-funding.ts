import { z } from 'zod';
import { MAX_FUNDING_BUDGET_CENTS } from './funding-labels.ts';
import { cents, promotionCode } from './funding-sources.ts';

/**
 * How an order is paid from funding (issue 14, part 1): part or all of its eligible items from the
 * student's allowances, most specific source first, at most `maxCents` when given; a promotion
 * code gives the student that promotion's allowance first (once per student, within its use
 * limit). Omitted: the order uses no funding.
 */
export const orderFundingRequest = z.object({
  useAllowances: z.boolean({ error: 'must be true or false' }),
  maxCents: cents(MAX_FUNDING_BUDGET_CENTS).nullable().default(null),
  promotionCode: promotionCode.nullable().default(null),
});
export type OrderFundingRequest = z.input<typeof orderFundingRequest>;

/**
 * An allowance's voucher code in an order's answers: null for a caller who may not see the
 * student's funding (STUDENT_FUNDING_ACTIONS). The code pays for orders, so a clerk who only
 * places them sees what funding pays and from which source, not the code.
 */
const shownVoucherCode = z.string().nullable();

/** One allowance paying for an order. */
export const orderFundingLine = z.object({
  allowanceId: z.number().int(),
  sourceName: z.string(),
  voucherCode: shownVoucherCode,
  amountCents: z.number().int(),
});

/** The split a preview proposes (or an order placed): funded, and what the student pays. */
export const orderFundingSplit = z.object({
  lines: z.array(orderFundingLine),
  fundedCents: z.number().int(),
  studentPaysCents: z.number().int(),
});
export type OrderFundingSplit = z.infer<typeof orderFundingSplit>;

/** What funding paid for an order of the history, and what its cancellation gave back. */
export const orderFundingHistory = z.object({
  sourceName: z.string(),
  voucherCode: shownVoucherCode,
  chargedCents: z.number().int(),
  refundedCents: z.number().int(),
});
