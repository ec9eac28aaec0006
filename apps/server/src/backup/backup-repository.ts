import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/bulk-write.ts';

/**
 * The SQL of backups and restores. Most of it runs on a bare connection (a PGlite instance on a
 * copy of the folder, or a pg client), not through drizzle: both answer `query(text)`.
 */
export interface Queryable {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** A drizzle handle (or transaction) seen as a bare connection. */
export function asQueryable(db: Pick<Db, 'execute'>): Queryable {
  return {
    query: async <R>(text: string) => ({ rows: await queryRows<R>(db as Db, sql.raw(text)) }),
  };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows of every ordinary table outside PostgreSQL's own schemas, keyed "schema.table". */
export async function tableRowCounts(db: Queryable): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
      order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const { rows } = await db.query<{ n: number | string }>(
      `select count(*) as n from ${quoted(schema)}.${quoted(name)}`,
    );
    counts[`${schema}.${name}`] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** Migrations applied (drizzle's journal table), 0 when there is none: the schema version. */
export async function appliedMigrations(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ present: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as present`,
  );
  if (!rows[0]?.present) return 0;
  const { rows: applied } = await db.query<{ n: number | string }>(
    'select count(*) as n from drizzle.__drizzle_migrations',
  );
  return Number(applied[0]?.n ?? 0);
}

/** Tables the portal's migrations create (schemas public and drizzle): a restore's target has none. */
export async function portalTableCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    `select count(*) as n from pg_tables where schemaname in ('public', 'drizzle')`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function serverVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ v: string }>('select version() as v');
  return rows[0]?.v ?? 'unknown';
}

/**
 * PostgreSQL: opens the snapshot transaction pg_dump shares (`--snapshot`), so the row counts
 * of the manifest are of the same instant as the dump. Answers the snapshot's name.
 */
export async function beginExportedSnapshot(db: Queryable): Promise<string> {
  await db.query('begin isolation level repeatable read, read only');
  const { rows } = await db.query<{ id: string }>('select pg_export_snapshot() as id');
  return rows[0]!.id;
}

export async function endTransaction(db: Queryable): Promise<void> {
  await db.query('commit');
}

/** After pg_restore: statistics for the planner, which a restore leaves empty. */
export async function analyzeRestored(db: Queryable): Promise<void> {
  await db.query('analyze');
}

/**
 * PGlite, inside the transaction that keeps every other statement out: writes every changed
 * page to the data files (so a copy opens without replaying WAL), then answers the WAL
 * segments a copy needs: from the checkpoint's redo point to the one being written.
 */
export async function checkpointAndWalSegments(
  tx: Pick<Db, 'execute'>,
): Promise<{ first: string; last: string }> {
  await tx.execute(sql`checkpoint`);
  const [segments] = await queryRows<{ first: string; last: string }>(
    tx as Db,
    sql`select pg_walfile_name(redo_lsn) as first,
               pg_walfile_name(pg_current_wal_insert_lsn()) as last
          from pg_control_checkpoint()`,
  );
  return segments!;
}
