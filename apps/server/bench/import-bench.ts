// Feed import at size (issue 13, part 2): a 400,000-row students-enrollments CSV for the large
// seed's store (real sections of its catalog, 80,000 new students in 5 sections each),
// uploaded over HTTP, checked and applied; the time and peak memory (RSS) of each phase, and
// what holding the file's rows in memory would take instead. PGlite (a data folder) by
// default; with DATABASE_URL, a scratch database on that PostgreSQL server. Both are removed
// after. The seed runs in a process of its own; the measured process runs with its
// JavaScript heap capped (HEAP_CAP_MIB), which an import holding the rows would exceed.
//   npm run bench:import -w apps/server   (DATABASE_URL=postgres://… for PostgreSQL)
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  fillPath,
  getDataIntegrationStatus,
  getImport,
  login,
  uploadImport,
  applyImport,
  type ImportSummary,
} from '@csp/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/bulk-write.ts';
import { createDb, type Database } from '../src/db/client.ts';
import { ensureReferenceData } from '../src/db/reference-data.ts';
import { seedLarge } from '../src/db/seed/large.ts';
import { LARGE_ADMIN, LARGE_PASSWORD, LARGE_STORE_REF } from '../src/db/seed/large-store.ts';
import { BackgroundTasks } from '../src/lib/background-tasks.ts';
import { writeEnrollmentFile } from './import-bench-file.ts';
import { probeText, startProbe } from './concurrent-probe.ts';

/** BENCH_ROWS and BENCH_SCALE (of the large seed) make a quicker run. */
const ROWS = Number(process.env['BENCH_ROWS'] ?? 400_000);
const SCALE = Number(process.env['BENCH_SCALE'] ?? 1);
const PER_STUDENT = 5;
const HOST = 'large.localhost';
const MiB = 2 ** 20;

const jwtSecret = 'bench-secret-bench-secret-bench-secret!';
const config = {
  ...loadConfig({ ...process.env, DATABASE_URL: undefined, JWT_SECRET: jwtSecret }),
  jwtSecret: new TextEncoder().encode(jwtSecret),
  logLevel: 'silent' as const,
};

/** Where the benchmark's database is: a PGlite data folder or a PostgreSQL database. */
type Target = { engine: 'pglite'; dataDir: string } | { engine: 'postgres'; url: string };

/** The JavaScript heap the measured process may use. */
const HEAP_CAP_MIB = 256;

function openDatabase(target: Target): Promise<Database> {
  return target.engine === 'pglite'
    ? createDb({ engine: 'pglite', dataDir: target.dataDir })
    : createDb({ engine: 'postgres', url: target.url });
}

async function postgresAdmin(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

/** Runs this file again as `role` (seed or measure) in a process of its own. */
function runAs(role: 'seed' | 'measure', target: Target, nodeOptions: string[] = []): void {
  const args = [...nodeOptions, '--import', 'tsx', fileURLToPath(import.meta.url), role];
  const child = spawnSync(process.execPath, [...args, JSON.stringify(target)], {
    stdio: 'inherit',
  });
  if (child.status !== 0) throw new Error(`the ${role} process ended with ${child.status}`);
}

async function seed(target: Target): Promise<void> {
  const database = await openDatabase(target);
  try {
    console.log(`${target.engine}: seeding the large store…`);
    const started = performance.now();
    await ensureReferenceData(database.db);
    await seedLarge(database.db, { scale: SCALE });
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`  seeded in ${seconds} s (${LARGE_STORE_REF})`);
  } finally {
    await database.close();
  }
}

/**
 * Peak memory while `work` runs, sampled every 10 ms: the process's RSS, and of it the
 * JavaScript heap (what the import code holds) and array buffers (PGlite's WebAssembly memory
 * is one: the embedded database's pages and work memory, never given back once grown).
 */
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  // The seed leaves a heap of garbage behind; collected first, the peaks are the phase's own.
  collectGarbage();
  const start = process.memoryUsage();
  const peak = { ...start };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  };
  const sampler = setInterval(sample, 10);
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    clearInterval(sampler);
    sample();
    const mib = (n: number) => Math.round(n / MiB);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(
      `  ${name.padEnd(30)} ${seconds.padStart(7)} s   peak RSS ${mib(peak.rss)} MiB (+${mib(peak.rss - start.rss)}), JS heap ${mib(peak.heapUsed)} MiB (+${mib(peak.heapUsed - start.heapUsed)}), array buffers ${mib(peak.arrayBuffers)} MiB (+${mib(peak.arrayBuffers - start.arrayBuffers)})`,
    );
  }
}

const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

/**
 * What the file would cost held in memory: a fresh process parses it into one object per row
 * (what an import reading the whole file first would keep) and reports its RSS before and after.
 */
