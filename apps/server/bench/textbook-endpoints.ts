import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  getScheduleFeed,
  getScheduleFeedCsv,
  getTextbookCsv,
  getTextbookDepartment,
  getTextbookTerm,
  getTextbookTerms,
  type Endpoint,
} from '@csp/contracts';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/bulk-write.ts';
import type { BenchEndpoint } from './endpoints.ts';

interface TextbookSample {
  termId: number;
  departmentId: number;
  /** Sections in the term, and in its largest department, for the report. */
  termSections: number;
  departmentSections: number;
}

/**
 * The (term, department) of the store behind `host` that comes first in `order` (over the
 * output's "termSections" and "departmentSections", or an expression of the department's `n`).
 */
async function sampleDepartment(db: Db, host: string, order: SQL): Promise<TextbookSample> {
  const [row] = await queryRows<TextbookSample>(
    db,
    sql`with per_department as (
        select s.term_id, c.department_id, count(*)::int as n
        from sections s join courses c on c.id = s.course_id
          join websites w on w.location_id = s.location_id
        where w.host = ${host}
        group by s.term_id, c.department_id
      )
      select term_id as "termId", department_id as "departmentId",
        sum(n) over (partition by term_id)::int as "termSections", n as "departmentSections"
      from per_department
      order by ${order}, department_id
      limit 1`,
  );
  if (!row) throw new Error(`the store of ${host} has no sections`);
  return row;
}

/**
 * The term with the most sections (what a student opens at the start of a busy term), and its
 * department with the most sections.
 */
const sampleTerm = (db: Db, host: string) =>
  sampleDepartment(db, host, sql`"termSections" desc, "departmentSections" desc`);

/**
 * The department whose term list is nearest `sections` long (the large store's demo-sized
 * department, `DEMO_SIZED_DEPARTMENT` in its seed): a department list grows with the department,
 * so its growth compares lists of the same length.
 */
const sampleDepartmentOfSize = (db: Db, host: string, sections: number) =>
  sampleDepartment(db, host, sql`abs(n - ${sections}), "termSections" desc`);

/**
 * The public textbook list (issue 12 part 3): no login, one Host per store. The term overview
 * counts every section of the term; a department and the terms list must not grow with the
 * store; the CSV streams a whole term a department at a time (memory tracked). The registrar's
 * schedule feed (issue 31, point 4) reads a whole term's kept designations and costs.
 */
export async function textbookBench(
  app: FastifyInstance,
  db: Db,
  largeHost: string,
  demoHost: string,
): Promise<BenchEndpoint[]> {
  const large = await sampleTerm(db, largeHost);
  const demo = await sampleTerm(db, demoHost);
  const largeOfDemoSize = await sampleDepartmentOfSize(db, largeHost, demo.departmentSections);
  const get = (host: string, contract: Endpoint, query: Record<string, number>) => async () => {
    const res = await app.inject({
      url: contract.path,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { host },
    });
    if (res.statusCode !== 200)
      throw new Error(`${contract.path} answered ${res.statusCode}: ${res.body}`);
  };
  const term = (s: TextbookSample) => ({ termId: s.termId });
  const department = (s: TextbookSample) => ({ termId: s.termId, departmentId: s.departmentId });
  return [
    {
      name: 'GET public textbooks/terms (large store)',
      runs: 200,
      // 2026-11-25 on PostgreSQL (a quick run, not run.ts): p50 4.4 ms, p95 11.5; demo p50 1.5.
      budgetP95Ms: { pglite: 25, postgres: 20 },
      call: get(largeHost, getTextbookTerms, {}),
      demo: { call: get(demoHost, getTextbookTerms, {}), maxGrowth: 4, goal: 2 },
    },
    {
      name: `GET public textbooks (term overview, ${large.termSections.toLocaleString('en-US')} sections)`,
      runs: 100,
      // PostgreSQL: p50 17 ms, p95 27 (5,004 sections).
      budgetP95Ms: { pglite: 150, postgres: 60 },
      note: 'completeness of every department: reads every section of the term',
      call: get(largeHost, getTextbookTerm, term(large)),
    },
    {
      name: `GET public textbooks/department (biggest, ${large.departmentSections} sections)`,
      runs: 200,
      // PostgreSQL: p50 16 ms, p95 31 (126 sections).
      budgetP95Ms: { pglite: 120, postgres: 60 },
      note: 'the list is as long as the department: no demo department is this size',
      call: get(largeHost, getTextbookDepartment, department(large)),
    },
    {
      name: `GET public textbooks/department (${largeOfDemoSize.departmentSections} sections, as the demo's ${demo.departmentSections})`,
      runs: 200,
      // Before the large seed had a department of this size, the growth column compared the
      // 126-section list above with the demo's 14 (1.60x on PostgreSQL, 1.80x on PGlite).
      budgetP95Ms: { pglite: 60, postgres: 30 },
      call: get(largeHost, getTextbookDepartment, department(largeOfDemoSize)),
      demo: {
        call: get(demoHost, getTextbookDepartment, department(demo)),
        maxGrowth: 4,
        goal: 1.5,
      },
    },
    {
      name: `GET public textbooks.csv (whole term, ${large.termSections.toLocaleString('en-US')} sections)`,
      runs: 3,
      // PostgreSQL: p50 437 ms, p95 557; about 0.4 MB, 2,700 lines a term; RSS +8 MB.
      budgetP95Ms: { pglite: 5_000, postgres: 2_000 },
      trackMemory: true,
      note: 'one line per material or per section without one, a department per statement',
      call: get(largeHost, getTextbookCsv, term(large)),
    },
    {
      name: `GET public scheduleFeed (whole term, ${large.termSections.toLocaleString('en-US')} sections)`,
      runs: 100,
      // Issue 31's goal: under 200 ms p95 on PostgreSQL for a term of the large store.
      // 2026-12-06 on PostgreSQL (BENCH_ONLY): p50 70 ms, p95 123, SQL p50 31 (5,004 sections).
      budgetP95Ms: { pglite: 400, postgres: 200 },
      note: 'kept designation and costs of every section of the term, one statement',
      call: get(largeHost, getScheduleFeed, term(large)),
    },
    {
      name: `GET public scheduleFeed.csv (whole term, ${large.termSections.toLocaleString('en-US')} sections)`,
      runs: 50,
      // PostgreSQL: p50 74 ms, p95 105, SQL p50 25.
      budgetP95Ms: { pglite: 400, postgres: 200 },
      note: 'the same rows as CSV, written whole for its ETag',
      call: get(largeHost, getScheduleFeedCsv, term(large)),
    },
  ];
}
