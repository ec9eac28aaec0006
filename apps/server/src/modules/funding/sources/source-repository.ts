import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { idInStore, storeRowFinder } from '../../../db/store-row.ts';
import { fundingSources, fundingSourceTerms } from '../../../db/schema/index.ts';

export type SourceRow = typeof fundingSources.$inferSelect;

/** One of the store's sources, or undefined (another store's source is not found). */
export const findSource = storeRowFinder(fundingSources);

/**
 * Locks the source's row for the rest of the transaction and reads it as it now is. Every
 * writer that allocates from a source (one allowance, a file, a promotion use, an amount change,
 * a budget edit) takes this lock first, so budget checks are made one after the other.
 * FOR NO KEY UPDATE: it still queues those writers, and leaves alone the FOR KEY SHARE lock a
 * ledger, allowance or activity insert takes on the source it references (FOR UPDATE would
 * block that insert, and a charge holding an allowance lock could then deadlock with it).
 */
export async function lockSource(
  db: Db,
  locationId: number,
  sourceId: number,
): Promise<SourceRow | undefined> {
  const [row] = await db
    .select()
    .from(fundingSources)
    .where(idInStore(fundingSources, locationId, sourceId))
    .for('no key update');
  return row;
}

/** The term ids a source pays for (none: any term). */
export async function sourceTermIds(db: Db, sourceId: number): Promise<number[]> {
  const rows = await db
    .select({ termId: fundingSourceTerms.termId })
    .from(fundingSourceTerms)
    .where(eq(fundingSourceTerms.sourceId, sourceId));
  return rows.map((r) => r.termId).sort((a, b) => a - b);
}

/**
 * What a source has given out and not had back: allocations and adjustments less what expired
 * back to it (kept on its row). The budget left to allocate is its budget less this.
 */
export async function sourceGrantedCents(db: Db, sourceId: number): Promise<number> {
  const [row] = await db
    .select({
      granted:
        sql<number>`${fundingSources.allocatedCents} + ${fundingSources.expiredCents}`.mapWith(
          Number,
        ),
    })
    .from(fundingSources)
    .where(eq(fundingSources.id, sourceId));
  return row?.granted ?? 0;
}
