import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  divisions,
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
 * The store's sources (or one of them) with their figures and their allowance count as kept on
 * their rows (migrations 0019 and 0024): a read of the sources alone, however many allowances.
 */
export async function sourcesWithSums(
  db: Db,
  locationId: number,
  sourceId?: number,
): Promise<SourceWithSums[]> {
  const rows = await db
    .select({
      source: fundingSources,
      createdByName: userAccounts.name,
    })
    .from(fundingSources)
    .innerJoin(userAccounts, eq(userAccounts.id, fundingSources.createdBy))
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
    allowanceCount: r.source.allowanceCount,
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
