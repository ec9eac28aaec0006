/**
 * `npm run upgrade-fixture -w apps/server -- <commit>`: makes the upgrade fixture of a release
 * (src/startup/upgrade-fixture.ts). That commit's own tree, extracted with `git archive`, runs
 * its own migrations and demo seed on a scratch PostgreSQL database, which is then dumped as
 * plain SQL into src/startup/upgrade-fixtures/<commit>.sql.gz, described by <commit>.json
 * (row counts and checksums read from the scratch database). upgrade.test.ts upgrades it.
 *
 * Needs a PostgreSQL role that may create databases, UPGRADE_FIXTURE_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), and pg_dump of that server's version on PATH.
 * The release runs on this checkout's node_modules: the script warns when that commit's
 * package-lock.json differs from this one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import {
  CANONICAL_OUTPUT,
  checksumOf,
  groupColumns,
  loadableDump,
  rowHashesSql,
  TABLE_COLUMNS_SQL,
  UPGRADE_FIXTURES_FOLDER,
  type FixtureTable,
  type UpgradeFixtureInfo,
} from '../src/startup/upgrade-fixture.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ADMIN_URL =
  process.env['UPGRADE_FIXTURE_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 }).trim();

interface Release {
  commit: string;
  shortCommit: string;
  committedAt: string;
  seededAsOf: string;
}

function resolveRelease(ref: string): Release {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const committedAt = git('show', '-s', '--format=%cI', commit);
  const day = new Date(committedAt).toISOString().slice(0, 10);
  return {
    commit,
    shortCommit: git('rev-parse', '--short=7', commit),
    committedAt,
    // A fixed "today" for the demo's dates: the fixture does not depend on when it is made.
    seededAsOf: `${day}T12:00:00.000Z`,
  };
}

function warnIfDependenciesDiffer(commit: string): void {
  const theirs = git('show', `${commit}:package-lock.json`);
  const ours = readFileSync(join(ROOT, 'package-lock.json'), 'utf8').trim();
  if (theirs !== ours) {
    console.warn(
      `Warning: ${commit.slice(0, 7)}'s package-lock.json differs from this checkout's; ` +
        "the release runs on this checkout's node_modules, so check the difference cannot matter.",
    );
  }
}

/** The commit's files, with this checkout's installed packages but its own workspace packages. */
function extractRelease(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'csp-upgrade-fixture-'));
  const tree = join(dir, 'tree');
  mkdirSync(tree);
  const tar = join(dir, 'release.tar');
  execFileSync('git', ['archive', '--format=tar', '-o', tar, commit], { cwd: ROOT });
  execFileSync('tar', ['-x', '-f', tar, '-C', tree]);
  const modules = join(tree, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '@csp') symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  // The workspace links are relative (../../packages/contracts): made again inside the tree,
  // they point at the release's own packages, not this checkout's.
  mkdirSync(join(modules, '@csp'));
  for (const entry of readdirSync(join(ROOT, 'node_modules/@csp'))) {
    const target = readlinkSync(join(ROOT, 'node_modules/@csp', entry));
    symlinkSync(target, join(modules, '@csp', entry));
  }
  const workspaces = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      workspaces: string[];
    }
  ).workspaces;
  for (const workspace of workspaces) {
    const own = join(ROOT, workspace, 'node_modules');
    if (isFolder(own) && isFolder(join(tree, workspace))) {
      symlinkSync(own, join(tree, workspace, 'node_modules'));
    }
  }
  return dir;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Runs in the release's apps/server: its own createDb (its migrations) and demo seed. What it
 * needs from the release: createDb, seedDemo(db, { today }) and DEMO_ACCOUNTS / DEMO_HOSTS.
 */
const SEED_RUNNER = `
import { writeFileSync } from 'node:fs';
import { createDb } from './src/db/client.ts';
import { seedDemo } from './src/db/seed/demo.ts';
import { DEMO_ACCOUNTS, DEMO_HOSTS } from './src/db/seed/demo-accounts.ts';

const env = (name) => process.env[name] ?? '';
const database = await createDb({ engine: 'postgres', url: env('FIXTURE_DATABASE_URL'), poolSize: 2 });
try {
  await database.exclusive(() => seedDemo(database.db, { today: new Date(env('FIXTURE_TODAY')) }));
} finally {
  await database.close();
}
const admin = DEMO_ACCOUNTS.find((a) => a.userName.startsWith('admin@')) ?? DEMO_ACCOUNTS[0];
const host = admin.store === 'A' ? DEMO_HOSTS.storeA : DEMO_HOSTS.storeB;
writeFileSync(env('FIXTURE_ADMIN_FILE'), JSON.stringify({ userName: admin.userName, password: admin.password, host }));
`;

