import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  fillPath,
  getCourseList,
  exportCatalog,
  getAuthDepartments,
  getAuthSections,
  getUserActions,
  getWebsite,
  login,
} from '@csp/contracts';
import type { Db } from '../src/db/client.ts';
import { courses, departments, divisions, locations, sections } from '../src/db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo-accounts.ts';
import { LARGE_ADMIN, LARGE_PASSWORD, LARGE_STORE_REF } from '../src/db/seed/large-store.ts';
import type { BenchEngine } from './bench-database.ts';
import { materialSearchBench } from './material-search-endpoints.ts';
import { labelBench } from './label-endpoints.ts';
import { studentBench } from './student-endpoints.ts';
import { textbookBench } from './textbook-endpoints.ts';
import { costBench } from './cost-endpoints.ts';
import { iaBench } from './ia-endpoints.ts';
import { ltiBench } from './lti-endpoints.ts';
import { sectionBench } from './section-endpoints.ts';
import { courseBench } from './course-endpoints.ts';
import { expectOk } from './expect-ok.ts';

/** One measured call, and its p95 budget per engine (about twice what it measures here). */
export interface BenchEndpoint {
  name: string;
  runs: number;
  budgetP95Ms: Record<BenchEngine, number>;
  /** Why the endpoint's time is not its SQL's, when that is the point (argon2id). */
  note?: string;
  /**
   * The same call on the demo store, when the endpoint must not slow down as a store grows:
   * the run reports large p50 / demo p50, fails above `maxGrowth` (a regression) and says so
   * when it is above `goal` (what the issue asks for, when not yet met).
   */
  demo?: { call: () => Promise<void>; maxGrowth: number; goal?: number };
  /** Report the peak resident set size while it runs (the export's memory). */
  trackMemory?: boolean;
  call: () => Promise<void>;
}

export const LARGE_HOST = 'large.localhost';

/** The size of the last export, for the report. */
export let exportBytes = 0;
export const DEMO_HOST = 'localhost';

export async function signIn(
  app: FastifyInstance,
  host: string,
  userName: string,
  password: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: login.path,
    headers: { host },
    payload: { userName, password },
  });
  expectOk(res, `login of ${userName}`);
  return res.json<{ token: string; accountId: number }>();
}

/** The large store's busiest division, and a course of it that has sections. */
async function largeCatalogSample(db: Db) {
  const [row] = await db
    .select({
      divisionId: divisions.id,
      departmentCode: departments.code,
      courseCode: courses.code,
      sections: sql<number>`count(${sections.id})`.mapWith(Number),
    })
    .from(courses)
    .innerJoin(departments, eq(departments.id, courses.departmentId))
    .innerJoin(divisions, eq(divisions.id, courses.divisionId))
    .innerJoin(locations, eq(locations.id, courses.locationId))
    .innerJoin(sections, eq(sections.courseId, courses.id))
    .where(and(eq(locations.externalRef, LARGE_STORE_REF), eq(divisions.name, 'Main Campus')))
    .groupBy(divisions.id, departments.code, courses.code)
    .orderBy(sql`count(${sections.id}) desc`)
    .limit(1);
  if (!row) throw new Error('the large store is not seeded');
  return row;
}

/** A demo-store course with adoptions, as the course detail bench opens it. */
async function demoCatalogSample(
  app: FastifyInstance,
  demo: { token: string; accountId: number },
): Promise<{ divisionId: number; departmentCode: string; courseCode: string }> {
  const res = await app.inject({
    method: 'POST',
    url: fillPath(getCourseList.path, { userAccountId: demo.accountId }),
    headers: { host: DEMO_HOST, 'auth-token': demo.token },
    payload: { actionType: 'ADOPTED' },
  });
  expectOk(res, 'demo getCourseList');
  const course = res.json<{
    courseDTOList: { divisionId: number; departmentCode: string; courseCode: string }[];
  }>().courseDTOList[0];
  if (!course) throw new Error('the demo store has no adopted course');
  return course;
}

