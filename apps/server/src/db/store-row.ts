import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** A table whose rows each belong to one store (location) and have an integer id. */
export type StoreTable = PgTable & { id: PgColumn; locationId: PgColumn };

/**
 * Matches the row `id` only when it belongs to the store, so an id a client sends never
 * reaches another store's row: that row is simply not found. Written once for every lookup
 * and change of one row by id.
 */
export function idInStore(table: StoreTable, locationId: number, id: number): SQL {
  return and(eq(table.id, id), eq(table.locationId, locationId)) as SQL;
}

/** The whole row `id` of the store's `table`, or undefined (another store's row is not found). */
export async function findInStore<T extends StoreTable>(
  db: Db,
  table: T,
  locationId: number,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  // Drizzle cannot type a select from a generic table: the row is the table's by construction.
  const rows: unknown[] = await db
    .select()
    .from(table as PgTable)
    .where(idInStore(table, locationId, id))
    .limit(1);
  return rows[0] as T['$inferSelect'] | undefined;
}

/**
 * A repository's "one row of the store by id" lookup for `table`: each repository names its
 * own (findStudent, findSource, ...) and the rule lives in findInStore.
 */
export function storeRowFinder<T extends StoreTable>(table: T) {
  return (db: Db, locationId: number, id: number): Promise<T['$inferSelect'] | undefined> =>
    findInStore(db, table, locationId, id);
}