function seedRelease(dir: string, release: Release, url: string): UpgradeFixtureInfo['demoAdmin'] {
  const server = join(dir, 'tree/apps/server');
  writeFileSync(join(server, 'upgrade-fixture-seed.ts'), SEED_RUNNER);
  const adminFile = join(dir, 'admin.json');
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const run = spawnSync(process.execPath, [tsx, 'upgrade-fixture-seed.ts'], {
    cwd: server,
    stdio: 'inherit',
    env: {
      ...process.env,
      FIXTURE_DATABASE_URL: url,
      FIXTURE_TODAY: release.seededAsOf,
      FIXTURE_ADMIN_FILE: adminFile,
    },
  });
  if (run.status !== 0) throw new Error(`the release's demo seed failed (exit ${run.status})`);
  return JSON.parse(readFileSync(adminFile, 'utf8')) as UpgradeFixtureInfo['demoAdmin'];
}

/** Row counts and checksums, read under the settings the test reads them with. */
async function describeDatabase(url: string, adminUserName: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (const setting of CANONICAL_OUTPUT) await client.query(setting);
    const tables: FixtureTable[] = [];
    for (const table of groupColumns((await client.query(TABLE_COLUMNS_SQL)).rows)) {
      const hashes = (await client.query<{ h: string }>(rowHashesSql(table))).rows.map((r) => r.h);
      tables.push({ ...table, rows: hashes.length, checksum: checksumOf(hashes) });
    }
    const sources = await client.query<{ n: number }>(
      `select count(*)::int as n from funding_sources f
         join user_accounts u on u.location_id = f.location_id
       where lower(u.user_name) = lower($1)`,
      [adminUserName],
    );
    await client.query('commit');
    return { tables, adminStoreFundingSources: sources.rows[0]?.n ?? 0 };
  } finally {
    await client.end();
  }
}

/** A plain-SQL dump both engines load: rows as INSERTs (PGlite cannot COPY from a client). */
function dumpDatabase(url: string): string {
  const dump = execFileSync(
    'pg_dump',
    ['--dbname', url, '--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=500'],
    { encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  return loadableDump(dump);
}

function journalOf(dir: string): string[] {
  const journal = join(dir, 'tree/apps/server/src/db/migrations/meta/_journal.json');
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: { tag: string }[] }).entries.map(
    (entry) => entry.tag,
  );
}

async function withScratchDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `upgrade_fixture_src_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      return await run(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

async function writeJson(path: string, value: unknown): Promise<void> {
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(JSON.stringify(value), { ...options, filepath: path }));
}

async function main(ref: string | undefined): Promise<void> {
  if (!ref) throw new Error('Usage: npm run upgrade-fixture -w apps/server -- <commit>');
  const release = resolveRelease(ref);
  warnIfDependenciesDiffer(release.commit);
  const dir = extractRelease(release.commit);
  try {
    const fixture = await withScratchDatabase(async (url) => {
      console.log(`Seeding the demo of ${release.shortCommit} as of ${release.seededAsOf}…`);
      const demoAdmin = seedRelease(dir, release, url);
      const described = await describeDatabase(url, demoAdmin.userName);
      return { demoAdmin, ...described, sql: dumpDatabase(url) };
    });
    const tags = journalOf(dir);
    const migrations = fixture.tables.find((t) => t.name === '__drizzle_migrations')?.rows;
    if (migrations !== tags.length) {
      throw new Error(`${migrations} migrations applied, but the release has ${tags.length}`);
    }
    const info: UpgradeFixtureInfo = {
      ...release,
      migrations,
      lastMigration: tags.at(-1) ?? '',
      pgDump: execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }).trim(),
      demoAdmin: fixture.demoAdmin,
      adminStoreFundingSources: fixture.adminStoreFundingSources,
      tables: fixture.tables,
    };
    mkdirSync(UPGRADE_FIXTURES_FOLDER, { recursive: true });
    const base = join(UPGRADE_FIXTURES_FOLDER, release.shortCommit);
    writeFileSync(`${base}.sql.gz`, gzipSync(fixture.sql, { level: 9 }));
    await writeJson(`${base}.json`, info);
    const rows = info.tables.reduce((sum, t) => sum + t.rows, 0);
    const size = statSync(`${base}.sql.gz`).size;
    console.log(
      `${base}.sql.gz: ${(size / 1e6).toFixed(2)} MB, ${info.tables.length} tables, ${rows} rows, ` +
        `${migrations} migrations (last ${info.lastMigration}).`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv[2]).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
