// `npm run bench`: speed budgets of the API on the large seed, on PGlite and on PostgreSQL (when
// reachable), measured in-process (app.inject). For each endpoint: p50 and p95, its p95 budget
// (about twice what it measures on this 2-core machine, so a 2x regression fails), the p50 of
// its own SQL replayed straight through the driver, and the ratio of the two (what the HTTP
// layer, validation, policy and serialisation add). The run fails when a budget is exceeded.
// Timed assertions never go in tests (shared machines are noisy); they live here.
// BENCH_ONLY=text[,text…] measures only the endpoints whose name contains one of the texts.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { benchEndpoints, exportBytes, type BenchEndpoint } from './endpoints.ts';
import { benchEngines, openBenchDatabase, type BenchDatabase } from './bench-database.ts';
import { measure, measureAlternately, percentile } from './measure.ts';
import { metricBench } from './metric-endpoints.ts';
import { campaignBench } from './campaign-endpoints.ts';
import { rolloverBench } from './rollover-endpoints.ts';
import { fundingBench } from './funding-endpoints.ts';
import { dateShiftBench } from './date-shift-endpoints.ts';
import { runWorkload, WORKLOAD, type WorkloadResult } from './workload.ts';
import { writeMarkdownReport, type Row, type WorkloadLine } from './markdown-report.ts';

const jwtSecret = 'bench-secret-bench-secret-bench-secret!';
const config = {
  ...loadConfig({ ...process.env, JWT_SECRET: jwtSecret, SEED_DEMO: 'false' }),
  jwtSecret: new TextEncoder().encode(jwtSecret),
  logLevel: 'silent' as const,
};

/** The endpoint's own statements, replayed one after the other through the driver. */
async function measureSql(bench: BenchDatabase, endpoint: BenchEndpoint, runs: number) {
  const statements = await bench.capture(endpoint.call);
  if (statements.length === 0) return { sqlP50: null, statements: 0 };
  const times = await measure(
    async () => {
      for (const s of statements) await bench.database.rawQuery(s.sql, s.params);
    },
    runs,
    Math.min(10, runs),
  );
  return { sqlP50: percentile(times, 50), statements: statements.length };
}

/** The mixed staff workload's result per engine (reported after the endpoints). */
const workloads = new Map<string, WorkloadResult>();

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<Row[]> {
  const bench = await openBenchDatabase(engine);
  const app = await buildApp({ db: bench.database.db, config });
  const shifted = await dateShiftBench(bench.database.db, config);
  try {
    const rows: Row[] = [];
    const only = (process.env['BENCH_ONLY'] ?? '').split(',').filter(Boolean);
    const endpoints = [
      ...(await benchEndpoints(app, bench.database.db)),
      ...(await metricBench(app)),
      ...(await campaignBench(app)),
      ...(await rolloverBench(app, bench.database.db)),
      ...(await fundingBench(app, bench.database.db)),
      ...shifted.endpoints,
    ].filter((e) => only.length === 0 || only.some((text) => e.name.includes(text)));
    for (const endpoint of endpoints) {
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = endpoint.trackMemory
        ? setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10)
        : undefined;
      const warmup = endpoint.trackMemory ? 0 : Math.min(10, endpoint.runs);
      // A call with a demo-store twin is timed alternately with it (measureAlternately).
      const [times, demoTimes] = endpoint.demo
        ? await measureAlternately(endpoint.call, endpoint.demo.call, endpoint.runs, warmup)
        : [await measure(endpoint.call, endpoint.runs, warmup), []];
      if (sampler) clearInterval(sampler);
      const memoryNote = endpoint.trackMemory
        ? `peak RSS ${Math.round(peakRss / 2 ** 20)} MiB (+${Math.round((peakRss - rssBefore) / 2 ** 20)} MiB), ${(exportBytes / 2 ** 20).toFixed(1)} MiB workbook`
        : undefined;
      rows.push({
        name: endpoint.name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        budget: endpoint.budgetP95Ms[engine],
        ...(await measureSql(bench, endpoint, endpoint.runs)),
        note: [endpoint.note, memoryNote].filter(Boolean).join('; ') || undefined,
        ...(endpoint.demo && {
          growth: {
            ratio: percentile(times, 50) / percentile(demoTimes, 50),
            max: endpoint.demo.maxGrowth,
            goal: endpoint.demo.goal,
          },
        }),
      });
    }
    if (only.length === 0) workloads.set(engine, await runWorkload(app, endpoints));
    return rows;
  } finally {
    await shifted.close();
    await app.close();
    await bench.close();
  }
}

