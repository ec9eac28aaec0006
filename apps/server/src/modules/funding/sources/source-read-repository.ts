import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  divisions,
  fundingAllowances,
  fundingSources,
  fundingSourceTerms,
  terms,
  userAccounts,
} from '../../../db/schema/index.ts';

/** A source's row with its sums by ledger kind (signed as stored, kept on the row) and its allowance count. */
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

/**
 * The store's sources (or one of them) with their figures as kept on their rows (migration
 * 0019) and their allowance count, an index-only count of funding_allowances_source_student_uq
 * per source (a lateral join by source id: never a scan of other sources', nor other stores',
 * rows).
 */
export async function sourcesWithSums(
  db: Db,
  locationId: number,
  sourceId?: number,
): Promise<SourceWithSums[]> {
  const counts = db
    .select({ n: sql<number>`count(*)`.mapWith(Number).as('n') })
    .from(fundingAllowances)
    .where(eq(fundingAllowances.sourceId, fundingSources.id))
    .as('counts');
  const rows = await db
    .select({
      source: fundingSources,
      createdByName: userAccounts.name,
      allowanceCount: counts.n,
    })
    .from(fundingSources)
    .innerJoin(userAccounts, eq(userAccounts.id, fundingSources.createdBy))
    .leftJoinLateral(counts, sql`true`)
    .where(
      and(
        eq(fundingSources.locationId, locationId),
        sourceId === undefined ? undefined : eq(fundingSources.id, sourceId),
      ),
    );
  return rows.map((r) => ({
    ...r,
    allocated: r.source.allocatedCents,
    charged: r.source.chargedCents,
    expiry: r.source.expiredCents,
    payout: r.source.paidOutCents,
    balance: r.source.balanceCents,
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
