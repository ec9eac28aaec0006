import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { reportPreparedStatements } from './pglite-prepared.ts';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { PoolStats } from '../lib/monitoring.ts';
import type { PoolErrorListener } from './pool-settings.ts';
import { refuseNewerReleaseDatabase } from './newer-release-guard.ts';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * Runs `work` while holding the database-wide start-up lock, so several processes starting
   * at once on one PostgreSQL database migrate and seed it once, one after the other. PGlite
   * serves one process, so there it simply runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Takes a named lock for as long as this process lives (or until `release`), if no other
   * process holds it: null when another does. For duties only one process may carry out.
   */
  tryHoldLock(name: string): Promise<{ release(): Promise<void> } | null>;
  /** Runs one statement straight through the driver (pg pool or PGlite), bypassing drizzle. */
  rawQuery(sql: string, params: unknown[]): Promise<unknown>;
  /** PostgreSQL only: the pool's connections right now (GET /metrics). */
  poolStats?(): PoolStats;
  /** PGlite only: a snapshot of the whole database, for `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type { PoolErrorListener };

export type DbOptions =
  | {
      engine: 'postgres';
      url: string;
      /** Connections kept open at most (DB_POOL_SIZE; 10 by default). */
      poolSize?: number;
      /** Told about idle connections that broke; they are dropped and replaced on demand. */
      onPoolError?: PoolErrorListener;
      onQuery?: QueryListener;
      /**
       * Longest one statement may run before PostgreSQL cancels it (the server sets it so no
       * request waits for ever; seeds and tests leave it unset).
       */
      statementTimeoutMs?: number;
    }
  /** `dataDir` undefined means an in-memory database (tests). */
  | {
      engine: 'pglite';
      dataDir?: string;
      /** Start an in-memory database from a snapshot (`dumpDataDir`), e.g. a migrated one in tests. */
      loadDataDir?: Blob;
      /**
       * An already open in-memory PGlite to use instead of a new one: tests hand one to a suite
       * after another (test-support/database-pool.ts). `close()` then leaves it open.
       */
      client?: PGlite;
      /** PGlite has no pool: accepted so callers pass one set of options, never called. */
      onPoolError?: PoolErrorListener;
      onQuery?: QueryListener;
      /** PGlite serves one statement at a time in this process: accepted, not applied. */
      statementTimeoutMs?: number;
    };

/**
 * Told every statement the app runs (not migrations), with its parameters: tests count round
 * trips, and the bench replays an endpoint's own SQL straight through the driver.
 */
export type QueryListener = (sql: string, params: unknown[]) => void;

function queryLogger(options: { onQuery?: QueryListener }) {
  const listener = options.onQuery;
  return listener
    ? { logQuery: (query: string, params: unknown[]) => listener(query, params) }
    : undefined;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the embedded PGlite database (a data folder, zero set-up) or PostgreSQL, and applies
 * the committed migrations (refusing a database a newer release migrated: newer-release-guard.ts).
 * Both engines are driven through the same drizzle API.
 */
export async function createDb(options: DbOptions): Promise<Database> {
  if (options.engine === 'postgres') {
    // node-postgres and its drizzle driver load only here: the embedded database's start
    // does without them.
    const [{ createPool }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('./pool.ts'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = createPool(options);
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: queryLogger(options) });
    const database: Database = {
      db: db as unknown as Db,
      engine: 'postgres',
      // The work runs on the pool while one connection holds the lock: the pool needs two.
      exclusive: (work) => withAdvisoryLock(pool, STARTUP_LOCK, () => work()),
      tryHoldLock: (name) => tryHoldAdvisoryLock(pool, name),
      rawQuery: (text, params) => pool.query(text, params),
      poolStats: () => ({
        size: pool.options.max ?? 0,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
    try {
      // On the connection that holds the lock: a pool of one must not wait for itself.
      await withAdvisoryLock(pool, STARTUP_LOCK, async (client) => {
        await refuseNewerReleaseDatabase(
          async (text) => (await client.query(text)).rows,
          MIGRATIONS_FOLDER,
        );
        await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return database;
  }
  if (options.dataDir) createPrivateFolder(options.dataDir);
  const folderLock = options.dataDir ? lockDataFolder(options.dataDir) : null;
  try {
    return await openPglite(options, folderLock);
  } catch (error) {
    folderLock?.release();
    throw error;
  }
}

/** PGlite's extensions: pg_trgm backs material search's typo tolerance (migration 0009). */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(
  options: Extract<DbOptions, { engine: 'pglite' }>,
  folderLock: DataFolderLock | null,
): Promise<Database> {
  const extensions = PGLITE_EXTENSIONS;
  const client =
    options.client ??
    (options.dataDir
      ? new PGlite(options.dataDir, { extensions })
      : new PGlite(
          options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions },
        ));
  const ownsClient = options.client === undefined;
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: queryLogger(options) });
  reportPreparedStatements(client, options.onQuery);
  try {
    await refuseNewerReleaseDatabase(
      async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      MIGRATIONS_FOLDER,
    );
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    if (ownsClient) await client.close();
    throw error;
  }
  if (options.dataDir) restrictToOwner(options.dataDir);
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    rawQuery: (text, params) => client.query(text, params),
    dumpDataDir: () => client.dumpDataDir('none'),
    exclusive: (work) => work(),
    tryHoldLock: async () => ({ release: async () => {} }),
    close: async () => {
      try {
        if (ownsClient) await client.close();
      } finally {
        folderLock?.release();
      }
    },
  };
}

/** The advisory lock under which migrations and seeding run. */
const STARTUP_LOCK = 'campus-store-portal:startup';

/**
 * A client taken out of the pool. Out of the pool it has no error listener, and a connection
 * that breaks would then crash the process: its queries fail instead, which is enough.
 */
async function checkout(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  client.on('error', () => undefined);
  return client;
}

async function withAdvisoryLock<T>(
  pool: pg.Pool,
  name: string,
  work: (client: pg.PoolClient) => Promise<T>,
) {
  const client = await checkout(pool);
  try {
    // Waiting behind another process's migrations and seed, and migrating, may take longer
    // than the statement timeout requests get: not on this connection.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
      await client.query('reset statement_timeout');
    }
  } finally {
    client.release();
  }
}

/** A session-level advisory lock on a connection kept out of the pool while it is held. */
async function tryHoldAdvisoryLock(pool: pg.Pool, name: string) {
  const client = await checkout(pool);
  const { rows } = await client.query<{ held: boolean }>(
    'select pg_try_advisory_lock(hashtext($1)) as held',
    [name],
  );
  if (!rows[0]?.held) {
    client.release();
    return null;
  }
  // A broken connection loses the lock with it; release(true) then discards the client.
  return {
    release: async () => {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
      client.release(true);
    },
  };
}

/**
 * The embedded database's folder holds password hashes and the SAML signing key: only the
 * server's own user may enter it. PGlite creates its files world-writable (0666), so the folder
 * is made 0700 and what is in it 0600 (files) / 0700 (folders) after it opens.
 */
function createPrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

function restrictToOwner(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      chmodSync(path, 0o700);
      restrictToOwner(path);
    } else if (entry.isFile()) {
      chmodSync(path, 0o600);
    }
  }
}

/** Chooses the engine from configuration: PostgreSQL when a URL is given, PGlite otherwise. */
export function dbOptionsFromEnv(
  databaseUrl: string | undefined,
  dataDir: string,
  poolSize?: number,
) {
  return databaseUrl
    ? { engine: 'postgres' as const, url: databaseUrl, poolSize }
    : { engine: 'pglite' as const, dataDir };
}
