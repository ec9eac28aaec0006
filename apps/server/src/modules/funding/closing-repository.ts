import { and, asc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fundingLedger, fundingSources } from '../../db/schema/index.ts';

export interface EndedSourceRow {
  id: number;
  locationId: number;
}

/**
 * Sources whose charge window ended before `today` that are not closed yet, or that hold a
 * balance again (an order refunded after the closing): the ones a closing run has work in.
 * Every store's, or one store's.
 */
export async function sourcesToClose(
  db: Db,
  today: string,
  locationId: number | null,
): Promise<EndedSourceRow[]> {
  const holdsBalance = sql`exists (
    select 1 from ${fundingLedger} l where l.source_id = ${fundingSources.id}
    group by l.allowance_id having sum(l.amount_cents) > 0)`;
  const conditions: SQL[] = [lt(fundingSources.chargeEndsOn, today)];
  if (locationId !== null) conditions.push(eq(fundingSources.locationId, locationId));
  return db
    .select({ id: fundingSources.id, locationId: fundingSources.locationId })
    .from(fundingSources)
    .where(and(...conditions, or(isNull(fundingSources.closedAt), holdsBalance)))
    .orderBy(asc(fundingSources.id));
}

/** The source's allowances that hold a positive balance, as read (lock them, then sum again). */
export async function allowancesWithBalance(
  db: Db,
  sourceId: number,
): Promise<{ allowanceId: number; studentId: number }[]> {
  return db
    .select({ allowanceId: fundingLedger.allowanceId, studentId: fundingLedger.studentId })
    .from(fundingLedger)
    .where(eq(fundingLedger.sourceId, sourceId))
    .groupBy(fundingLedger.allowanceId, fundingLedger.studentId)
    .having(sql`sum(${fundingLedger.amountCents}) > 0`)
    .orderBy(asc(fundingLedger.allowanceId));
}

/** Records when the source's balances were closed (the first closing's time is kept). */
export async function markSourceClosed(db: Db, sourceId: number, now: Date): Promise<void> {
  await db
    .update(fundingSources)
    .set({ closedAt: now })
    .where(and(eq(fundingSources.id, sourceId), isNull(fundingSources.closedAt)));
}
