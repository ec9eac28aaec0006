import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/**
 * A chunk of import records as one `json_to_recordset` parameter named `x` (the technique of
 * db/bulk-write.ts): one statement compares or writes thousands of rows, and the triggers
 * that keep sections' facts and the metrics summaries run once per statement.
 * `columns` is the record type, written in code (never from a file).
 */
export function recordset(rows: readonly object[], columns: string): SQL {
  return sql`json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(columns)})`;
}

/** How one record of a chunk compares with the store: `i` is its place in the chunk. */
export interface Classified {
  i: number;
  exists: boolean;
  differs: boolean;
}

/**
 * Runs a comparison query of `records` answering (i, exists, differs) per record, in record
 * order; no statement for no records.
 */
export async function classify(
  db: Db,
  records: readonly object[],
  query: () => SQL,
): Promise<Classified[]> {
  if (records.length === 0) return [];
  const rows = await queryRows<{ i: number; exists: boolean; differs: boolean | null }>(
    db,
    query(),
  );
  return rows
    .map((r) => ({ i: Number(r.i), exists: r.exists === true, differs: r.differs === true }))
    .sort((a, b) => a.i - b.i);
}

/**
 * Runs a write of `records` that answers one integer column `id` per row it wrote, as numbers
 * (a raw query may bring them as strings); no statement for no records.
 */
export async function writeAnsweringIds(
  db: Db,
  records: readonly object[],
  query: () => SQL,
): Promise<number[]> {
  if (records.length === 0) return [];
  const rows = await queryRows<{ id: unknown }>(db, query());
  return rows.map((r) => Number(r.id));
}
