// The backup and restore test's world (backup/backup-restore.test.ts): the real command lines,
// a write load of funding sources, and every table's checksum.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { expect } from 'vitest';
import {
  createFundingSource,
  fillPath,
  getFundingTerms,
  login,
  readiness,
  type SessionResponse,
} from '@csp/contracts';
import { DATA_FOLDER_LOCK_FILE } from '../db/data-folder-lock.ts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';
import { httpCall, type ServerProcess } from './server-process.ts';
import { TEST_DATABASE_URL, type Engine } from './test-database.ts';
import { backupCommand } from '../backup/backup-command.ts';
import { openBackupFile } from '../backup/backup-file.ts';
import type { Queryable } from '../backup/backup-repository.ts';
import { extractPayload, openPgliteFolder } from '../backup/pglite-folder.ts';

const run = promisify(execFile);
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Concurrent writers; each numbers its own writes, one after the other. */
export const WRITERS = 2;
/** Each writer's sources pay for these many terms: a source without them is a torn transaction. */
export const TERMS_PER_SOURCE = 2;
export const LOAD_NAME = /^Backup load (\d+)-(\d+)$/;
/** The tables the load writes, in one transaction per source (source-create.ts). */
export const WRITTEN = [
  'public.funding_sources',
  'public.funding_source_terms',
  'public.funding_activity',
];

/** The real command line, as `npm run backup` / `npm run restore` run it. */
export function cli(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', `src/backup/${script}-cli.ts`, file], {
    cwd: SERVER_DIR,
    env: { ...process.env, INIT_CWD: SERVER_DIR, LOG_LEVEL: 'warn', ...env },
  });
}

export async function signIn(server: ServerProcess): Promise<SessionResponse> {
  const admin = DEMO_ACCOUNTS.find((a) => a.userName === 'admin@demo-university.edu')!;
  const res = await httpCall(server.port, login.method, login.path, {
    body: { userName: admin.userName, password: admin.password },
    timeoutMs: 60_000,
  });
  expect(res.status, res.body).toBe(200);
  return res.json<SessionResponse>();
}

export async function termIds(server: ServerProcess, session: SessionResponse): Promise<number[]> {
  const path = fillPath(getFundingTerms.path, { userAccountId: session.accountId });
  const res = await httpCall(server.port, 'GET', path, { token: session.token });
  expect(res.status, res.body).toBe(200);
  return res.json<{ terms: { termId: number }[] }>().terms.map((t) => t.termId);
}

export function createSource(
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
export function writeLoad(server: ServerProcess, session: SessionResponse, terms: number[]) {
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
export async function tableSums(
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

export const LOADED = `(s.name !~ '^Backup load ' or s.name = any($1))`;
/** The written tables restricted to the sources a copy holds (and every source not of the load). */
export const AT_THE_INSTANT = {
  'public.funding_sources': LOADED.replaceAll('s.', 't.'),
  'public.funding_source_terms': `t.source_id in (select s.id from funding_sources s where ${LOADED})`,
  'public.funding_activity': `t.source_id in (select s.id from funding_sources s where ${LOADED})`,
};

export async function loadSources(db: Queryable) {
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
export async function reading<T>(
  engine: Engine,
  where: string,
  work: (db: Queryable) => Promise<T>,
) {
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

/** The folders a backup stages its copy in (pglite-snapshot.ts) found in `folder`. */
export const stagingFolders = (folder: string) =>
  readdirSync(folder).filter((name) => name.startsWith('.backup-staging-'));

/** A staging folder as a backup whose process died leaves it. */
export function plantStaleStaging(dataDir: string): void {
  const stale = mkdtempSync(join(dataDir, '.backup-staging-'));
  mkdirSync(join(stale, 'base'));
  writeFileSync(join(stale, 'base', '1259'), Buffer.alloc(8192, 1));
}

export async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > 10_000) throw new Error(`${what}: still not so after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * No server running: the backup opens the folder itself, and its copy is the folder's (every
 * table as `whole`). It removes a stale staging folder and its own, and lets the folder go. Its
 * payload is the format whose restore the test proves with the server's backup: it is unpacked
 * here, not restored again, which saves counting every table once more.
 */
export async function expectDirectBackup(
  work: string,
  dataDir: string,
  whole: Record<string, string>,
) {
  plantStaleStaging(dataDir);
  const direct = join(work, 'direct.backup');
  const quiet = { say: () => undefined, fail: (line: string) => expect.fail(line) };
  expect(await backupCommand([direct], { DATA_DIR: dataDir }, quiet)).toBe(0);
  expect(stagingFolders(dataDir)).toEqual([]);
  expect(existsSync(join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
  const into = join(work, 'direct-copy');
  await extractPayload((await openBackupFile(direct)).payload(), into);
  expect(stagingFolders(into)).toEqual([]);
  expect(await reading('pglite', into, (db) => tableSums(db))).toEqual(whole);
}
