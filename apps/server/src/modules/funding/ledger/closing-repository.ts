import { and, asc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { fundingAllowances, fundingSources } from '../../../db/schema/index.ts';

export interface EndedSourceRow {
  id: number;
  locationId: number;
}

/**
 * Sources whose charge window ended before `today` that are not closed yet, or that have a
 * ledger entry after their last closing (an order refunded since): the ones a closing run may
 * have work in. One probe of funding_ledger_source_id_idx per closed source, not a sum of its
 * ledger. Every store's, or one store's.
 */
export async function sourcesToClose(
  db: Db,
  today: string,
  locationId: number | null,
): Promise<EndedSourceRow[]> {
  const enteredSince = sql`exists (
    select 1 from funding_ledger l
    where l.source_id = ${fundingSources.id} and l.id > ${fundingSources.closedThroughEntryId})`;
  const conditions: SQL[] = [lt(fundingSources.chargeEndsOn, today)];
  if (locationId !== null) conditions.push(eq(fundingSources.locationId, locationId));
  return db
    .select({ id: fundingSources.id, locationId: fundingSources.locationId })
    .from(fundingSources)
    .where(and(...conditions, or(isNull(fundingSources.closedAt), enteredSince)))
    .orderBy(asc(fundingSources.id));
}

/**
 * Locks every allowance of the source, in id order, in one statement: a charge, refund or
 * adjustment of any of them in progress is waited for, and none starts until the closing
 * commits. FOR NO KEY UPDATE, as every allowance lock (ledger-repository.ts).
 */
export async function lockSourceAllowances(db: Db, sourceId: number): Promise<void> {
  await db
    .select({ id: fundingAllowances.id })
    .from(fundingAllowances)
    .where(eq(fundingAllowances.sourceId, sourceId))
    .orderBy(asc(fundingAllowances.id))
    .for('no key update');
}

export interface ClosingEntries {
  kind: 'EXPIRY' | 'PAYOUT';
  locationId: number;
  sourceId: number;
  actorAccountId: number | null;
  at: Date;
  note: string;
}

/**
 * Writes, in one statement whatever the number of allowances, an entry of `kind` taking each of
 * the source's positive balances to zero (call it under lockSourceAllowances: the balances
 * kept on the locked allowances are final; funding_allowances_unspent_idx finds them). Answers how many entries and how many cents.
 */
export async function insertClosingEntries(
  db: Db,
  c: ClosingEntries,
): Promise<{ allowances: number; cents: number }> {
  const [row] = await queryRows<{ n: unknown; cents: unknown }>(
    db,
    sql`with closed as (
      insert into funding_ledger
        (location_id, source_id, allowance_id, student_id, kind, amount_cents, actor_account_id,
         at, note)
      select ${c.locationId}, ${c.sourceId}, a.id, a.student_id, ${c.kind},
        -a.balance_cents, ${c.actorAccountId}, ${c.at.toISOString()}::timestamptz, ${c.note}
      from funding_allowances a
      where a.source_id = ${c.sourceId} and a.balance_cents > 0
      returning amount_cents)
    select count(*) as n, coalesce(-sum(amount_cents), 0) as cents from closed`,
  );
  return { allowances: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
}

/**
 * Records the closing: when the balances were first closed (kept), and the source's last
 * ledger entry now (the closing's own included), after which a new entry asks for another.
 */
export async function markSourceClosed(db: Db, sourceId: number, now: Date): Promise<void> {
  await db
    .update(fundingSources)
    .set({
      closedAt: sql`coalesce(${fundingSources.closedAt}, ${now.toISOString()}::timestamptz)`,
      closedThroughEntryId: sql`(select max(l.id) from funding_ledger l where l.source_id = ${sourceId})`,
    })
    .where(eq(fundingSources.id, sourceId));
}
