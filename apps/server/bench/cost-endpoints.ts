import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  fillPath,
  getCostDesignationShares,
  getCostGaps,
  getCostReport,
  getCourseCostGaps,
  getCourseList,
  getSectionCost,
  sectionList,
  type Endpoint,
} from '@csp/contracts';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/bulk-write.ts';
import type { BenchEndpoint } from './endpoints.ts';
import { expectOk } from './expect-ok.ts';
import type { Caller } from './bench-caller.ts';

interface CostSample {
  termId: number;
  divisionId: number;
  departmentId: number;
  departmentCode: string;
  courseCode: string;
  sectionId: number;
  termSections: number;
}

/**
 * The large store's term with the most sections, its department with the most, and that
 * department's course with the most sections (the busiest course detail's cost gaps).
 */
async function sampleCosts(db: Db, host: string): Promise<CostSample> {
  const [row] = await queryRows<CostSample>(
    db,
    sql`with store as (select location_id from websites where host = ${host}),
      per_term as (
        select s.term_id, count(*)::int as n from sections s
        where s.location_id = (select location_id from store) group by s.term_id
        order by n desc, s.term_id limit 1
      ),
      per_course as (
        select c.id, c.division_id, c.department_id, d.code as department_code, c.code,
          count(*)::int as n, min(s.id) as section_id,
          count(*) over (partition by c.department_id) as department_courses
        from sections s join courses c on c.id = s.course_id
          join departments d on d.id = c.department_id
        where s.term_id = (select term_id from per_term)
        group by c.id, c.division_id, c.department_id, d.code, c.code
      )
      select (select term_id from per_term) as "termId", division_id as "divisionId",
        department_id as "departmentId", department_code as "departmentCode",
        code as "courseCode", section_id as "sectionId",
        (select n from per_term) as "termSections"
      from per_course order by department_courses desc, n desc, id limit 1`,
  );
  if (!row) throw new Error(`the store of ${host} has no sections`);
  return row;
}

/**
 * Cost transparency's staff reads (issue 31): the research list and catalog filtered by
 * designation, a section's cost, the report by department, the cost gaps and the dashboard's
 * shares. Each reads the kept section costs (ADR 0047), a term at a time.
 */
export async function costBench(
  app: FastifyInstance,
  db: Db,
  large: Caller,
): Promise<BenchEndpoint[]> {
  const s = await sampleCosts(db, large.host);
  const headers = { host: large.host, 'auth-token': large.token };
  const call =
    (contract: Endpoint, input: { params?: object; query?: object; body?: object }) => async () =>
      expectOk(
        await app.inject({
          method: contract.method,
          url: fillPath(contract.path, { userAccountId: large.accountId, ...input.params }),
          headers,
          query: Object.fromEntries(
            Object.entries(input.query ?? {}).map(([key, value]) => [key, String(value)]),
          ),
          ...(input.body && { payload: input.body }),
        }),
        contract.path,
      );
  const list = { pglite: 100, postgres: 50 };
  const report = { pglite: 300, postgres: 150 };
  const sections = `${s.termSections.toLocaleString('en-US')} sections`;
  return [
    {
      name: 'POST sectionList (textbook cost ZTC)',
      runs: 100,
      budgetP95Ms: list,
      call: call(sectionList, { body: { costDesignation: 'ZTC' } }),
    },
    {
      name: 'POST sectionList (term, textbook cost LTC)',
      runs: 100,
      budgetP95Ms: list,
      call: call(sectionList, { body: { termId: s.termId, costDesignation: 'LTC' } }),
    },
    {
      name: 'POST getCourseList (textbook cost ZTC)',
      runs: 100,
      budgetP95Ms: { pglite: 90, postgres: 50 },
      call: call(getCourseList, { body: { costDesignation: 'ZTC' } }),
    },
    {
      name: 'GET sectionCost (a section of the busiest course)',
      runs: 200,
      budgetP95Ms: { pglite: 40, postgres: 25 },
      call: call(getSectionCost, { query: { sectionId: s.sectionId } }),
    },
    {
      name: `GET costReport (whole term, ${sections})`,
      runs: 50,
      budgetP95Ms: report,
      note: 'by department, with the same term a year before',
      call: call(getCostReport, { query: { termId: s.termId } }),
    },
    {
      name: `GET costReport .xlsx (whole term, ${sections})`,
      runs: 10,
      budgetP95Ms: { pglite: 1_000, postgres: 600 },
      call: call(getCostReport, { query: { termId: s.termId, format: 'xlsx' } }),
    },
    {
      name: `GET costGaps (whole term, ${sections})`,
      runs: 50,
      budgetP95Ms: report,
      note: 'every course of the term compared with its cheapest section',
      call: call(getCostGaps, { query: { termId: s.termId } }),
    },
    {
      name: 'GET costGaps (one department)',
      runs: 100,
      budgetP95Ms: list,
      call: call(getCostGaps, { query: { termId: s.termId, departmentId: s.departmentId } }),
    },
    {
      name: 'GET getCourseCostGaps (busiest course)',
      runs: 200,
      budgetP95Ms: { pglite: 60, postgres: 30 },
      call: call(getCourseCostGaps, {
        params: {
          divisionId: s.divisionId,
          departmentCode: s.departmentCode,
          courseCode: s.courseCode,
        },
      }),
    },
    {
      name: 'metrics getCostDesignationShares (busiest term)',
      runs: 200,
      budgetP95Ms: { pglite: 40, postgres: 20 },
      call: call(getCostDesignationShares, {
        query: { divisionId: s.divisionId, termId: s.termId },
      }),
    },
  ];
}
