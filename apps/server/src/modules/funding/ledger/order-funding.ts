import type { z } from 'zod';
import type { orderFundingHistory, orderFundingRequest, OrderFundingSplit } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import {
  allowanceFigures,
  insertLedgerEntries,
  lockAllowances,
  type NewLedgerEntry,
} from './ledger-repository.ts';
import { openAllowancesOf, orderFundingRows, orderLedgerRows } from './order-funding-repository.ts';
import { splitOrderLines, type AllowanceUse, type FundingLine } from './order-funding-split.ts';
import { redeemPromotion, usablePromotion } from './promotion-redeem.ts';
import { findSource, sourceTermIds } from '../sources/source-repository.ts';

export type { FundingLine } from './order-funding-split.ts';
export type OrderFundingRequestInput = z.output<typeof orderFundingRequest>;
export type OrderFundingHistory = z.infer<typeof orderFundingHistory>;

/** A priced order as funding needs it (the students module builds it from its priced draft). */
export interface OrderFundingInput {
  locationId: number;
  studentId: number;
  /** The student's ID as the store knows it (a promotion use's messages and activity). */
  studentIdNum: string;
  lines: readonly FundingLine[];
  /** The order's total (lines, tax, shipping): the student pays it less what funding pays. */
  totalCents: number;
  /** The order's request; absent: no funding. */
  request: OrderFundingRequestInput | undefined;
  /** The store's calendar day (UTC), for the charge windows. */
  today: string;
}

/** The split, and the allowances' shares with the lines each pays (what a charge writes). */
export interface OrderFundingPlan {
  split: OrderFundingSplit;
  uses: AllowanceUse[];
}

/** No allowance is used unless asked; a promotion code alone uses only the promotion. */
function wantsFunding(request: OrderFundingRequestInput | undefined): boolean {
  return !!request && (request.useAllowances || request.promotionCode !== null);
}

function toPlan(uses: AllowanceUse[], totalCents: number): OrderFundingPlan {
  const fundedCents = uses.reduce((sum, u) => sum + u.amountCents, 0);
  return {
    uses,
    split: {
      lines: uses.map((u) => ({
        allowanceId: u.allowance.allowanceId,
        sourceName: u.allowance.sourceName,
        voucherCode: u.allowance.voucherCode,
        amountCents: u.amountCents,
      })),
      fundedCents,
      studentPaysCents: totalCents - fundedCents,
    },
  };
}

/**
 * What funding would pay for a priced order, nothing written (createOrderPreview): the
 * student's allowances usable today, most specific source first, each line paid by those that
 * cover it, at most `maxCents`. A promotion code is checked (400 naming funding.promotionCode
 * when unknown, used up or already used by the student) and shown as the allowance it would
 * give (allowance id 0, its code as the voucher).
 */
export async function planOrderFunding(
  db: Db,
  input: OrderFundingInput,
): Promise<OrderFundingPlan> {
  const { request } = input;
  if (!request || !wantsFunding(request)) return toPlan([], input.totalCents);
  const usable = request.useAllowances
    ? await openAllowancesOf(db, input.locationId, input.studentId, input.today)
    : [];
  if (request.promotionCode !== null) {
    const promotion = await usablePromotion(db, input, request.promotionCode, input.today);
    const source = await openPromotionSource(db, input, promotion.sourceId);
    usable.push({
      ...source,
      allowanceId: 0,
      voucherCode: promotion.code,
      createdAt: new Date(),
      balanceCents: promotion.amountCents,
    });
  }
  return toPlan(splitOrderLines(input.lines, usable, request.maxCents), input.totalCents);
}

/**
 * The rules of a promotion's source as an allowance of it would have them. The promotion was
 * found open, so its source's window is open today: any allowance of it, or none yet.
 */
async function openPromotionSource(db: Db, input: OrderFundingInput, sourceId: number) {
  const source = await findSource(db, input.locationId, sourceId);
  return {
    sourceId,
    sourceName: source?.name ?? '',
    scope: source?.scope ?? 'REQUIRED_OWN_SECTIONS',
    spending: source?.spending ?? [],
    termIds: await sourceTermIds(db, sourceId),
    chargeEndsOn: source?.chargeEndsOn ?? input.today,
  };
}

/** What a charge needs on top of the priced order. */
export interface OrderChargeInput extends OrderFundingInput {
  orderId: number;
  /** The order's term (spending by term). */
  termId: number | null;
  actorAccountId: number | null;
  now: Date;
}