const fmt = (n: number | null, digits = 2) => (n === null ? '-' : n.toFixed(digits));

let over = 0;
const results = new Map<string, Row[]>();
for (const engine of await benchEngines()) {
  console.log(`\n${engine}: seeding…`);
  const rows = await benchEngine(engine);
  results.set(engine, rows);
  console.log(
    [
      'endpoint'.padEnd(44),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      'budget'.padStart(7),
      'SQL p50'.padStart(8),
      'stmts'.padStart(6),
      'p50/SQL'.padStart(8),
      'large/demo'.padStart(11),
    ].join(' '),
  );
  for (const r of rows) {
    const exceeded = r.p95 > r.budget || (r.growth !== undefined && r.growth.ratio > r.growth.max);
    if (exceeded) over++;
    console.log(
      [
        r.name.padEnd(44),
        fmt(r.p50).padStart(8),
        fmt(r.p95).padStart(8),
        String(r.budget).padStart(7),
        fmt(r.sqlP50).padStart(8),
        String(r.statements).padStart(6),
        (r.sqlP50 ? `${(r.p50 / r.sqlP50).toFixed(2)}x` : '-').padStart(8),
        (r.growth ? `${r.growth.ratio.toFixed(2)}x` : '-').padStart(11),
        exceeded ? ' OVER BUDGET' : '',
        r.growth && r.growth.ratio > r.growth.max ? ` GROWS (> ${r.growth.max}x)` : '',
        r.growth?.goal && r.growth.ratio > r.growth.goal
          ? ` (growth goal ${r.growth.goal}x not met)`
          : '',
        r.note ? ` (${r.note})` : '',
      ].join(' '),
    );
  }
}

/** Requests per second of the mixed staff workload at 50 connections before issue 26. */
const WORKLOAD_BEFORE_RPS = 67;
const workloadLines: WorkloadLine[] = [];
for (const [engine, w] of workloads) {
  const text =
    `mixed staff workload (${w.calls} calls in turn), ${WORKLOAD.connections} connections, ${WORKLOAD.seconds} s: ` +
    `${w.requests} requests, ${w.rps.toFixed(0)} rps (${(w.rps / WORKLOAD_BEFORE_RPS).toFixed(1)}x the ${WORKLOAD_BEFORE_RPS} rps before), ` +
    `p50 ${w.p50.toFixed(1)} ms, p95 ${w.p95.toFixed(1)} ms, errors ${w.errors} ${JSON.stringify(w.statuses)}` +
    (w.errors > 0 ? ' ERRORS' : '');
  console.log(`\n${engine}: ${text}`);
  workloadLines.push({ engine, text });
  if (w.errors > 0) over++;
}

const lite = results.get('pglite');
const postgres = results.get('postgres');
if (lite && postgres) {
  console.log('\nPGlite p50 / PostgreSQL p50:');
  for (const [i, r] of lite.entries()) {
    const other = postgres[i];
    if (other) console.log(`  ${r.name.padEnd(44)} ${(r.p50 / other.p50).toFixed(2)}x`);
  }
}
const reportPath = process.env['BENCH_REPORT'];
if (reportPath) writeMarkdownReport(reportPath, results, workloadLines);
if (over) {
  console.error(`\n${over} budget(s) exceeded.`);
  process.exit(1);
}
