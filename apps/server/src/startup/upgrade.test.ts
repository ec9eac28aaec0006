import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fillPath, getFundingSources, login, type SessionResponse } from '@csp/contracts';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb, MIGRATIONS_FOLDER, type Database, type Db } from '../db/client.ts';
import { authHeaders, testConfig } from '../test-support/test-app.ts';
import { TEST_DATABASE_URL, testEngines, type Engine } from '../test-support/test-database.ts';
import { prepareDatabase } from './prepare-database.ts';
import {
  CANONICAL_OUTPUT,
  checksumOf,
  groupColumns,
  listUpgradeFixtures,
  loadFixtureSql,
  rowHashesSql,
  TABLE_COLUMNS_SQL,
  type FixtureTable,
  type TableColumns,
  type UpgradeFixture,
} from './upgrade-fixture.ts';

/**
 * Tables a start may add rows to: ensureReferenceData adds the roles, actions and product types
 * a release brings (db/reference-data.ts), and the bookkeeping gains the new migrations.
 */
const MAY_GAIN_ROWS = new Set([
  'drizzle.__drizzle_migrations',
  'public.actions',
  'public.roles',
  'public.role_actions',
  'public.proposed_product_types',
]);

/**
 * What a migration newer than a fixture changes on purpose, left out of the comparison:
 * 'schema.table' (its rows may change) or 'schema.table.column' (that column may). Say which
 * migration does it and why. Anything else a migration changes fails this test.
 */
const CHANGED_ON_PURPOSE: Record<string, string> = {};

const engines = await testEngines();
const fixtures = listUpgradeFixtures();
const shipped = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const journal = (
  JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  }
).entries;
const silent = pino({ level: 'silent' });

type RowHashes = Map<string, string[]>;
const keyOf = (table: { schema: string; name: string }) => `${table.schema}.${table.name}`;

/** The fixture's columns a later release still compares (CHANGED_ON_PURPOSE aside). */
const compared = (table: FixtureTable): TableColumns => ({
  ...table,
  columns: table.columns.filter((column) => !CHANGED_ON_PURPOSE[`${keyOf(table)}.${column}`]),
});

/** Each table's row hashes over the given columns, read under CANONICAL_OUTPUT. */
async function readRowHashes(db: Db, tables: readonly TableColumns[]): Promise<RowHashes> {
  return db.transaction(async (tx) => {
    for (const setting of CANONICAL_OUTPUT) await tx.execute(sql.raw(setting));
    const hashes: RowHashes = new Map();
    for (const table of tables) {
      const result = (await tx.execute(sql.raw(rowHashesSql(table)))) as unknown as {
        rows: { h: string }[];
      };
      hashes.set(
        keyOf(table),
        result.rows.map((row) => row.h),
      );
    }
    return hashes;
  });
}

async function currentTables(db: Db): Promise<TableColumns[]> {
  const result = (await db.execute(sql.raw(TABLE_COLUMNS_SQL))) as unknown as {
    rows: Record<string, unknown>[];
  };
  return groupColumns(result.rows);
}

/** Every table (all its columns now) to one checksum each. */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const hashes = await readRowHashes(db, await currentTables(db));
  return Object.fromEntries([...hashes].map(([key, rows]) => [key, checksumOf(rows)]));
}

/** Rows in `before` that `after` lacks, and rows `after` has in excess (a multiset difference). */
function difference(before: readonly string[], after: readonly string[]) {
  const counts = new Map<string, number>();
  for (const hash of before) counts.set(hash, (counts.get(hash) ?? 0) + 1);
  let extra = 0;
  for (const hash of after) {
    const left = counts.get(hash) ?? 0;
    if (left > 0) counts.set(hash, left - 1);
    else extra++;
  }
  const missing = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return { missing, extra };
}

interface LoadedFixture {
  /** The loaded rows' hashes (compared columns), read before the portal opened the database. */
  loaded: RowHashes;
  /** Opens it as the server does: createDb (migrations), then prepareDatabase. */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

/** The fixture's SQL loaded into a new PGlite data folder or a new PostgreSQL database. */
async function loadFixture(engine: Engine, fixture: UpgradeFixture): Promise<LoadedFixture> {
  const text = loadFixtureSql(fixture);
  const tables = fixture.info.tables.map(compared);
  const open = async (options: Parameters<typeof createDb>[0]) => {
    const database = await createDb(options);
    await database.exclusive(() => prepareDatabase(database.db, true, silent));
    return database;
  };
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'csp-upgrade-'));
    const client = new PGlite(dataDir, { extensions: { pg_trgm } });
    try {
      await client.exec(text);
      const loaded = await readRowHashes(drizzlePglite(client) as unknown as Db, tables);
      return {
        loaded,
        open: () => open({ engine, dataDir }),
        remove: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    } finally {
      await client.close();
    }
  }
  const name = `csp_test_upgrade_${randomBytes(4).toString('hex')}`;
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(text);
    const loaded = await readRowHashes(drizzlePg(client) as unknown as Db, tables);
    return {
      loaded,
      open: () => open({ engine, url: url.toString(), poolSize: 4 }),
      remove: () => admin(`drop database if exists ${name} with (force)`),
    };
  } finally {
    await client.end();
  }
}

