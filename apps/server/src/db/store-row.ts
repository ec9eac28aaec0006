import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

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
