import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  testEngines,
  type Engine,
} from '../test-support/test-database.ts';
import { createDb, MIGRATIONS_FOLDER, type Database } from './client.ts';
import { refuseNewerReleaseDatabase, type RowsQuery } from './newer-release-guard.ts';

const engines = await testEngines();
const shipped = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const newest = shipped.at(-1)!;
const refusal = (applied: number) =>
  `This database was upgraded by a newer release of the portal (${applied} migrations; ` +
  `this release knows ${shipped.length}). Run the newer release, or restore a backup made ` +
  'before the upgrade.';

/** Opens `database` again as a server would (its PostgreSQL database, or a copy of PGlite's). */
async function reopen(engine: Engine, database: Database & { url?: string }): Promise<Database> {
  if (engine === 'postgres') return createDb({ engine, url: database.url!, poolSize: 2 });
  return createDb({ engine, loadDataDir: await database.dumpDataDir!() });
}

async function appliedCount(database: Database): Promise<number> {
  const result = (await database.rawQuery(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
    [],
  )) as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

const recordApplied = (database: Database, hash: string, createdAt: number) =>
  database.rawQuery('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
    hash,
    createdAt,
  ]);

/** A migrations folder holding all but the newest migration: what the release before shipped. */
function olderMigrationsFolder(parent: string): string {
  const folder = join(parent, 'migrations');
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const journalFile = join(MIGRATIONS_FOLDER, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, -1);
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    cpSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(folder, `${tag}.sql`));
  }
  return folder;
}

/** An empty database migrated by `folder` only, opened by this release. */
async function openOlderDatabase(engine: Engine, folder: string) {
  if (engine === 'pglite') {
    const client = new PGlite({ extensions: { pg_trgm } });
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    const snapshot = await client.dumpDataDir('none');
    await client.close();
    return { database: await createDb({ engine, loadDataDir: snapshot }), drop: async () => {} };
  }
  const name = `csp_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await migratePg(drizzlePg(client), { migrationsFolder: folder }).finally(() => client.end());
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  try {
    return { database: await createDb({ engine, url: url.toString(), poolSize: 2 }), drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

describe.each(engines)('a database and the release that opens it (%s)', (engine) => {
  const parent = mkdtempSync(join(tmpdir(), 'csp-newer-release-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('refuses a database a newer release migrated, says what to do, and leaves it as it was', async () => {
    const database = await createTestDatabase(engine);
    try {
      await recordApplied(database, 'a-migration-of-a-newer-release', newest.folderMillis + 60_000);
      await expect(reopen(engine, database)).rejects.toThrow(refusal(shipped.length + 1));
      expect(await appliedCount(database)).toBe(shipped.length + 1);
    } finally {
      await database.close();
    }
  });

  it('refuses a database that lists more migrations than this release ships', async () => {
    const database = await createTestDatabase(engine);
    try {
      await recordApplied(database, newest.hash, newest.folderMillis);
      await expect(reopen(engine, database)).rejects.toThrow(refusal(shipped.length + 1));
    } finally {
      await database.close();
    }
  });

  it('migrates a database of the release before, applying only what it lacks', async () => {
    const older = await openOlderDatabase(engine, olderMigrationsFolder(join(parent, engine)));
    try {
      expect(await appliedCount(older.database)).toBe(shipped.length);
      const result = (await older.database.rawQuery(
        'select hash from drizzle.__drizzle_migrations order by id',
        [],
      )) as { rows: { hash: string }[] };
      expect(result.rows.map((row) => row.hash)).toEqual(shipped.map((m) => m.hash));
    } finally {
      await older.database.close();
      await older.drop();
    }
  });
});

describe('which bookkeeping is refused', () => {
  const answering =
    (present: boolean, createdAt: number[]): RowsQuery =>
    async (sql) =>
      sql.includes('to_regclass')
        ? [{ present }]
        : createdAt.map((value) => ({ created_at: String(value) }));
  const guard = (query: RowsQuery) => refuseNewerReleaseDatabase(query, MIGRATIONS_FOLDER);

  it('opens a new database (no bookkeeping yet) and one of this release or an older one', async () => {
    await expect(guard(answering(false, []))).resolves.toBeUndefined();
    const all = shipped.map((m) => m.folderMillis);
    await expect(guard(answering(true, all))).resolves.toBeUndefined();
    await expect(guard(answering(true, all.slice(0, 3)))).resolves.toBeUndefined();
  });

  it('names the migrations that are not this release’s when there are not more of them', async () => {
    const entries = [shipped[0]!.folderMillis, newest.folderMillis + 1];
    await expect(guard(answering(true, entries))).rejects.toThrow(
      `(2 migrations, 1 of them not this release's; this release knows ${shipped.length})`,
    );
  });
});