/**
 * Charges a new order to the student's funding, inside the order's own transaction (after the
 * student's lock and the order's insert): a promotion code is redeemed first; then the usable
 * allowances are locked in id order and their balances read again under the lock, so two
 * orders at the same moment are charged one after the other and the second sees the first's
 * entries; one CHARGE entry per allowance used, with the lines it paid. Never refuses an order
 * for lack of funds: what funding does not cover, the student pays. Answers the split charged.
 */
export async function chargeOrderFunding(
  tx: Db,
  input: OrderChargeInput,
): Promise<OrderFundingSplit> {
  const { request } = input;
  if (!request || !wantsFunding(request)) return toPlan([], input.totalCents).split;
  let promotionAllowanceId: number | null = null;
  // A redeemed promotion that pays for nothing of this order stays the student's for another.
  if (request.promotionCode !== null) {
    promotionAllowanceId = await redeemPromotion(tx, input, request.promotionCode, {
      today: input.today,
      now: input.now,
      actorAccountId: input.actorAccountId,
      orderId: input.orderId,
    });
  }
  const open = await openAllowancesOf(tx, input.locationId, input.studentId, input.today);
  const candidates = open.filter(
    (a) => request.useAllowances || a.allowanceId === promotionAllowanceId,
  );
  await lockAllowances(
    tx,
    input.locationId,
    candidates.map((a) => a.allowanceId),
  );
  const figures = await allowanceFigures(
    tx,
    candidates.map((a) => a.allowanceId),
  );
  const locked = candidates.map((a) => ({
    ...a,
    balanceCents: figures.get(a.allowanceId)?.balanceCents ?? 0,
  }));
  const plan = toPlan(splitOrderLines(input.lines, locked, request.maxCents), input.totalCents);
  await insertLedgerEntries(
    tx,
    plan.uses.map((u): NewLedgerEntry => ({
      locationId: input.locationId,
      sourceId: u.allowance.sourceId,
      allowanceId: u.allowance.allowanceId,
      studentId: input.studentId,
      kind: 'CHARGE',
      amountCents: -u.amountCents,
      orderId: input.orderId,
      termId: input.termId,
      actorAccountId: input.actorAccountId,
      at: input.now,
      details: { lines: u.paid },
    })),
  );
  return plan.split;
}

/**
 * Refunds a cancelled order's funding in the cancellation's transaction: the allowances it
 * charged are locked, and each CHARGE not yet refunded gets its REFUND (the unique index on
 * (order, allowance, kind) makes a second refund impossible). Answers the cents refunded.
 */
export async function refundOrderFunding(
  tx: Db,
  input: { locationId: number; orderId: number; actorAccountId: number | null; now: Date },
): Promise<number> {
  const before = await orderLedgerRows(tx, input.locationId, input.orderId);
  if (before.length === 0) return 0;
  await lockAllowances(tx, input.locationId, [...new Set(before.map((r) => r.allowanceId))]);
  const rows = await orderLedgerRows(tx, input.locationId, input.orderId);
  const refunded = new Set(rows.filter((r) => r.kind === 'REFUND').map((r) => r.allowanceId));
  const refunds = rows
    .filter((r) => r.kind === 'CHARGE' && !refunded.has(r.allowanceId))
    .map((r): NewLedgerEntry => ({
      locationId: input.locationId,
      sourceId: r.sourceId,
      allowanceId: r.allowanceId,
      studentId: r.studentId,
      kind: 'REFUND',
      amountCents: -r.amountCents,
      orderId: input.orderId,
      termId: r.termId,
      actorAccountId: input.actorAccountId,
      at: input.now,
      note: 'Order cancelled',
    }));
  await insertLedgerEntries(tx, refunds);
  return refunds.reduce((sum, r) => sum + r.amountCents, 0);
}

/** What funding paid for each order (charged less refunded) and by which allowances. */
export async function orderFundingHistories(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, { fundedCents: number; funding: OrderFundingHistory[] }>> {
  const byOrder = new Map<number, { fundedCents: number; funding: OrderFundingHistory[] }>();
  for (const row of await orderFundingRows(db, orderIds)) {
    const entry = byOrder.get(row.orderId) ?? { fundedCents: 0, funding: [] };
    entry.fundedCents += row.chargedCents - row.refundedCents;
    entry.funding.push({
      sourceName: row.sourceName,
      voucherCode: row.voucherCode,
      chargedCents: row.chargedCents,
      refundedCents: row.refundedCents,
    });
    byOrder.set(row.orderId, entry);
  }
  return byOrder;
}
