import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LedgerKind } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { fundingAllowances, fundingLedger } from '../../../db/schema/index.ts';

export type AllowanceRow = typeof fundingAllowances.$inferSelect;
export type NewLedgerEntry = Omit<typeof fundingLedger.$inferInsert, 'id' | 'kind'> & {
  kind: LedgerKind;
};

/** An allowance's figures, each a sum of its ledger entries (kept on its row). */
export interface AllowanceFigures {
  allocatedCents: number;
  /** Charges less refunds. */
  spentCents: number;
  /** Expired or paid out. */
  closedCents: number;
  balanceCents: number;
}

/** Ids or rows per statement: a statement holds at most 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const ZERO: AllowanceFigures = {
  allocatedCents: 0,
  spentCents: 0,
  closedCents: 0,
  balanceCents: 0,
};

/**
 * Locks allowances for the rest of the transaction, in id order (two writers locking the same
 * allowances always queue in the same order, never in a cycle), and reads them. Every writer
 * that moves an allowance's balance takes this lock first: two orders at the same moment are
 * charged one after the other, the second seeing the first's entries. FOR NO KEY UPDATE, not
 * FOR UPDATE: a ledger or activity insert takes FOR KEY SHARE on the allowance it references,
 * which FOR UPDATE would block (and two writers could then wait on each other in a cycle).
 * Chunks of CHUNK ids, in id order still.
 */
export async function lockAllowances(
  db: Db,
  locationId: number,
  allowanceIds: readonly number[],
): Promise<AllowanceRow[]> {
  const sorted = [...new Set(allowanceIds)].sort((a, b) => a - b);
  const locked: AllowanceRow[] = [];
  for (const ids of chunks(sorted)) {
    const rows = await db
      .select()
      .from(fundingAllowances)
      .where(and(eq(fundingAllowances.locationId, locationId), inArray(fundingAllowances.id, ids)))
      .orderBy(asc(fundingAllowances.id))
      .for('no key update');
    locked.push(...rows);
  }
  return locked;
}

/**
 * The figures of each allowance, as kept on its row by the ledger's trigger (migration 0019):
 * one row read per allowance, whatever its number of entries.
 */
export async function allowanceFigures(
  db: Db,
  allowanceIds: readonly number[],
): Promise<Map<number, AllowanceFigures>> {
  const figures = new Map<number, AllowanceFigures>(allowanceIds.map((id) => [id, { ...ZERO }]));
  if (allowanceIds.length === 0) return figures;
  const rows = [];
  for (const ids of chunks([...new Set(allowanceIds)])) {
    rows.push(
      ...(await db
        .select({
          allowanceId: fundingAllowances.id,
          allocated: fundingAllowances.allocatedCents,
          charged: fundingAllowances.chargedCents,
          expired: fundingAllowances.expiredCents,
          paidOut: fundingAllowances.paidOutCents,
          balance: fundingAllowances.balanceCents,
        })
        .from(fundingAllowances)
        .where(inArray(fundingAllowances.id, ids))),
    );
  }
  for (const r of rows) {
    figures.set(r.allowanceId, {
      allocatedCents: r.allocated,
      spentCents: -r.charged,
      closedCents: -(r.expired + r.paidOut),
      balanceCents: r.balance,
    });
  }
  return figures;
}

/**
 * Appends entries, CHUNK rows per statement; call it inside the transaction that holds the
 * allowances' locks (the ledger's guard checks each statement).
 */
export async function insertLedgerEntries(
  db: Db,
  entries: readonly NewLedgerEntry[],
): Promise<void> {
  for (const rows of chunks(entries)) await db.insert(fundingLedger).values(rows);
}

/** The CHARGE and REFUND entries of an order, per allowance. */
export async function orderFundingEntries(
  db: Db,
  orderId: number,
): Promise<{ allowanceId: number; sourceId: number; kind: LedgerKind; amountCents: number }[]> {
  const rows = await db
    .select({
      allowanceId: fundingLedger.allowanceId,
      sourceId: fundingLedger.sourceId,
      kind: fundingLedger.kind,
      amountCents: fundingLedger.amountCents,
    })
    .from(fundingLedger)
    .where(
      and(eq(fundingLedger.orderId, orderId), inArray(fundingLedger.kind, ['CHARGE', 'REFUND'])),
    )
    .orderBy(asc(fundingLedger.id));
  return rows.map((r) => ({ ...r, kind: r.kind as LedgerKind }));
}
