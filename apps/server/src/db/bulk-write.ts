import { getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** A table whose primary key is the integer identity column `id`. */
export type IdTable = PgTable & { id: PgColumn };

/** Rows per statement. Each statement carries one JSON parameter, so this is a memory knob only. */
export const DEFAULT_CHUNK_ROWS = 5000;

function dbColumnName(column: PgColumn): string {
  // The schema declares columns by JS key and relies on casing: 'snake_case' at query time.
  return column.keyAsName ? toSnakeCase(column.name) : column.name;
}

/** Runs a query and returns its rows; both drivers put them in `.rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Inserts rows through one `json_to_recordset` parameter per chunk. Drizzle's multi-row VALUES
 * binds one parameter per cell and measured about 4x slower on PGlite; a single JSON text
 * also sidesteps PostgreSQL's 65,535-parameter limit. Every row must carry the same keys as
 * the first one: keys absent there are left to their column defaults. Seeds and imports use it.
 */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunkRows = DEFAULT_CHUNK_ROWS,
): Promise<number> {
  return writeRows(db, table, rows, chunkRows, () => sql``);
}

/**
 * Inserts rows, or updates the row already there with the same `conflictColumns` (a unique
 * index): imports write a whole file in a few statements and a re-run changes nothing twice.
 * Only the columns the rows carry are written; `conflictColumns` themselves are not updated.
 * A key given twice keeps its last row (PostgreSQL refuses to update one row twice in a
 * statement), and all chunks commit together or not at all.
 */
export async function upsertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  conflictColumns: readonly PgColumn[],
  chunkRows = DEFAULT_CHUNK_ROWS,
): Promise<number> {
  const keyOf = (row: T['$inferInsert']) =>
    JSON.stringify(conflictColumns.map((c) => (row as Record<string, unknown>)[c.name]));
  const lastByKey = new Map(rows.map((row) => [keyOf(row), row]));
  const unique = [...lastByKey.values()];
  const conflictNames = new Set(conflictColumns.map((c) => c.name));
  return db.transaction((tx) =>
    writeRows(tx as unknown as Db, table, unique, chunkRows, (columns) => {
      const target = sql.join(
        conflictColumns.map((c) => sql.identifier(dbColumnName(c))),
        sql`, `,
      );
      const updates = columns
        .filter((c) => !conflictNames.has(c.name))
        .map(
          (c) =>
            sql`${sql.identifier(dbColumnName(c))} = excluded.${sql.identifier(dbColumnName(c))}`,
        );
      return updates.length
        ? sql` on conflict (${target}) do update set ${sql.join(updates, sql`, `)}`
        : sql` on conflict (${target}) do nothing`;
    }),
  );
}

async function writeRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunkRows: number,
  onConflict: (columns: PgColumn[]) => SQL,
): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const keys = new Set(Object.keys(first));
  const columns = getTableConfig(table).columns.filter((c) => keys.has(c.name));
  const target = sql.join(
    columns.map((c) => sql.identifier(dbColumnName(c))),
    sql`, `,
  );
  const source = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const recordType = sql.raw(columns.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  const conflict = onConflict(columns);
  for (let i = 0; i < rows.length; i += chunkRows) {
    const json = JSON.stringify(rows.slice(i, i + chunkRows));
    await db.execute(
      sql`insert into ${table} (${target}) select ${source} from json_to_recordset(${json}::json) as x(${recordType})${conflict}`,
    );
  }
  return rows.length;
}

/**
 * Hands out explicit ids so rows can reference each other before anything is inserted (no
 * RETURNING round trips). Starts after the current maximum of each table, so seeding beside
 * existing data works; `resetIdentities` must run afterwards.
 */
export class IdAllocator {
  private readonly nextIds = new Map<string, number>();

  private constructor() {}

  static async create(db: Db, tables: readonly IdTable[]): Promise<IdAllocator> {
    const allocator = new IdAllocator();
    for (const table of tables) {
      const [row] = await queryRows<{ m: number | string }>(
        db,
        sql`select coalesce(max(id), 0) as m from ${table}`,
      );
      allocator.nextIds.set(getTableName(table), Number(row?.m ?? 0) + 1);
    }
    return allocator;
  }

  /** The next id of `table`. */
  next(table: IdTable): number {
    const name = getTableName(table);
    const id = this.nextIds.get(name);
    if (id === undefined) throw new Error(`IdAllocator: ${name} was not registered`);
    this.nextIds.set(name, id + 1);
    return id;
  }
}

/** Moves each identity sequence past the highest id, so later default inserts do not collide. */
export async function resetIdentities(db: Db, tables: readonly IdTable[]): Promise<void> {
  for (const table of tables) {
    const name = getTableName(table);
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 0) + 1, false) from ${table}`,
    );
  }
}
