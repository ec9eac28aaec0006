import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createFundingSource,
  fillPath,
  getFundingSources,
  getFundingTerms,
  login,
  readiness,
  type SessionResponse,
} from '@csp/contracts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';
import {
  httpCall,
  startServerProcess,
  waitReady,
  type ServerProcess,
} from '../test-support/server-process.ts';
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  testEngines,
  type Engine,
} from '../test-support/test-database.ts';
import { backupCommand } from './backup-command.ts';
import type { Queryable } from './backup-repository.ts';
import { openPgliteFolder } from './pglite-folder.ts';
import { restoreCommand } from './restore-command.ts';

const run = promisify(execFile);
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const engines = await testEngines();

/** Concurrent writers; each numbers its own writes, one after the other. */
const WRITERS = 2;
/** Each writer's sources pay for these many terms: a source without them is a torn transaction. */
const TERMS_PER_SOURCE = 2;
const LOAD_NAME = /^Backup load (\d+)-(\d+)$/;
/** The tables the load writes, in one transaction per source (source-create.ts). */
const WRITTEN = [
  'public.funding_sources',
  'public.funding_source_terms',
  'public.funding_activity',
];

/** The real command line, as `npm run backup` / `npm run restore` run it. */
function cli(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', `src/backup/${script}-cli.ts`, file], {
    cwd: SERVER_DIR,
    env: { ...process.env, INIT_CWD: SERVER_DIR, LOG_LEVEL: 'warn', ...env },
  });
}

async function signIn(server: ServerProcess): Promise<SessionResponse> {
  const admin = DEMO_ACCOUNTS.find((a) => a.userName === 'admin@demo-university.edu')!;
  const res = await httpCall(server.port, login.method, login.path, {
    body: { userName: admin.userName, password: admin.password },
    timeoutMs: 60_000,
  });
  expect(res.status, res.body).toBe(200);
  return res.json<SessionResponse>();
}

async function termIds(server: ServerProcess, session: SessionResponse): Promise<number[]> {
  const path = fillPath(getFundingTerms.path, { userAccountId: session.accountId });
  const res = await httpCall(server.port, 'GET', path, { token: session.token });
  expect(res.status, res.body).toBe(200);
  return res.json<{ terms: { termId: number }[] }>().terms.map((t) => t.termId);
}

function createSource(
  server: ServerProcess,
  session: SessionResponse,
  name: string,
  terms: number[],
) {
  const source = {
    name,
    kind: 'FINANCIAL_AID',
    budgetCents: 100_000,
    termIds: terms,
    chargeStartsOn: '2026-01-01',
    chargeEndsOn: '2026-12-31',
    perStudentCapCents: null,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ['NEW', 'USED'],
    unspentPolicy: 'RETURN_TO_SOURCE',
    promotion: null,
  };
  const path = fillPath(createFundingSource.path, { userAccountId: session.accountId });
  return httpCall(server.port, 'POST', path, {
    token: session.token,
    body: { source, clientKey: randomUUID() },
    timeoutMs: 60_000,
  });
}

/**
 * The write load: WRITERS clients, each creating "Backup load <writer>-<n>" sources one after
 * the other (so a writer's sources in any consistent copy are 1..k without a gap), and a probe
 * timing GET /health/ready (which reads the database) meanwhile.
 */
function writeLoad(server: ServerProcess, session: SessionResponse, terms: number[]) {
  const answered = Array.from({ length: WRITERS }, () => 0);
  const probes: { at: number; ms: number; status: number }[] = [];
  let stopping = false;
  let wake = () => {};
  const writers = answered.map(async (_, writer) => {
    while (!stopping) {
      const name = `Backup load ${writer}-${answered[writer]! + 1}`;
      const res = await createSource(server, session, name, terms);
      expect(res.status, res.body).toBe(200);
      answered[writer]! += 1;
      wake();
    }
  });
  const writing = Promise.all(writers);
  const probe = (async () => {
    while (!stopping) {
      const started = performance.now();
      const res = await httpCall(server.port, 'GET', readiness.path, { timeoutMs: 60_000 });
      probes.push({ at: started, ms: performance.now() - started, status: res.status });
    }
  })();
  return {
    answered,
    probes,
    /** Resolves once every writer has had `n` more writes answered than `from`. */
    async until(n: number, from: number[] = answered.map(() => 0)) {
      while (answered.some((count, w) => count < from[w]! + n)) {
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), writing]);
      }
    },
    async stop() {
      stopping = true;
      await Promise.all([writing, probe]);
    },
  };
}

