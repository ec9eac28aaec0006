import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import pg from 'pg';
import { pino } from 'pino';
import { createDb, type DbOptions } from '../db/client.ts';
import { prepareDatabase } from '../startup/prepare-database.ts';
import { TEST_DATABASE_URL } from './test-database.ts';

/** The folder of this Vitest run's seeded PGlite template (set by the global setup below). */
const RUN_DIR_ENV = 'CSP_TEST_SEEDED_DEMO_DIR';
/** The name of this run's seeded PostgreSQL template database. */
const RUN_DB_ENV = 'CSP_TEST_SEEDED_DEMO_DB';
/** Seeded templates are named csp_seed_<unix seconds>_<random>, so stale ones can be told. */
const STALE_AFTER_S = 24 * 3600;
/** Longest a worker waits for another one to seed the PGlite template (about 15 s quiet). */
const SEED_WAIT_MS = 300_000;

/**
 * Vitest global setup: names this run's seeded demo templates, and removes them after the run.
 * Nothing is seeded here: the first suite that asks for a template builds it (about 15 s per
 * engine), so a run of files that need none pays nothing. Per run, not cached across runs: the
 * demo's dates are anchored on today and its content follows the seed code.
 */
export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'csp-seeded-demo-'));
  const name = `csp_seed_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  process.env[RUN_DIR_ENV] = dir;
  process.env[RUN_DB_ENV] = name;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropPostgresTemplates(name).catch(() => undefined);
  };
}

function runSetting(env: string): string {
  const value = process.env[env];
  if (!value) throw new Error(`${env} is not set: run through apps/server's Vitest config.`);
  return value;
}

/** Opens a database as the server does and lets its start-up seed the demo, then closes it. */
async function seedAsTheServerDoes(options: DbOptions): Promise<void> {
  const database = await createDb(options);
  try {
    await database.exclusive(() => prepareDatabase(database.db, true, pino({ level: 'silent' })));
  } finally {
    await database.close();
  }
}

let pgliteTemplate: Promise<string> | undefined;

/**
 * The seeded PGlite data folder of this run. Vitest workers are separate threads (or processes):
 * the first to get here creates a lock folder (mkdir is atomic), seeds into a folder of its own
 * and renames it into place; the others wait for the rename, checking a few times a second.
 */
function seededPgliteFolder(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const run = runSetting(RUN_DIR_ENV);
    const ready = join(run, 'pglite');
    const lock = join(run, 'pglite.lock');
    const deadline = Date.now() + SEED_WAIT_MS;
    while (!existsSync(ready)) {
      if (Date.now() > deadline) throw new Error(`no seeded demo in ${ready} after 5 minutes`);
      if (!takeLock(lock)) {
        await sleep(200);
        continue;
      }
      try {
        if (!existsSync(ready)) {
          const building = join(run, `pglite.building-${process.pid}-${threadId}`);
          await seedAsTheServerDoes({ engine: 'pglite', dataDir: building });
          renameSync(building, ready);
        }
      } finally {
        // Released on failure too: a waiting worker then tries the seed itself.
        rmSync(lock, { recursive: true, force: true });
      }
    }
    return ready;
  })().catch((error: unknown) => {
    pgliteTemplate = undefined;
    throw error;
  });
  return pgliteTemplate;
}

function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Copies the demo data folder seeded once this run into `dataDir` (created if missing): a server
 * started on it finds the demo there and skips the seed (prepare-database.ts), as it would on its
 * second start. As e2e/support/server.ts's copyDemoData does for the browser tests.
 */
export async function copySeededDemo(dataDir: string): Promise<void> {
  cpSync(await seededPgliteFolder(), dataDir, { recursive: true });
}

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let postgresTemplate: Promise<string> | undefined;

/**
 * This run's seeded PostgreSQL template. Workers (and other runs, on other names) build it under
 * an advisory lock, which a waiting worker sleeps on in PostgreSQL; it is seeded under another
 * name and renamed when done, so nobody clones a half-seeded database.
 */
function seededPostgresTemplate(): Promise<string> {
  postgresTemplate ??= withAdmin(async (client) => {
    const name = runSetting(RUN_DB_ENV);
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_building`;
        await client.query(`DROP DATABASE IF EXISTS ${building}`);
        await client.query(`CREATE DATABASE ${building}`);
        await seedAsTheServerDoes({ engine: 'postgres', url: databaseUrl(building), poolSize: 2 });
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
    return name;
  }).catch((error: unknown) => {
    postgresTemplate = undefined;
    throw error;
  });
  return postgresTemplate;
}

/**
 * A new PostgreSQL database `csp_test_<random>` cloned from the demo seeded once this run: a
 * server started on it skips the seed. `close()` drops it.
 */
export async function seededPostgresDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  const template = await seededPostgresTemplate();
  const name = `csp_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: databaseUrl(name),
    close: async () => {
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** This run's template (and a half-built one), and those a crashed run left over a day ago. */
async function dropPostgresTemplates(name: string): Promise<void> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 2000,
  });
  await client.connect();
  try {
    const all = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'csp\\_seed\\_%'",
    );
    const cutoff = Math.floor(Date.now() / 1000) - STALE_AFTER_S;
    for (const { datname } of all.rows) {
      const created = Number(/^csp_seed_(\d+)_/.exec(datname)?.[1] ?? Number.NaN);
      if (datname.startsWith(name) || created < cutoff) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
  } finally {
    await client.end();
  }
}
