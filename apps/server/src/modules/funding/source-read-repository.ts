import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  divisions,
  fundingAllowances,
  fundingLedger,
  fundingSources,
  fundingSourceTerms,
  terms,
  userAccounts,
} from '../../db/schema/index.ts';

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
 * The store's sources (or one of them) with their ledger sums: one statement, each source's
 * sums an index-only scan of funding_ledger_source_kind_idx.
 */
export async function sourcesWithSums(
  db: Db,
  locationId: number,
  sourceId?: number,
): Promise<SourceWithSums[]> {
  const sums = db
    .select({
      sourceId: fundingLedger.sourceId,
      allocated: kindSum(['ALLOCATION', 'ADJUSTMENT']).as('allocated'),
      charged: kindSum(['CHARGE', 'REFUND']).as('charged'),
      expiry: kindSum(['EXPIRY']).as('expiry'),
      payout: kindSum(['PAYOUT']).as('payout'),
      balance: sql<number>`coalesce(sum(${fundingLedger.amountCents}), 0)`
        .mapWith(Number)
        .as('balance'),
    })
    .from(fundingLedger)
    .where(
      and(
        eq(fundingLedger.locationId, locationId),
        sourceId === undefined ? undefined : eq(fundingLedger.sourceId, sourceId),
      ),
    )
    .groupBy(fundingLedger.sourceId)
    .as('sums');
  const counts = db
    .select({
      sourceId: fundingAllowances.sourceId,
      n: sql<number>`count(*)`.mapWith(Number).as('n'),
    })
    .from(fundingAllowances)
    .where(
      and(
        eq(fundingAllowances.locationId, locationId),
        sourceId === undefined ? undefined : eq(fundingAllowances.sourceId, sourceId),
      ),
    )
    .groupBy(fundingAllowances.sourceId)
    .as('counts');
  const rows = await db
    .select({
      source: fundingSources,
      createdByName: userAccounts.name,
      allocated: sql<number>`coalesce(${sums.allocated}, 0)`.mapWith(Number),
      charged: sql<number>`coalesce(${sums.charged}, 0)`.mapWith(Number),
      expiry: sql<number>`coalesce(${sums.expiry}, 0)`.mapWith(Number),
      payout: sql<number>`coalesce(${sums.payout}, 0)`.mapWith(Number),
      balance: sql<number>`coalesce(${sums.balance}, 0)`.mapWith(Number),
      allowanceCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
    })
    .from(fundingSources)
    .innerJoin(userAccounts, eq(userAccounts.id, fundingSources.createdBy))
    .leftJoin(sums, eq(sums.sourceId, fundingSources.id))
    .leftJoin(counts, eq(counts.sourceId, fundingSources.id))
    .where(
      and(
        eq(fundingSources.locationId, locationId),
        sourceId === undefined ? undefined : eq(fundingSources.id, sourceId),
      ),
    );
  return rows;
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