/** Every table's row count and md5 of its rows' text in a fixed order; `where` filters one table. */
async function tableSums(
  db: Queryable,
  where: Record<string, string> = {},
  params: unknown[] = [],
): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const filter = where[name];
    const { rows } = await db.query<{ n: number | string; sum: string }>(
      `select count(*) as n, md5(coalesce(string_agg(t::text, e'\\n' order by t::text), '')) as sum
         from ${name.replace(/(\w+)\.(\w+)/, '"$1"."$2"')} t ${filter ? `where ${filter}` : ''}`,
      filter ? params : [],
    );
    sums[name] = `${rows[0]!.n} rows, md5 ${rows[0]!.sum}`;
  }
  return sums;
}

const LOADED = `(s.name !~ '^Backup load ' or s.name = any($1))`;
/** The written tables restricted to the sources a copy holds (and every source not of the load). */
const AT_THE_INSTANT = {
  'public.funding_sources': LOADED.replaceAll('s.', 't.'),
  'public.funding_source_terms': `t.source_id in (select s.id from funding_sources s where ${LOADED})`,
  'public.funding_activity': `t.source_id in (select s.id from funding_sources s where ${LOADED})`,
};

async function loadSources(db: Queryable) {
  const { rows } = await db.query<{
    name: string;
    terms: number | string;
    created: number | string;
  }>(
    `select s.name,
            (select count(*) from funding_source_terms t where t.source_id = s.id) as terms,
            (select count(*) from funding_activity a
              where a.source_id = s.id and a.action = 'SOURCE_CREATED') as created
       from funding_sources s where s.name ~ '^Backup load '`,
  );
  return rows.map((r) => ({ ...r, terms: Number(r.terms), created: Number(r.created) }));
}

