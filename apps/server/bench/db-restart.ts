/**
 * `npm run bench:faults`: PostgreSQL restarted under load. Two server processes share one
 * database on a private PostgreSQL server (its own folder and port: the machine's shared server
 * is not touched); 16 clients call an authenticated endpoint that reads the database, and in the
 * middle PostgreSQL is stopped for OUTAGE_MS and started again. Reports the requests that
 * failed during the outage (and how), the time to recover, crashed processes and hung requests,
 * and exits non-zero unless no process crashed, no request hung, every failure was a JSON 503
 * and service came back within RECOVERY_BUDGET_MS of PostgreSQL.
 */
import pg from 'pg';
import { fillPath, getUserActions, login, type SessionResponse } from '@csp/contracts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo-accounts.ts';
import { createPrivatePostgres } from '../src/test-support/private-postgres.ts';
import {
  httpCall,
  startServerProcess,
  waitReady,
  type ServerProcess,
} from '../src/test-support/server-process.ts';

const CLIENTS = 16;
const LOAD_MS = 12_000;
const OUTAGE_AT_MS = 3_000;
const OUTAGE_MS = 3_000;
/** A reply slower than this counts as hung. */
const HUNG_MS = 10_000;
const RECOVERY_BUDGET_MS = 5_000;

interface Sample {
  at: number;
  ms: number;
  status: number | 'hung' | 'error';
  process: number;
}

const postgres = await createPrivatePostgres();
const servers: ServerProcess[] = [];
try {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database portal');
  await admin.end();
  const url = postgres.url.replace(/\/postgres$/, '/portal');
  servers.push(...(await Promise.all([0, 1].map(() => startServerProcess({ DATABASE_URL: url })))));
  await Promise.all(servers.map((s) => waitReady(s)));

  const admin0 = DEMO_ACCOUNTS[0]!;
  const sessions = await Promise.all(
    servers.map(async (s) => {
      const res = await httpCall(s.port, login.method, login.path, {
        body: { userName: admin0.userName, password: admin0.password },
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body}`);
      return res.json<SessionResponse>();
    }),
  );

  const t0 = performance.now();
  const samples: Sample[] = [];
  let outage = { down: Number.NaN, up: Number.NaN };
  const restart = (async () => {
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_AT_MS));
    outage.down = performance.now() - t0;
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await postgres.start();
    outage.up = performance.now() - t0;
  })();

  const client = async (i: number) => {
    const index = i % servers.length;
    const server = servers[index]!;
    const session = sessions[index]!;
    const path = `${fillPath(getUserActions.path, { userAccountId: session.accountId })}?user_name=${encodeURIComponent(session.userName)}`;
    while (performance.now() - t0 < LOAD_MS) {
      const at = performance.now() - t0;
      let status: Sample['status'];
      try {
        const res = await httpCall(server.port, 'GET', path, {
          token: session.token,
          timeoutMs: HUNG_MS,
        });
        const json = res.status === 503 && res.headers['content-type']?.includes('json');
        status = res.status === 503 && !json ? 'error' : res.status;
      } catch (error) {
        status = (error as Error).message === 'hung' ? 'hung' : 'error';
      }
      samples.push({ at, ms: performance.now() - t0 - at, status, process: index });
    }
  };
  await Promise.all([restart, ...Array.from({ length: CLIENTS }, (_, i) => client(i))]);
  outage = { ...outage };

  const failed = samples.filter((s) => s.status !== 200);
  const byStatus = new Map<string, number>();
  for (const s of failed) byStatus.set(String(s.status), (byStatus.get(String(s.status)) ?? 0) + 1);
  const firstOkAfterUp = samples
    .filter((s) => s.status === 200 && s.at >= outage.up)
    .reduce((min, s) => Math.min(min, s.at + s.ms), Number.POSITIVE_INFINITY);
  const lastFailure = failed.reduce((max, s) => Math.max(max, s.at + s.ms), 0);
  const recoveryMs = Math.max(0, lastFailure - outage.up);
  const crashed = servers.filter((s) => s.exited()).length;
  const hung = failed.filter((s) => s.status === 'hung').length;
  const during = samples.filter((s) => s.at >= outage.down && s.at < outage.up);
  const slowestDuring = during.reduce((max, s) => Math.max(max, s.ms), 0);
  const unexpected = failed.filter((s) => s.status !== 503).length;

  const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`PostgreSQL restart under load (${CLIENTS} clients, 2 server processes)`);
  console.log(`  outage: PostgreSQL down at ${fmt(outage.down)}, back at ${fmt(outage.up)}`);
  console.log(
    `  requests: ${samples.length} in ${fmt(LOAD_MS)}, ${during.length} during the outage`,
  );
  console.log(
    `  failed: ${failed.length} (${[...byStatus].map(([k, v]) => `${v} x ${k}`).join(', ') || 'none'})`,
  );
  console.log(`  slowest answer during the outage: ${slowestDuring.toFixed(0)} ms`);
  console.log(
    `  recovered: last failure ${fmt(recoveryMs)} after PostgreSQL was back; first success after it ${fmt(firstOkAfterUp - outage.up)}`,
  );
  console.log(`  crashed processes: ${crashed}; hung requests (> ${HUNG_MS} ms): ${hung}`);

  const problems = [
    crashed > 0 && `${crashed} process(es) crashed`,
    hung > 0 && `${hung} request(s) hung`,
    unexpected > 0 && `${unexpected} failure(s) were not a JSON 503`,
    recoveryMs > RECOVERY_BUDGET_MS &&
      `recovery took ${fmt(recoveryMs)} (budget ${fmt(RECOVERY_BUDGET_MS)})`,
    !Number.isFinite(firstOkAfterUp) && 'never served again',
  ].filter(Boolean);
  if (problems.length) {
    console.error(`FAILED: ${problems.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('OK: no crash, no hung request, every failure a quick 503, recovered by itself');
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await postgres.destroy();
}
