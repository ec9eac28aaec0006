import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  fillPath,
  getResearchCourses,
  getResearchDepartments,
  getResearchProfessors,
  getResearchTerms,
  getSectionDetail,
  getSectionMaterials,
  sectionList,
  type Endpoint,
} from '@csp/contracts';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/bulk-write.ts';
import type { BenchEndpoint } from './endpoints.ts';
import type { Caller } from './bench-caller.ts';

interface Sample {
  sectionId: number;
  termId: number;
  divisionId: number;
  departmentId: number;
  courseCode: string;
}

/** The large store's busiest section (most enrollments, with adoptions) and its catalog ids. */
async function sample(db: Db, host: string): Promise<Sample> {
  const [row] = await queryRows<Sample>(
    db,
    sql`select s.id as "sectionId", s.term_id as "termId", c.division_id as "divisionId",
        c.department_id as "departmentId", c.code as "courseCode"
      from sections s join courses c on c.id = s.course_id
        join websites w on w.location_id = s.location_id
      where w.host = ${host} and s.listing_count > 0
      order by s.enrollment_count desc, s.id limit 1`,
  );
  if (!row) throw new Error(`the store of ${host} has no adopted section`);
  return row;
}

type Body = Record<string, unknown>;

/**
 * Section research (issue 12): sectionList p95 < 50 ms on PostgreSQL with 40,000 sections and
 * 400,000 enrollments, every page and every sort as fast as the first page (ADR 0016).
 */
export async function sectionBench(
  app: FastifyInstance,
  db: Db,
  large: Caller,
): Promise<BenchEndpoint[]> {
  const s = await sample(db, large.host);
  const headers = { host: large.host, 'auth-token': large.token };
  const list = async (body: Body) => {
    const res = await app.inject({
      method: 'POST',
      url: fillPath(sectionList.path, { userAccountId: large.accountId }),
      headers,
      payload: body,
    });
    if (res.statusCode !== 200)
      throw new Error(`sectionList answered ${res.statusCode}: ${res.body}`);
    return res.json<{ pageInfo: { endCursor: string | null } }>();
  };
  // The cursor of page 200 of the default order, walked once by `after`.
  let cursor: string | null = null;
  for (let page = 1; page < 200; page += 1) {
    cursor = (await list(cursor ? { after: cursor } : {})).pageInfo.endCursor;
    if (!cursor) break;
  }
  const get = (contract: Endpoint, query: Record<string, string | number>) => async () => {
    const res = await app.inject({
      url: fillPath(contract.path, { userAccountId: large.accountId }),
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers,
    });
    if (res.statusCode !== 200)
      throw new Error(`${contract.path} answered ${res.statusCode}: ${res.body}`);
  };
  const budget = { pglite: 100, postgres: 50 };
  const listCase = (name: string, body: Body): BenchEndpoint => ({
    name: `POST sectionList (${name})`,
    runs: 100,
    budgetP95Ms: budget,
    call: async () => void (await list(body)),
  });
  const lookup = { pglite: 40, postgres: 25 };
  return [
    listCase('page 1', {}),
    listCase('page 200 by cursor', cursor ? { after: cursor, page: 200 } : {}),
    listCase('last page', { last: true }),
    listCase('sort enrollmentCount desc', { sortField: 'enrollmentCount', sortDirection: 'desc' }),
    listCase('sort courseCode asc', { sortField: 'courseCode', sortDirection: 'asc' }),
    listCase('sort professors asc', { sortField: 'professors', sortDirection: 'asc' }),
    listCase('sort adoptionStatus asc', { sortField: 'adoptionStatus', sortDirection: 'asc' }),
    listCase('by term', { divisionId: s.divisionId, termId: s.termId }),
    listCase('by department', { termId: s.termId, departmentId: s.departmentId }),
    listCase(`text "${s.courseCode}"`, { searchString: s.courseCode }),
    listCase('text "intro"', { searchString: 'intro' }),
    {
      name: 'GET sectionDetail (busiest section)',
      runs: 200,
      budgetP95Ms: lookup,
      call: get(getSectionDetail, { sectionId: s.sectionId }),
    },
    {
      name: 'GET sectionDetail/materials',
      runs: 200,
      budgetP95Ms: lookup,
      call: get(getSectionMaterials, { sectionId: s.sectionId }),
    },
    {
      name: 'GET section lookup terms (division)',
      runs: 200,
      budgetP95Ms: lookup,
      call: get(getResearchTerms, { divisionId: s.divisionId }),
    },
    {
      name: 'GET section lookup departments (term)',
      runs: 200,
      budgetP95Ms: lookup,
      call: get(getResearchDepartments, { termId: s.termId }),
    },
    {
      name: 'GET section lookup courses (department, term)',
      runs: 200,
      budgetP95Ms: lookup,
      call: get(getResearchCourses, { departmentId: s.departmentId, termId: s.termId }),
    },
    {
      name: 'GET section lookup professors ("ma")',
      runs: 200,
      budgetP95Ms: lookup,
      call: get(getResearchProfessors, { search: 'ma' }),
    },
  ];
}
