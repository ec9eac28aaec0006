import pg from 'pg';
import { createDb, type Database } from '../src/db/client.ts';
import { ensureReferenceData } from '../src/db/reference-data.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { seedLarge } from '../src/db/seed/large.ts';

export type BenchEngine = 'pglite' | 'postgres';

/** A statement an endpoint ran, to replay straight through the driver. */
export interface CapturedStatement {
  sql: string;
  params: unknown[];
}

/** Where the PostgreSQL bench database is created (and dropped after); the `test` server. */
const POSTGRES_ADMIN_URL =
  process.env['BENCH_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  database: Database;
  engine: BenchEngine;
  /** Runs `work` and returns the statements it sent to the database. */
  capture(work: () => Promise<void>): Promise<CapturedStatement[]>;
  close(): Promise<void>;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The engines to measure: PGlite always, PostgreSQL when its server answers; BENCH_ENGINE=pglite
 * or postgres measures that one alone (each engine seeds the large store, minutes each).
 */
export async function benchEngines(): Promise<BenchEngine[]> {
  const only = process.env['BENCH_ENGINE'];
  if (only === 'pglite' || only === 'postgres') return [only];
  if (await postgresReachable()) return ['pglite', 'postgres'];
  console.warn(`PostgreSQL at ${POSTGRES_ADMIN_URL} is not reachable: measuring PGlite only.`);
  return ['pglite'];
}

async function withAdmin(run: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on `engine` with the reference data, the demo stores and the large store
 * (about 10,000 courses and 1,000,000 order items), as `npm run seed -- --scale large` makes.
 */
export async function openBenchDatabase(engine: BenchEngine): Promise<BenchDatabase> {
  let captured: CapturedStatement[] | null = null;
  const onQuery = (sql: string, params: unknown[]) => captured?.push({ sql, params });
  let dropDatabase = async () => {};
  let database: Database;
  if (engine === 'postgres') {
    const name = `csp_bench_${process.pid}`;
    await withAdmin(async (c) => {
      await c.query(`drop database if exists ${name}`);
      await c.query(`create database ${name}`);
    });
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    database = await createDb({ engine, url: url.toString(), onQuery });
    dropDatabase = () => withAdmin(async (c) => void (await c.query(`drop database ${name}`)));
  } else {
    database = await createDb({ engine, onQuery });
  }
  const started = performance.now();
  await ensureReferenceData(database.db);
  await seedDemo(database.db);
  await seedLarge(database.db);
  console.log(
    `  ${engine}: seeded demo and large stores in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    database,
    engine,
    async capture(work) {
      captured = [];
      try {
        await work();
        return captured;
      } finally {
        captured = null;
      }
    },
    async close() {
      await database.close();
      await dropDatabase();
    },
  };
}
