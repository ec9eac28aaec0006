/**
 * Upgrade fixtures: the database an earlier release left (its migrations and its demo seed),
 * dumped as plain SQL by `npm run upgrade-fixture -w apps/server -- <commit>`
 * (scripts/make-upgrade-fixture.ts), with a JSON description beside it. upgrade.test.ts loads
 * each one and upgrades it (docs/adr/0039-upgrade-fixtures-from-the-previous-release.md).
 * Neither the server nor its bundle imports this file.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export const UPGRADE_FIXTURES_FOLDER = fileURLToPath(
  new URL('./upgrade-fixtures', import.meta.url),
);

/** One table of the release's database as it was dumped. */
export interface FixtureTable {
  schema: string;
  name: string;
  /** Its columns in order: a later release compares these, whatever columns it added. */
  columns: string[];
  rows: number;
  /** checksumOf(the rows' hashes, rowHashesSql) under CANONICAL_OUTPUT. */
  checksum: string;
}

export interface UpgradeFixtureInfo {
  commit: string;
  shortCommit: string;
  /** The commit's date (ISO 8601). */
  committedAt: string;
  /** The demo seed's "today": noon UTC of the commit's day, whenever the fixture is made. */
  seededAsOf: string;
  /** Rows of drizzle.__drizzle_migrations: the release's migrations, all applied. */
  migrations: number;
  lastMigration: string;
  pgDump: string;
  /** The release's demo administrator, who signs in after the upgrade. */
  demoAdmin: { userName: string; password: string; host: string };
  /** The funding sources of the administrator's store (GET .../funding/sources lists them). */
  adminStoreFundingSources: number;
  tables: FixtureTable[];
}

export interface UpgradeFixture {
  info: UpgradeFixtureInfo;
  /** Its SQL file (gzip): `loadFixtureSql` reads it. */
  sqlFile: string;
}

/** Every fixture in the folder, oldest release first. */
export function listUpgradeFixtures(folder = UPGRADE_FIXTURES_FOLDER): UpgradeFixture[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({
      info: JSON.parse(readFileSync(join(folder, file), 'utf8')) as UpgradeFixtureInfo,
      sqlFile: join(folder, file.replace(/\.json$/, '.sql.gz')),
    }))
    .sort((a, b) => a.info.committedAt.localeCompare(b.info.committedAt));
}

/** Settings pg_dump may SET that PostgreSQL 15 and PGlite know; any other SET line is dropped. */
const KNOWN_SETTINGS = new Set([
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
  'client_encoding',
  'standard_conforming_strings',
  'check_function_bodies',
  'xmloption',
  'client_min_messages',
  'row_security',
  'default_tablespace',
  'default_table_access_method',
]);

/** pg_dump's plain output as both engines load it through a client. */
export function loadableDump(dump: string): string {
  const lines = dump.split('\n').filter((line) => {
    // psql meta-commands (\restrict, since pg_dump 15.14) are not SQL.
    if (line.startsWith('\\')) return false;
    const set = /^SET (\w+) = /.exec(line);
    return !set || KNOWN_SETTINGS.has(set[1] ?? '');
  });
  // pg_dump empties search_path to qualify every name; a connection that goes on needs it back.
  return `${lines.join('\n')}\nRESET search_path;\n`;
}

export function loadFixtureSql(fixture: UpgradeFixture): string {
  return gunzipSync(readFileSync(fixture.sqlFile)).toString('utf8');
}

/**
 * Session settings under which a row's text is the same on PostgreSQL 15 and on PGlite,
 * whatever the server's defaults: run them in the transaction that reads the hashes.
 */
export const CANONICAL_OUTPUT = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, MDY'",
  "set local intervalstyle = 'postgres'",
  'set local extra_float_digits = 1',
  "set local bytea_output = 'hex'",
];

/**
 * Every table of the portal's schemas with its columns in order, one row per column. Generated
 * columns are left out: a dump does not hold them, each engine computes them again from the
 * columns compared here, and not alike (PGlite's text search parser splits a word at a soft
 * hyphen where PostgreSQL 15's does not, so external_products.search_words differs).
 */
export const TABLE_COLUMNS_SQL = `
  select n.nspname as "schema", c.relname as "table", a.attname as "column"
  from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle') and a.attgenerated = ''
  order by n.nspname, c.relname, a.attnum`;

export interface TableColumns {
  schema: string;
  name: string;
  columns: string[];
}

/** Groups TABLE_COLUMNS_SQL's rows by table. */
export function groupColumns(rows: readonly Record<string, unknown>[]): TableColumns[] {
  const tables = new Map<string, TableColumns>();
  for (const row of rows) {
    const [schema, name] = [String(row['schema']), String(row['table'])];
    const key = `${schema}.${name}`;
    const table = tables.get(key) ?? { schema, name, columns: [] };
    table.columns.push(String(row['column']));
    tables.set(key, table);
  }
  return [...tables.values()];
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** One md5 per row (as `h`) over the given columns only, in their order. */
export function rowHashesSql(table: TableColumns): string {
  const values = table.columns.map((column) => `t.${quoted(column)}`).join(', ');
  return `select md5(row(${values})::text) as h from ${quoted(table.schema)}.${quoted(table.name)} t`;
}

/** A table's checksum from its rows' hashes, whatever order they came in. */
export function checksumOf(hashes: readonly string[]): string {
  return createHash('md5')
    .update([...hashes].sort().join(''))
    .digest('hex');
}
