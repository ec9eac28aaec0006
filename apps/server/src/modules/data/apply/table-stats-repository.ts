import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** The tables an import grows. */
export const IMPORT_TABLES = [
  'divisions',
  'terms',
  'departments',
  'courses',
  'sections',
  'professors',
  'section_professors',
  'students',
  'enrollments',
  'titles',
] as const;
export type ImportTable = (typeof IMPORT_TABLES)[number];

/** The planner's row count of each table as of its last ANALYZE (0 when never analysed). */
export async function plannerRowCounts(db: Db): Promise<Map<ImportTable, number>> {
  const rows = await queryRows<{ table: ImportTable; rows: number | string }>(
    db,
    sql`select c.relname as "table", greatest(c.reltuples, 0) as rows from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        and c.relname in (${sql.join(
          IMPORT_TABLES.map((t) => sql`${t}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.table, Number(r.rows)]));
}

/** Tables the triggers grow with an import's table (the catalog's kept starts: ADR 0032). */
const KEPT_WITH: Partial<Record<ImportTable, readonly string[]>> = {
  sections: ['course_starts', 'course_start_counts'],
};

/**
 * ANALYZE inside the import's transaction: it counts the rows this transaction inserted, so
 * the statements after it (and the triggers they fire) plan for the table as it now is.
 */
export async function analyzeTable(db: Db, table: ImportTable): Promise<void> {
  const tables = [table, ...(KEPT_WITH[table] ?? [])];
  await db.execute(
    sql`analyze ${sql.join(
      tables.map((t) => sql.identifier(t)),
      sql`, `,
    )}`,
  );
}
