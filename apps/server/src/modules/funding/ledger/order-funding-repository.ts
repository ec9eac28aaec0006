import { and, asc, count, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  fundingAllowances,
  fundingLedger,
  fundingSources,
  fundingSourceTerms,
} from '../../../db/schema/index.ts';
import type { UsableAllowance } from './order-funding-split.ts';
import {
  allowancesOfStudent,
  sourceOfAllowance,
} from '../allowances/student-allowances-repository.ts';

/** The term ids of each source (none: any term). */
async function termIdsOf(db: Db, sourceIds: readonly number[]): Promise<Map<number, number[]>> {
  const byId = new Map<number, number[]>(sourceIds.map((id) => [id, []]));
  if (sourceIds.length === 0) return byId;
  const rows = await db
    .select({ sourceId: fundingSourceTerms.sourceId, termId: fundingSourceTerms.termId })
    .from(fundingSourceTerms)
    .where(inArray(fundingSourceTerms.sourceId, [...new Set(sourceIds)]));
  for (const r of rows) byId.get(r.sourceId)?.push(r.termId);
  return byId;
}

/**
 * The student's allowances whose source's charge window is open on `today`, with their
 * balances as read (the charge reads them again under the lock). Allowances with nothing left
 * are kept out.
 */
export async function openAllowancesOf(
  db: Db,
  locationId: number,
  studentId: number,
  today: string,
): Promise<UsableAllowance[]> {
  const rows = await db
    .select({
      allowanceId: fundingAllowances.id,
      sourceId: fundingSources.id,
      sourceName: fundingSources.name,
      voucherCode: fundingAllowances.voucherCode,
      createdAt: fundingAllowances.createdAt,
      scope: fundingSources.scope,
      spending: fundingSources.spending,
      chargeEndsOn: fundingSources.chargeEndsOn,
      balanceCents: fundingAllowances.balanceCents,
    })
    .from(fundingAllowances)
    .innerJoin(fundingSources, sourceOfAllowance)
    .where(
      and(
        allowancesOfStudent(locationId, studentId),
        lte(fundingSources.chargeStartsOn, today),
        gte(fundingSources.chargeEndsOn, today),
        gt(fundingAllowances.balanceCents, 0),
      ),
    )
    .orderBy(asc(fundingAllowances.id));
  const terms = await termIdsOf(
    db,
    rows.map((r) => r.sourceId),
  );
  return rows.map((r) => ({ ...r, termIds: terms.get(r.sourceId) ?? [] }));
}

export interface PromotionRow {
  sourceId: number;
  name: string;
  code: string;
  amountCents: number;
  useLimit: number;
  chargeStartsOn: string;
  chargeEndsOn: string;
}

/** The store's promotion with this shared code, if any (open or not). */
export async function findPromotion(
  db: Db,
  locationId: number,
  code: string,
): Promise<PromotionRow | undefined> {
  const [row] = await db
    .select({
      sourceId: fundingSources.id,
      name: fundingSources.name,
      code: fundingSources.promoCode,
      amountCents: fundingSources.promoAmountCents,
      useLimit: fundingSources.promoUseLimit,
      chargeStartsOn: fundingSources.chargeStartsOn,
      chargeEndsOn: fundingSources.chargeEndsOn,
    })
    .from(fundingSources)
    .where(and(eq(fundingSources.locationId, locationId), eq(fundingSources.promoCode, code)));
  if (!row || row.code === null || row.amountCents === null || row.useLimit === null) {
    return undefined;
  }
  return { ...row, code: row.code, amountCents: row.amountCents, useLimit: row.useLimit };
}

/** How many times a promotion was used (its allowances), and whether this student used it. */
export async function promotionUses(
  db: Db,
  sourceId: number,
  studentId: number,
): Promise<{ uses: number; usedByStudent: boolean }> {
  const [row] = await db
    .select({
      uses: count(),
      mine: sql<number>`count(*) filter (where ${fundingAllowances.studentId} = ${studentId})`.mapWith(
        Number,
      ),
    })
    .from(fundingAllowances)
    .where(eq(fundingAllowances.sourceId, sourceId));
  return { uses: row?.uses ?? 0, usedByStudent: (row?.mine ?? 0) > 0 };
}

export interface OrderLedgerRow {
  allowanceId: number;
  sourceId: number;
  studentId: number;
  kind: string;
  amountCents: number;
  termId: number | null;
}

/** An order's CHARGE and REFUND entries, oldest first. */
export async function orderLedgerRows(
  db: Db,
  locationId: number,
  orderId: number,
): Promise<OrderLedgerRow[]> {
  return db
    .select({
      allowanceId: fundingLedger.allowanceId,
      sourceId: fundingLedger.sourceId,
      studentId: fundingLedger.studentId,
      kind: fundingLedger.kind,
      amountCents: fundingLedger.amountCents,
      termId: fundingLedger.termId,
    })
    .from(fundingLedger)
    .where(
      and(
        eq(fundingLedger.locationId, locationId),
        eq(fundingLedger.orderId, orderId),
        inArray(fundingLedger.kind, ['CHARGE', 'REFUND']),
      ),
    )
    .orderBy(asc(fundingLedger.id));
}

export interface OrderFundingRow {
  orderId: number;
  sourceName: string;
  voucherCode: string;
  chargedCents: number;
  refundedCents: number;
}

/** What funding paid for each of these orders and refunded, per allowance: one query. */
export async function orderFundingRows(
  db: Db,
  orderIds: readonly number[],
): Promise<OrderFundingRow[]> {
  if (orderIds.length === 0) return [];
  const sumOf = (kind: string) =>
    sql<number>`coalesce(sum(${fundingLedger.amountCents}) filter (where ${fundingLedger.kind} = ${kind}), 0)`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      orderId: sql<number>`${fundingLedger.orderId}`.mapWith(Number),
      allowanceId: fundingLedger.allowanceId,
      sourceName: fundingSources.name,
      voucherCode: fundingAllowances.voucherCode,
      charged: sumOf('CHARGE'),
      refunded: sumOf('REFUND'),
    })
    .from(fundingLedger)
    .innerJoin(fundingAllowances, eq(fundingAllowances.id, fundingLedger.allowanceId))
    .innerJoin(fundingSources, eq(fundingSources.id, fundingLedger.sourceId))
    .where(
      and(
        inArray(fundingLedger.orderId, [...new Set(orderIds)]),
        inArray(fundingLedger.kind, ['CHARGE', 'REFUND']),
      ),
    )
    .groupBy(
      fundingLedger.orderId,
      fundingLedger.allowanceId,
      fundingSources.name,
      fundingAllowances.voucherCode,
    )
    .orderBy(asc(fundingLedger.orderId), asc(fundingLedger.allowanceId));
  return rows.map((r) => ({
    orderId: r.orderId,
    sourceName: r.sourceName,
    voucherCode: r.voucherCode,
    chargedCents: -r.charged,
    refundedCents: r.refunded,
  }));
}
