import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, MIGRATIONS_FOLDER, type Database, type QueryListener } from '../db/client.ts';
import { PGLITE_SNAPSHOT_ENV, TEST_RUN_ENV } from './run-env.ts';

export type Engine = 'pglite' | 'postgres';

/** Where throwaway test databases are created; override with TEST_DATABASE_URL. */
export const TEST_DATABASE_URL =
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Set by CI: a PostgreSQL that does not answer fails the run instead of skipping its suites. */
const POSTGRES_REQUIRED = process.env['REQUIRE_POSTGRES'] === '1';

let reachable: Promise<string | null> | undefined;

/** Null when PostgreSQL can be used, else why not. Checked once per test worker. */
function postgresUnavailableReason(): Promise<string | null> {
  reachable ??= (async () => {
    const client = new pg.Client({
      connectionString: TEST_DATABASE_URL,
      // A loaded machine may take a while to answer when an answer is required.
      connectionTimeoutMillis: POSTGRES_REQUIRED ? 15_000 : 2000,
    });
    try {
      await client.connect();
      await client.query('select 1');
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachable;
}

/**
 * The engines every server suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test) is reachable (and it must be when
 * REQUIRE_POSTGRES=1, as in CI). Use with `describe.each`.
 */
export async function testEngines(): Promise<Engine[]> {
  const reason = await postgresUnavailableReason();
  if (reason === null) return ['pglite', 'postgres'];
  if (POSTGRES_REQUIRED) {
    throw new Error(`REQUIRE_POSTGRES is set but ${TEST_DATABASE_URL} is not reachable: ${reason}`);
  }
  console.warn(
    `[test] PostgreSQL suites skipped: ${TEST_DATABASE_URL} is not reachable (${reason}).`,
  );
  return ['pglite'];
}

export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A digest of the migrations this build ships: a template is reused only while they are the same. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_FOLDER, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

let pgliteSnapshot: Promise<Blob> | undefined;

/**
 * A migrated empty PGlite database: the snapshot the Vitest global setup wrote, or (outside
 * Vitest) one made here once per process.
 */
export function migratedPgliteSnapshot(): Promise<Blob> {
  const file = process.env[PGLITE_SNAPSHOT_ENV];
  if (file && existsSync(file)) return Promise.resolve(new Blob([readFileSync(file)]));
  pgliteSnapshot ??= (async () => {
    const database = await createDb({ engine: 'pglite' });
    try {
      const dump = await database.dumpDataDir?.();
      if (!dump) throw new Error('PGlite cannot dump its data folder');
      return dump;
    } finally {
      await database.close();
    }
  })();
  return pgliteSnapshot;
}

export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | undefined;

/** A template of other migrations is another checkout's until it is a day old. */
const TEMPLATE_STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Drops the templates of other migrations built over a day ago (or before templates carried
 * their build time). A younger one may be another checkout's, whose run clones it right now:
 * dropping it would fail that run (two checkouts on one PostgreSQL, seen here).
 */
async function dropStaleTemplates(client: pg.Client, keep: string): Promise<void> {
  const old = await client.query<{ datname: string; note: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as note from pg_database
      where datname like 'csp\\_tpl\\_%' and datname <> $1`,
    [keep],
  );
  const cutoff = Date.now() - TEMPLATE_STALE_AFTER_MS;
  for (const row of old.rows) {
    const built = Number(/^built (\d+)$/.exec(row.note ?? '')?.[1] ?? 0);
    if (built < cutoff) {
      await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    }
  }
}

/**
 * A migrated empty PostgreSQL database to clone suites from (CREATE DATABASE ... TEMPLATE), named
 * by the migrations' digest. The first worker to need it builds it under an advisory lock, under
 * another name, and renames it when done, so nobody clones a half-migrated template; templates of
 * other migrations are dropped once they are a day old.
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= withAdminClient(async (client) => {
    const name = `csp_tpl_${migrationsDigest()}`;
    await client.query('select pg_advisory_lock(hashtext($1))', ['csp-test-template']);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_${randomBytes(4).toString('hex')}`;
        await client.query(`CREATE DATABASE ${building}`);
        const database = await createDb({
          engine: 'postgres',
          url: databaseUrl(building),
          poolSize: 1,
        });
        await database.close();
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        await client.query(`COMMENT ON DATABASE ${name} IS 'built ${Date.now()}'`);
        await dropStaleTemplates(client, name);
      }
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', ['csp-test-template']);
    }
    return name;
  });
  return postgresTemplate;
}

/**
 * A clone of the migrated template, `csp_test_<run>_<random>`: named for the Vitest run, so the
 * run's end drops any a suite left behind (database-pool.ts's dropRunDatabases).
 */
export async function cloneMigratedPostgres(): Promise<string> {
  const template = await migratedPostgresTemplate();
  const run = process.env[TEST_RUN_ENV] ?? 'norun';
  const name = `csp_test_${run}_${randomBytes(5).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return name;
}

export async function dropTestDatabase(name: string): Promise<void> {
  await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * A fresh, migrated, empty database: in-memory PGlite loaded from a migrated snapshot, or a
 * throwaway PostgreSQL clone of a migrated template (cloneMigratedPostgres), which `close()`
 * drops. Migrations still run (and find nothing to do), so a stale snapshot cannot hide.
 */
export async function createTestDatabase(
  engine: Engine,
  options: { onQuery?: QueryListener } = {},
): Promise<Database & { url?: string }> {
  if (engine === 'pglite') {
    return createDb({
      engine: 'pglite',
      loadDataDir: await migratedPgliteSnapshot(),
      onQuery: options.onQuery,
    });
  }
  const name = await cloneMigratedPostgres();
  const url = databaseUrl(name);
  const database = await createDb({
    engine: 'postgres',
    url,
    poolSize: 4,
    onQuery: options.onQuery,
  });
  return {
    ...database,
    /** For a second connection pool, as a second server process would open. */
    url,
    close: async () => {
      await database.close();
      await dropTestDatabase(name);
    },
  };
}