export async function benchEndpoints(app: FastifyInstance, db: Db): Promise<BenchEndpoint[]> {
  const large = await signIn(app, LARGE_HOST, LARGE_ADMIN, LARGE_PASSWORD);
  const demoAdmin = DEMO_ACCOUNTS[0]!;
  const sample = await largeCatalogSample(db);
  const largeGet = (url: string, what: string) => async () =>
    expectOk(
      await app.inject({ url, headers: { host: LARGE_HOST, 'auth-token': large.token } }),
      what,
    );
  const admin = (path: string) => fillPath(path, { userAccountId: large.accountId });

  const demo = await signIn(app, DEMO_HOST, demoAdmin.userName, demoAdmin.password);
  const demoSample = await demoCatalogSample(app, demo);
  const asLarge = { host: LARGE_HOST, token: large.token, accountId: large.accountId };
  const asDemo = { host: DEMO_HOST, token: demo.token, accountId: demo.accountId };
  const courses = courseBench(app, asLarge, asDemo, sample, demoSample);

  const exportAll: BenchEndpoint = {
    name: 'POST exportCatalog (every large-store course)',
    runs: 3,
    budgetP95Ms: { pglite: 60_000, postgres: 30_000 },
    trackMemory: true,
    note: 'one .xlsx row per course x section x material',
    call: async () => {
      const res = await app.inject({
        method: 'POST',
        url: fillPath(exportCatalog.path, { userAccountId: large.accountId }),
        headers: { host: LARGE_HOST, 'auth-token': large.token },
        payload: { sectionStartDate: '2000-01-01', sectionEndDate: '2199-12-31', open: false },
      });
      expectOk(res, 'exportCatalog');
      exportBytes = res.rawPayload.length;
    },
  };

  return [
    ...courses,
    ...(await materialSearchBench(app, db, asLarge, asDemo)),
    ...(await studentBench(app, db, asLarge, asDemo)),
    ...(await sectionBench(app, db, asLarge)),
    ...(await labelBench(app, db, LARGE_HOST, DEMO_HOST)),
    ...(await textbookBench(app, db, LARGE_HOST, DEMO_HOST)),
    ...(await costBench(app, db, asLarge)),
    ...(await iaBench(app, db, asLarge)),
    ...(await ltiBench(app, db, LARGE_HOST, asDemo)),
    exportAll,
    {
      name: 'GET website (host lookup)',
      runs: 500,
      budgetP95Ms: { pglite: 1, postgres: 1 },
      call: async () =>
        expectOk(
          await app.inject({
            url: `${getWebsite.path}?searchString=localhost`,
            headers: { host: DEMO_HOST },
          }),
          'website',
        ),
    },
    {
      name: 'GET site config JSON',
      runs: 500,
      budgetP95Ms: { pglite: 4, postgres: 3 },
      call: async () =>
        expectOk(
          await app.inject({
            url: '/site-config/demo-university.json',
            headers: { host: DEMO_HOST },
          }),
          'config',
        ),
    },
    {
      name: 'GET getUserActions (large store)',
      runs: 500,
      budgetP95Ms: { pglite: 18, postgres: 15 },
      call: largeGet(
        `${admin(getUserActions.path)}?user_name=${encodeURIComponent(LARGE_ADMIN)}`,
        'getUserActions',
      ),
    },
    {
      name: 'GET getAuthDepartments (large division)',
      runs: 300,
      budgetP95Ms: { pglite: 16, postgres: 13 },
      call: largeGet(
        `${admin(getAuthDepartments.path)}?divisionId=${sample.divisionId}`,
        'getAuthDepartments',
      ),
    },
    {
      name: `GET getAuthSections (course, ${sample.sections} sections)`,
      runs: 300,
      budgetP95Ms: { pglite: 20, postgres: 16 },
      call: largeGet(
        `${admin(getAuthSections.path)}?divisionId=${sample.divisionId}&departmentCode=${encodeURIComponent(sample.departmentCode)}&courseCode=${encodeURIComponent(sample.courseCode)}`,
        'getAuthSections',
      ),
    },
    {
      name: 'POST login (argon2id verify)',
      runs: 20,
      budgetP95Ms: { pglite: 55, postgres: 45 },
      note: 'argon2id (19 MiB, t=2) is slow on purpose',
      call: async () => {
        await signIn(app, DEMO_HOST, demoAdmin.userName, demoAdmin.password);
      },
    },
  ];
}
