import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Database } from '../db/client.ts';

export type Engine = 'pglite' | 'postgres';

/** Where throwaway test databases are created; override with TEST_DATABASE_URL. */
export const TEST_DATABASE_URL =
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

let reachable: Promise<string | null> | undefined;

/** Null when PostgreSQL can be used, else why not. Checked once per test worker. */
function postgresUnavailableReason(): Promise<string | null> {
  reachable ??= (async () => {
    const client = new pg.Client({
      connectionString: TEST_DATABASE_URL,
      connectionTimeoutMillis: 2000,
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
 * (default postgres://postgres@127.0.0.1:5432/test) is reachable. Use with `describe.each`.
 */
export async function testEngines(): Promise<Engine[]> {
  const reason = await postgresUnavailableReason();
  if (reason === null) return ['pglite', 'postgres'];
  console.warn(
    `[test] PostgreSQL suites skipped: ${TEST_DATABASE_URL} is not reachable (${reason}).`,
  );
  return ['pglite'];
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated, empty database: in-memory PGlite, or a throwaway PostgreSQL database
 * `csp_test_<random>` that `close()` drops.
 */
export async function createTestDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') return createDb({ engine: 'pglite' });
  const name = `csp_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await createDb({ engine: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
