// Start time (issue 26): from spawning `node scripts/start.mjs` (what `npm start` runs; npm
// itself adds its own start-up on top) to the first 200 from /health/ready, on a data folder and
// a database that already hold the demo data. Medians of RUNS starts for the portal on PGlite,
// on PostgreSQL (a scratch database, when the server is reachable) and for a bare Fastify app
// (the floor). An untimed first start builds what is stale and seeds. Goals: 1.5 s on PGlite,
// 1 s on PostgreSQL.
//   npm run bench:start -w apps/server   (POSTGRES_URL=postgres://… to pick the server)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readiness } from '@csp/contracts';
import { freePort } from '../src/test-support/private-postgres.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RUNS = 3;
const GOALS_MS = { pglite: 1500, postgres: 1000 };
const ADMIN_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCRATCH_DB = 'start_bench';

async function ready(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${readiness.path}`);
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Milliseconds from spawn to the first 200, then the process is stopped and awaited. */
async function timeStart(script: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const idpPort = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), DEV_IDP_PORT: String(idpPort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let failed = false;
  void exited.then(() => (failed = true));
  try {
    for (;;) {
      if (failed) throw new Error(`${script} exited before it answered`);
      if (await ready(port)) return performance.now() - started;
      if (performance.now() - started > 300_000) throw new Error(`${script} did not answer`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function median(script: string, env: Record<string, string>): Promise<number> {
  await timeStart(script, env);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeStart(script, env));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

async function withScratchDatabase<T>(work: (url: string) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL not reachable at ${ADMIN_URL}: skipped`);
    return null;
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DB}`);
    await admin.query(`CREATE DATABASE ${SCRATCH_DB}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${SCRATCH_DB}`;
    return await work(url.href);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DB} WITH (FORCE)`);
    await admin.end();
  }
}

const START = join(REPO_ROOT, 'scripts/start.mjs');
const quiet = { LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
const dataDir = mkdtempSync(join(tmpdir(), 'csp-start-bench-'));
const rows: { name: string; ms: number; goal?: number }[] = [];
try {
  rows.push({
    name: 'portal, PGlite',
    ms: await median(START, { ...quiet, DATA_DIR: dataDir }),
    goal: GOALS_MS.pglite,
  });
  const pgMs = await withScratchDatabase((url) =>
    median(START, { ...quiet, DATA_DIR: dataDir, DATABASE_URL: url }),
  );
  if (pgMs !== null) rows.push({ name: 'portal, PostgreSQL', ms: pgMs, goal: GOALS_MS.postgres });
  rows.push({
    name: 'bare Fastify',
    ms: await median(join(REPO_ROOT, 'apps/server/bench/bare-fastify.mjs'), {}),
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nStart to first 200 from ${readiness.path}, median of ${RUNS}:`);
let over = false;
for (const row of rows) {
  const verdict = row.goal === undefined ? '' : row.ms <= row.goal ? '  ok' : '  OVER';
  if (row.goal !== undefined && row.ms > row.goal) over = true;
  const goal = row.goal === undefined ? '' : `  (goal ${row.goal} ms)`;
  console.log(
    `  ${row.name.padEnd(20)} ${Math.round(row.ms).toString().padStart(6)} ms${goal}${verdict}`,
  );
}
if (over) process.exitCode = 1;