function holdAllRows(file: string): { rows: number; before: number; after: number } {
  const script = `
    const { parse } = await import('csv-parse/sync');
    const { readFileSync } = await import('node:fs');
    const before = process.memoryUsage().rss;
    const rows = parse(readFileSync(${JSON.stringify(file)}), { columns: true });
    const after = process.memoryUsage().rss;
    console.log(JSON.stringify({ rows: rows.length, before, after }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
  });
  return JSON.parse(out.toString()) as { rows: number; before: number; after: number };
}

async function measure(target: Target) {
  const database = await openDatabase(target);
  const { engine } = target;
  const background = new BackgroundTasks(console);
  const app = await buildApp({ db: database.db, config, background });
  const file = join(tmpdir(), `csp-import-bench-${process.pid}.csv`);
  try {
    const [store] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from locations where external_ref = ${LARGE_STORE_REF}`,
    );
    const locationId = Number(store?.id);
    const sectionCount = await writeEnrollmentFile(database, locationId, file, ROWS, PER_STUDENT);
    const bytes = statSync(file).size;
    console.log(
      `  ${ROWS.toLocaleString('en-US')} rows, ${(bytes / MiB).toFixed(1)} MiB, over ${sectionCount.toLocaleString('en-US')} sections`,
    );

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const signIn = await app.inject({
      method: 'POST',
      url: login.path,
      headers: { host: HOST },
      payload: { userName: LARGE_ADMIN, password: LARGE_PASSWORD },
    });
    const session = signIn.json<{ token: string; accountId: number }>();
    const headers = { host: HOST, 'auth-token': session.token };
    const summary = async (importId: number) =>
      (
        await app.inject({
          url: fillPath(getImport.path, { userAccountId: session.accountId, importId }),
          headers,
        })
      ).json<ImportSummary>();
    const report = (s: ImportSummary) =>
      `    ${s.status}: ${s.rowsValid} valid, ${s.rowsRejected} rejected; rows ${s.added} added, ${s.updated} updated, ${s.unchanged} unchanged; ${s.entities.map((e) => `${e.entity} +${e.added} ~${e.updated} =${e.unchanged}`).join(', ')}${s.errorMessage ? `; ${s.errorMessage}` : ''}`;

    console.log(
      `${engine}: phases (time, peak memory of the process; JS heap capped at ${HEAP_CAP_MIB} MiB)`,
    );
    collectGarbage();
    const baseline = process.memoryUsage();
    console.log(
      `  before the upload: RSS ${Math.round(baseline.rss / MiB)} MiB, JS heap ${Math.round(baseline.heapUsed / MiB)} MiB`,
    );
    const uploaded = await phase('upload (HTTP, streamed)', async () => {
      const path = `${fillPath(uploadImport.path, { userAccountId: session.accountId })}?formatId=students-enrollments&fileName=enrollments.csv`;
      return new Promise<ImportSummary>((resolve, reject) => {
        const req = request(
          {
            port,
            path,
            method: 'POST',
            headers: { ...headers, 'content-type': 'text/csv', 'content-length': bytes },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const body = Buffer.concat(chunks).toString();
              if (res.statusCode !== 202)
                reject(new Error(`upload answered ${res.statusCode}: ${body}`));
              else resolve(JSON.parse(body) as ImportSummary);
            });
          },
        );
        req.on('error', reject);
        pipeline(createReadStream(file), req).catch(reject);
      });
    });
    const probeUrls = otherUserUrls(port, session.accountId, uploaded.importId);
    let stopProbe = startProbe(probeUrls, headers);
    await phase('check (dry run)', () => background.drain());
    console.log(`    ${probeText(await stopProbe())}`);
    const checked = await summary(uploaded.importId);
    console.log(report(checked));
    await phase('apply (one transaction)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: fillPath(applyImport.path, {
          userAccountId: session.accountId,
          importId: uploaded.importId,
        }),
        headers,
      });
      if (res.statusCode !== 202) throw new Error(`apply answered ${res.statusCode}: ${res.body}`);
      stopProbe = startProbe(probeUrls, headers);
      await background.drain();
    });
    console.log(`    ${probeText(await stopProbe())}`);
    console.log(report(await summary(uploaded.importId)));

    const statusTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await app.inject({
        url: fillPath(getDataIntegrationStatus.path, { userAccountId: session.accountId }),
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`status answered ${res.statusCode}`);
      statusTimes.push(performance.now() - t0);
    }
    statusTimes.sort((a, b) => a - b);
    console.log(
      `  data/status on the large store: p50 ${statusTimes[9]!.toFixed(1)} ms, p95 ${statusTimes[18]!.toFixed(1)} ms`,
    );

    const held = holdAllRows(file);
    console.log(
      `  for comparison, a process holding the file's rows as objects: RSS +${Math.round((held.after - held.before) / MiB)} MiB (${held.rows.toLocaleString('en-US')} rows)`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(file, { force: true });
  }
}

/**
 * Another user meanwhile: the import's own status (as the progress bar polls it) and the
 * store's data status, over HTTP.
 */
function otherUserUrls(port: number, userAccountId: number, importId: number): string[] {
  return [
    `http://127.0.0.1:${port}${fillPath(getImport.path, { userAccountId, importId })}`,
    `http://127.0.0.1:${port}${fillPath(getDataIntegrationStatus.path, { userAccountId })}`,
  ];
}

const [role, targetJson] = process.argv.slice(2);
if (role === 'seed') {
  await seed(JSON.parse(targetJson ?? '') as Target);
} else if (role === 'measure') {
  await measure(JSON.parse(targetJson ?? '') as Target);
} else {
  const serverUrl = process.env['DATABASE_URL'];
  const name = `csp_import_bench_${process.pid}`;
  let target: Target;
  if (serverUrl) {
    await postgresAdmin(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    target = { engine: 'postgres', url: url.toString() };
  } else {
    target = { engine: 'pglite', dataDir: join(tmpdir(), name) };
  }
  try {
    runAs('seed', target);
    runAs('measure', target, ['--expose-gc', `--max-old-space-size=${HEAP_CAP_MIB}`]);
  } finally {
    if (serverUrl) await postgresAdmin(serverUrl, `drop database ${name}`);
    else if (target.engine === 'pglite') rmSync(target.dataDir, { recursive: true, force: true });
  }
}
