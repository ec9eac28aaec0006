import { PGlite } from '@electric-sql/pglite';
import { createDb, PGLITE_EXTENSIONS, type Database, type QueryListener } from '../db/client.ts';
import {
  cloneMigratedPostgres,
  databaseUrl,
  dropTestDatabase,
  migratedPgliteSnapshot,
  testEngines,
  withAdminClient,
  type Engine,
} from './test-database.ts';

/*
 * Databases handed from one test suite to the next within a Vitest worker (the server project
 * runs with isolate: false, so this module's state lasts from one file to the next). Making a
 * suite's database was about half of a typical server suite's time on this project's 2-core
 * machines: an in-memory PGlite loaded from the migrated snapshot took about 1.5 s, a PostgreSQL
 * clone of the migrated template 0.7-0.9 s. Now:
 *
 * - On PGlite a suite gets the worker's previous in-memory database, emptied by one TRUNCATE
 *   (about 0.2 s). PGlite runs on the worker's own thread: a new one made in the background
 *   would still hold up the suite running beside it.
 * - On PostgreSQL a suite gets a clone made in the background while the previous suite ran,
 *   and its database is dropped in the background after (a TRUNCATE of every table costs
 *   PostgreSQL about what a clone does). The Vitest global setup drops what is left at the end
 *   (`dropRunDatabases`).
 *
 * Each suite still gets a database with no rows but the migrations' own, identities starting
 * at 1, and a handle of its own (the app's caches are kept per handle). A database whose schema a
 * suite changed (a trigger or a migration row left behind) is closed, never handed on.
 */

/** Every table of the schema: all are emptied, then `actions` gets its migrations' rows back. */
const TABLES_TO_EMPTY = `select string_agg(format('%I', tablename), ', ' order by tablename) as list
  from pg_tables where schemaname = 'public'`;

/**
 * What the migrations leave besides the schema, as the statements that put it back after the
 * TRUNCATE: their two rows of `actions` (the fixture adds the rest) and where each sequence they
 * moved stands (the actions' ids go on from 34, as in a new database).
 */
const MIGRATION_STATE = `select concat(
    format('insert into actions select * from json_populate_recordset(null::actions, %L);',
      (select coalesce(json_agg(a order by id), '[]') from actions a)),
    (select string_agg(format('select setval(%L, %s);', format('%I.%I', schemaname, sequencename),
      last_value), '') from pg_sequences where last_value is not null)) as restore`;

/** What a suite could change of the schema, counted: changed, the database is not reused. */
const SCHEMA_SHAPE = `select concat_ws(':',
    (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle')),
    (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'),
    (select count(*) from pg_trigger),
    (select count(*) from pg_constraint),
    (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'),
    (select count(*) from drizzle.__drizzle_migrations)) as shape`;

async function firstValue(client: PGlite, text: string): Promise<string> {
  const result = await client.query<Record<string, string>>(text);
  return Object.values(result.rows[0] ?? {})[0] ?? '';
}

interface PgliteShape {
  tables: string;
  shape: string;
  /** Statements that put back the migrations' rows and sequences (MIGRATION_STATE). */
  restore: string;
}

let freshShape: Promise<PgliteShape> | undefined;
const idlePglite: PGlite[] = [];
/** A suite may hold a few at once; more kept idle would only hold memory (each about 150 MB). */
const MOST_IDLE_PGLITE = 2;

async function newPgliteClient(): Promise<PGlite> {
  const client = new PGlite({
    loadDataDir: await migratedPgliteSnapshot(),
    extensions: PGLITE_EXTENSIONS,
  });
  freshShape ??= (async () => ({
    tables: await firstValue(client, TABLES_TO_EMPTY),
    shape: await firstValue(client, SCHEMA_SHAPE),
    restore: await firstValue(client, MIGRATION_STATE),
  }))();
  await freshShape;
  return client;
}

/** Empties `client` for the next suite; false when it cannot be reused. */
async function emptied(client: PGlite): Promise<boolean> {
  try {
    const fresh = await freshShape;
    if (!fresh || (await firstValue(client, SCHEMA_SHAPE)) !== fresh.shape) return false;
    await client.exec(`truncate ${fresh.tables} restart identity cascade; ${fresh.restore}`);
    return true;
  } catch {
    // An aborted transaction left open, or a closed client: not worth mending.
    return false;
  }
}

async function checkOutPglite(onQuery?: QueryListener): Promise<Database> {
  const client = idlePglite.pop() ?? (await newPgliteClient());
  let database: Database;
  try {
    database = await createDb({ engine: 'pglite', client, onQuery });
  } catch (error) {
    await client.close();
    throw error;
  }
  let closed = false;
  return {
    ...database,
    close: async () => {
      if (closed) return;
      closed = true;
      await database.close();
      if (idlePglite.length < MOST_IDLE_PGLITE && (await emptied(client))) {
        idlePglite.push(client);
      } else {
        await client.close().catch(() => undefined);
      }
    },
  };
}

let spareClone: Promise<string> | undefined;

function dropLater(name: string): void {
  // The run's end drops what is left (dropRunDatabases).
  dropTestDatabase(name).catch(() => undefined);
}

async function checkOutPostgres(onQuery?: QueryListener): Promise<Database & { url: string }> {
  // Taken before any await: two suites checking out at once must not get the same spare.
  const taken = spareClone ?? cloneMigratedPostgres();
  spareClone = cloneMigratedPostgres();
  spareClone.catch(() => undefined); // its error is the next suite's, when it awaits it
  const name = await taken;
  const url = databaseUrl(name);
  let database: Database;
  try {
    database = await createDb({ engine: 'postgres', url, poolSize: 4, onQuery });
  } catch (error) {
    dropLater(name);
    throw error;
  }
  let closed = false;
  return {
    ...database,
    url,
    close: async () => {
      if (closed) return;
      closed = true;
      await database.close();
      dropLater(name);
    },
  };
}

/**
 * A migrated database with no rows but the migrations' own, for one suite: a reused PGlite or a
 * PostgreSQL clone made ahead (see above). `close()` hands it back or drops it.
 */
export function checkOutTestDatabase(
  engine: Engine,
  options: { onQuery?: QueryListener } = {},
): Promise<Database & { url?: string }> {
  return engine === 'pglite' ? checkOutPglite(options.onQuery) : checkOutPostgres(options.onQuery);
}

/**
 * The run's clones left over (each worker's spare, drops not finished): for the global setup's
 * end. Without PostgreSQL there is nothing to drop.
 */
export async function dropRunDatabases(run: string): Promise<void> {
  if ((await testEngines()).length < 2) return;
  await withAdminClient(async (client) => {
    // A worker's last spare may still be being made by PostgreSQL after the worker ended.
    for (let waited = 0; waited < 300; waited++) {
      const making = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where state = 'active' and query ilike $1`,
        [`CREATE DATABASE csp\\_test\\_${run}\\_%`],
      );
      if ((making.rows[0]?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const left = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`csp\\_test\\_${run}\\_%`],
    );
    for (const row of left.rows) {
      await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    }
  });
}
