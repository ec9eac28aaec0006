import { writeFileSync } from 'node:fs';

/** One endpoint's figures on one engine, as the bench prints them. */
export interface Row {
  name: string;
  p50: number;
  p95: number;
  budget: number;
  sqlP50: number | null;
  statements: number;
  note?: string;
  /** Large-store p50 / demo-store p50, and the most it may be. */
  growth?: { ratio: number; max: number; goal?: number };
}

export interface WorkloadLine {
  engine: string;
  text: string;
}

const ms = (n: number) => n.toFixed(2);
const ratio = (r: Row) => (r.sqlP50 ? `${(r.p50 / r.sqlP50).toFixed(2)}x` : '-');
const growth = (r: Row | undefined) =>
  r?.growth ? `${r.growth.ratio.toFixed(2)}x (max ${r.growth.max}x)` : '-';
const figures = (r: Row | undefined) => (r ? `${ms(r.p50)} / ${ms(r.p95)} (${r.budget})` : '-');
const sql = (r: Row | undefined) =>
  r?.sqlP50 ? `${ms(r.sqlP50)}, ${r.statements}` : r ? 'no SQL' : '-';

/**
 * The run as a Markdown table (BENCH_REPORT=<file>), so docs/benchmarks.md carries exactly
 * what the bench printed, with the date it ran.
 */
export function writeMarkdownReport(
  path: string,
  results: Map<string, Row[]>,
  workloads: WorkloadLine[],
): void {
  const lite = results.get('pglite') ?? [];
  const pg = results.get('postgres') ?? [];
  const names = [...new Set([...lite, ...pg].map((r) => r.name))];
  const find = (rows: Row[], name: string) => rows.find((r) => r.name === name);
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -w apps/server\`; milliseconds.`,
    '',
    '| Endpoint | PGlite p50 / p95 (budget) | SQL p50, stmts | p50/SQL | large/demo | PostgreSQL p50 / p95 (budget) | SQL p50, stmts | p50/SQL | large/demo |',
    '|---|---|---|---|---|---|---|---|---|',
    ...names.map((name) => {
      const [a, b] = [find(lite, name), find(pg, name)];
      const note = (a ?? b)?.note ? ` (${(a ?? b)?.note})` : '';
      return `| ${name}${note} | ${figures(a)} | ${sql(a)} | ${a ? ratio(a) : '-'} | ${growth(a)} | ${figures(b)} | ${sql(b)} | ${b ? ratio(b) : '-'} | ${growth(b)} |`;
    }),
    '',
    ...workloads.map((w) => `- ${w.engine}: ${w.text}`),
    '',
  ];
  writeFileSync(path, lines.join('\n'));
}
