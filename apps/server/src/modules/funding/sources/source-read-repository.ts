import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  divisions,
  fundingAllowances,
  fundingLedger,
  fundingSources,
  fundingSourceTerms,
  terms,
  userAccounts,
} from '../../../db/schema/index.ts';

/** A source's row with its sums by ledger kind (signed as stored) and its allowance count. */
export interface SourceWithSums {
  source: typeof fundingSources.$inferSelect;
  createdByName: string;
  /** ALLOCATION + ADJUSTMENT. */
  allocated: number;
  /** CHARGE + REFUND (negative when money was spent). */
  charged: number;
  expiry: number;
  payout: number;
  /** Every entry: the students' balances. */
  balance: number;
  allowanceCount: number;
}

const kindSum = (kinds: string[]) =>
  sql<number>`coalesce(sum(${fundingLedger.amountCents}) filter (where ${inArray(fundingLedger.kind, kinds)}), 0)`.mapWith(
    Number,
  );

/**
 * The store's sources (or one of them) with their ledger sums: one statement driven by the
 * store's sources, each source's sums an index-only scan of its own entries in
 * funding_ledger_source_kind_idx and its count one of funding_allowances_source_student_uq
 * (lateral joins by source id: never a scan of other sources', nor other stores', rows).
 */
export async function sourcesWithSums(
  db: Db,
  locationId: number,
  sourceId?: number,
): Promise<SourceWithSums[]> {
  const sums = db
    .select({
      allocated: kindSum(['ALLOCATION', 'ADJUSTMENT']).as('allocated'),
      charged: kindSum(['CHARGE', 'REFUND']).as('charged'),
      expiry: kindSum(['EXPIRY']).as('expiry'),
      payout: kindSum(['PAYOUT']).as('payout'),
      balance: sql<number>`coalesce(sum(${fundingLedger.amountCents}), 0)`
        .mapWith(Number)
        .as('balance'),
    })
    .from(fundingLedger)
    .where(eq(fundingLedger.sourceId, fundingSources.id))
    .as('sums');
  const counts = db
    .select({ n: sql<number>`count(*)`.mapWith(Number).as('n') })
    .from(fundingAllowances)
    .where(eq(fundingAllowances.sourceId, fundingSources.id))
    .as('counts');
  const rows = await db
    .select({
      source: fundingSources,
      createdByName: userAccounts.name,
      allocated: sums.allocated,
      charged: sums.charged,
      expiry: sums.expiry,
      payout: sums.payout,
      balance: sums.balance,
      allowanceCount: counts.n,
    })
    .from(fundingSources)
    .innerJoin(userAccounts, eq(userAccounts.id, fundingSources.createdBy))
    .leftJoinLateral(sums, sql`true`)
    .leftJoinLateral(counts, sql`true`)
    .where(
      and(
        eq(fundingSources.locationId, locationId),
        sourceId === undefined ? undefined : eq(fundingSources.id, sourceId),
      ),
    );
  return rows.map((r) => ({
    ...r,
    allocated: r.allocated ?? 0,
    charged: r.charged ?? 0,
    expiry: r.expiry ?? 0,
    payout: r.payout ?? 0,
    balance: r.balance ?? 0,
    allowanceCount: r.allowanceCount ?? 0,
  }));
}

export interface TermRow {
  termId: number;
  termName: string;
  divisionName: string;
  startDate: string;
  endDate: string;
}

const termColumns = {
  termId: terms.id,
  termName: terms.name,
  divisionName: divisions.name,
  startDate: terms.startDate,
  endDate: terms.endDate,
};

/** The terms of each source (by source id), earliest first. */
export async function termsOfSources(
  db: Db,
  sourceIds: readonly number[],
): Promise<Map<number, TermRow[]>> {
  const bySource = new Map<number, TermRow[]>(sourceIds.map((id) => [id, []]));
  if (sourceIds.length === 0) return bySource;
  const rows = await db
    .select({ sourceId: fundingSourceTerms.sourceId, ...termColumns })
    .from(fundingSourceTerms)
    .innerJoin(terms, eq(terms.id, fundingSourceTerms.termId))
    .innerJoin(divisions, eq(divisions.id, terms.divisionId))
    .where(inArray(fundingSourceTerms.sourceId, [...sourceIds]))
    .orderBy(asc(terms.startDate), asc(divisions.name), asc(terms.id));
  for (const { sourceId, ...term } of rows) bySource.get(sourceId)?.push(term);
  return bySource;
}

/** The store's terms, newest first (or only those of `termIds`). */
export async function storeTerms(
  db: Db,
  locationId: number,
  termIds?: readonly number[],
): Promise<TermRow[]> {
  if (termIds && termIds.length === 0) return [];
  return db
    .select(termColumns)
    .from(terms)
    .innerJoin(divisions, eq(divisions.id, terms.divisionId))
    .where(
      and(eq(terms.locationId, locationId), termIds ? inArray(terms.id, [...termIds]) : undefined),
    )
    .orderBy(desc(terms.startDate), asc(divisions.name), asc(terms.id));
}