it('has the fixture of at least one earlier release (scripts/make-upgrade-fixture.ts)', () => {
  expect(fixtures.length).toBeGreaterThan(0);
});

const cases = fixtures.flatMap((fixture) =>
  engines.map((engine) => [fixture.info.shortCommit, engine, fixture] as const),
);

describe.each(cases)('upgrading the database of release %s (%s)', (_commit, engine, fixture) => {
  const { info } = fixture;
  let fixtureDb: LoadedFixture;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    fixtureDb = await loadFixture(engine, fixture);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fixtureDb?.remove();
  });

  it("loads the release's database row for row", () => {
    const problems = info.tables.flatMap((table) => {
      const hashes = fixtureDb.loaded.get(keyOf(table)) ?? [];
      const whole = compared(table).columns.length === table.columns.length;
      if (hashes.length !== table.rows) return [`${keyOf(table)}: ${hashes.length} rows`];
      if (whole && checksumOf(hashes) !== table.checksum) {
        return [`${keyOf(table)}: rows differ from the release's (checksum)`];
      }
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('applies every migration this release ships on top of the release’s, in order', async () => {
    database = await fixtureDb.open();
    const result = (await database.rawQuery(
      'select hash, created_at from drizzle.__drizzle_migrations order by id',
      [],
    )) as { rows: { hash: string; created_at: string }[] };
    const applied = new Set(result.rows.map((row) => Number(row.created_at)));
    const skipped = journal.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
    // drizzle applies only what is newer than the last applied entry: a migration whose journal
    // time is older than the release's last one is never applied to an upgraded database.
    expect(skipped, 'migrations the upgrade did not apply').toEqual([]);
    // A hash that differs is a released migration edited since (src/db/migrations/README.md).
    expect(result.rows.map((row) => [row.hash, Number(row.created_at)])).toEqual(
      shipped.map((migration) => [migration.hash, migration.folderMillis]),
    );
  });

  it('keeps every row of the release, in the columns it had', async () => {
    const now = new Map((await currentTables(database!.db)).map((t) => [keyOf(t), t]));
    const problems: string[] = [];
    const kept: TableColumns[] = [];
    for (const table of info.tables.map(compared)) {
      const key = keyOf(table);
      if (CHANGED_ON_PURPOSE[key]) continue;
      const gone = table.columns.filter((column) => !now.get(key)?.columns.includes(column));
      if (gone.length > 0) problems.push(`${key}: no longer has ${gone.join(', ')}`);
      else kept.push(table);
    }
    const upgraded = await readRowHashes(database!.db, kept);
    for (const table of kept) {
      const key = keyOf(table);
      const { missing, extra } = difference(fixtureDb.loaded.get(key)!, upgraded.get(key)!);
      if (missing > 0) problems.push(`${key}: ${missing} of the release's rows changed or gone`);
      if (extra > 0 && !MAY_GAIN_ROWS.has(key)) {
        problems.push(`${key}: ${extra} rows that were not in the release`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('applies nothing and changes nothing when opened a second time', async () => {
    const before = await snapshot(database!.db);
    await database!.close();
    database = undefined;
    database = await fixtureDb.open();
    expect(await snapshot(database.db)).toEqual(before);
  });

  it("lets the release's demo administrator sign in and see the store's funding sources", async () => {
    app = await buildApp({ db: database!.db, config: testConfig(), engine });
    const { host, userName, password } = info.demoAdmin;
    const signIn = await app.inject({
      method: 'POST',
      url: login.path,
      headers: { host },
      payload: { userName, password },
    });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.json<SessionResponse>();
    const res = await app.inject({
      method: 'GET',
      url: fillPath(getFundingSources.path, { userAccountId: session.accountId }),
      headers: authHeaders(host, session.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ sources: unknown[] }>().sources).toHaveLength(info.adminStoreFundingSources);
  });
});