/** A database to read, by engine: a PGlite folder opened here, or a PostgreSQL database. */
async function reading<T>(engine: Engine, where: string, work: (db: Queryable) => Promise<T>) {
  if (engine === 'pglite') {
    const client = await openPgliteFolder(where);
    try {
      return await work(client);
    } finally {
      await client.close();
    }
  }
  const client = new pg.Client({ connectionString: where });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.each(engines)('npm run backup and restore under write load (%s)', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  // Two demo seeds, a write load, a backup, a restore and a second start: well past the default
  // 60 s on a loaded 2-core CI machine (about 40 s quiet).
  it(
    'backs up the demo store while sources are written, restores it, and the restored portal has every table as it was at the backup instant',
    { timeout: 300_000 },
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'csp-backup-'));
      cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
      const env: Record<string, string> = { RENTAL_REMINDERS: 'off', DEV_IDP: 'false' };
      let target: Record<string, string>;
      if (engine === 'postgres') {
        const source = await createTestDatabase('postgres');
        cleanups.push(() => source.close());
        env['DATABASE_URL'] = source.url!;
        const restored = `backup_test_${process.pid}_${randomBytes(3).toString('hex')}`;
        await adminQuery(`create database ${restored}`);
        cleanups.push(() => adminQuery(`drop database if exists ${restored} with (force)`));
        const url = new URL(TEST_DATABASE_URL);
        url.pathname = `/${restored}`;
        target = { DATABASE_URL: url.toString() };
      } else {
        target = { DATA_DIR: join(work, 'restored-data') };
      }

      // The demo store, seeded by the server's first start.
      const server = await startServerProcess(env, { dataDir: join(work, 'data') });
      cleanups.push(() => server.stop({ keepData: true }));
      await waitReady(server, 120_000);
      const session = await signIn(server);
      const terms = (await termIds(server, session)).slice(0, TERMS_PER_SOURCE);
      expect(terms).toHaveLength(TERMS_PER_SOURCE);

      // Under load: every writer has written some before the backup starts and goes on after it.
      const load = writeLoad(server, session, terms);
      await load.until(3);
      const before = [...load.answered];
      const file = join(work, 'portal.backup');
      const started = performance.now();
      const backup = await cli(
        'backup',
        file,
        engine === 'postgres'
          ? { DATABASE_URL: env['DATABASE_URL']! }
          : { DATA_DIR: server.dataDir },
      );
      const finished = performance.now();
      await load.until(3, [...load.answered]);
      await load.stop();
      expect(backup.stdout).toMatch(/Backed up \d+ tables/);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const duringBackup = load.probes.filter((p) => p.at >= started && p.at <= finished);
      expect(duringBackup.some((p) => p.status === 200)).toBe(true);
      const blockedMs = Math.max(...duringBackup.map((p) => p.ms));
      const baselineMs = Math.max(...load.probes.filter((p) => p.at < started).map((p) => p.ms));

      // The source as it is now (PGlite: its folder, once the server has let it go).
      let sourceDb: string;
      if (engine === 'pglite') {
        await server.stop({ keepData: true });
        // Graceful shutdown let the folder go: its socket and lock are gone.
        expect(readdirSync(server.dataDir).filter((n) => /sock|lock/.test(n))).toEqual([]);
        sourceDb = server.dataDir;
      } else {
        sourceDb = env['DATABASE_URL']!;
      }

      const restore = await cli('restore', file, {
        ...target,
        ...(engine === 'pglite' && { DATABASE_URL: '' }),
      });
      expect(restore.stdout).toMatch(/Restored and checked/);
      const restoredDb = engine === 'pglite' ? target['DATA_DIR']! : target['DATABASE_URL']!;

      const copy = await reading(engine, restoredDb, async (db) => ({
        sums: await tableSums(db),
        sources: await loadSources(db),
      }));
      // Each writer's sources in the copy: 1..k, with no gap, and at least those answered before.
      const perWriter = Array.from({ length: WRITERS }, () => [] as number[]);
      for (const { name } of copy.sources) {
        const [, writer, n] = LOAD_NAME.exec(name)!;
        perWriter[Number(writer)]!.push(Number(n));
      }
      perWriter.forEach((numbers, writer) => {
        numbers.sort((a, b) => a - b);
        expect(numbers).toEqual(numbers.map((_, i) => i + 1));
        expect(numbers.length).toBeGreaterThanOrEqual(before[writer]!);
      });
      // No torn transaction: every source has its terms and its activity entry.
      for (const source of copy.sources) {
        expect(source, source.name).toMatchObject({ terms: TERMS_PER_SOURCE, created: 1 });
      }

      const names = copy.sources.map((s) => s.name);
      const original = await reading(engine, sourceDb, async (db) => ({
        sums: await tableSums(db, AT_THE_INSTANT, [names]),
        loaded: (await loadSources(db)).length,
        whole: await tableSums(db),
      }));
      // Writes went on after the backup's instant, and the copy is the source at that instant.
      expect(original.loaded).toBeGreaterThan(copy.sources.length);
      expect(Object.keys(copy.sums).sort()).toEqual(Object.keys(original.sums).sort());
      for (const table of Object.keys(original.sums)) {
        expect(copy.sums[table], table).toBe(original.sums[table]);
      }
      expect(WRITTEN.every((table) => table in copy.sums)).toBe(true);

      if (engine === 'pglite') {
        // No server running: the backup opens the folder itself, and its copy is the folder's.
        const direct = join(work, 'direct.backup');
        const quiet = { say: () => undefined, fail: (line: string) => expect.fail(line) };
        expect(await backupCommand([direct], { DATA_DIR: sourceDb }, quiet)).toBe(0);
        const into = join(work, 'direct-restored');
        expect(await restoreCommand([direct], { DATA_DIR: into }, quiet)).toBe(0);
        expect(await reading(engine, into, (db) => tableSums(db))).toEqual(original.whole);
      }

      // The walk-through's end: start on the restored data and find everything there.
      const again = await startServerProcess(
        { ...env, ...target },
        engine === 'pglite' ? { dataDir: target['DATA_DIR'] } : {},
      );
      cleanups.push(() => again.stop({ keepData: engine === 'pglite' }));
      await waitReady(again, 120_000);
      const later = await signIn(again);
      const list = await httpCall(
        again.port,
        'GET',
        fillPath(getFundingSources.path, { userAccountId: later.accountId }),
        { token: later.token },
      );
      expect(list.status, list.body).toBe(200);
      const listed = list.json<{ sources: { name: string }[] }>().sources.map((s) => s.name);
      expect(listed.filter((name) => LOAD_NAME.test(name)).sort()).toEqual([...names].sort());
      const more = await createSource(again, later, 'After the restore', terms);
      expect(more.status, more.body).toBe(200);
      await again.stop({ keepData: engine === 'pglite' });

      const seconds = (finished - started) / 1000;
      console.info(
        `[backup ${engine}] ${seconds.toFixed(1)} s, ${(statSync(file).size / 1e6).toFixed(1)} MB; ` +
          `load sources in copy ${copy.sources.length} of ${original.loaded}; ` +
          `GET /health/ready max ${Math.round(blockedMs)} ms during the backup (${duringBackup.length} probes), ${Math.round(baselineMs)} ms before`,
      );
    },
  );
});
