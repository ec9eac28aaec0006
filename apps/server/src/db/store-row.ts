import { and, eq, getTableName, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { preparedQuery } from './prepared-query.ts';

/** A table whose rows each belong to one store (location) and have an integer id. */
export type StoreTable = PgTable & { id: PgColumn; locationId: PgColumn };

/**
 * Matches the row `id` only when it belongs to the store, so an id a client sends never
 * reaches another store's row: that row is simply not found. Written once for every lookup
 * and change of one row by id.
 */
export function idInStore(
  table: StoreTable,
  locationId: number | Placeholder,
  id: number | Placeholder,
): SQL {
  return and(eq(table.id, id), eq(table.locationId, locationId)) as SQL;
}

/**
 * A repository's "one row of the store by id" lookup for `table` (findStudent, findSource,
 * ...): the whole row, or undefined when the id is not one of the store's rows.
 */
export function storeRowFinder<T extends StoreTable>(table: T) {
  const query = preparedQuery(`csp_store_row_${getTableName(table)}`, (db) =>
    db
      .select()
      .from(table as PgTable)
      .where(idInStore(table, sql.placeholder('locationId'), sql.placeholder('id')))
      .limit(1),
  );
  return async (db: Db, locationId: number, id: number): Promise<T['$inferSelect'] | undefined> => {
    // Drizzle cannot type a select from a generic table: the row is the table's by construction.
    const rows: unknown[] = await query(db).execute({ id, locationId });
    return rows[0] as T['$inferSelect'] | undefined;
  };
}
