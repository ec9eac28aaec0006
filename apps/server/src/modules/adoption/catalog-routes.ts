import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADOPT_ACTIONS,
  getAdoptionCourses,
  getAdoptionDepartments,
  getAdoptionDivisions,
  exportCatalog,
  getAdoptionProgressSummary,
  getCourseList,
  sendFutureAdoptionsEmail,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../lib/route.ts';
import { FULL_REPORTER_ACTIONS, reportedDivisionScope } from '../metrics/index.ts';
import { adoptCourses, adoptDepartments, adoptDivisions } from './adopt-picker-repository.ts';
import { listCourses } from './course-list-repository.ts';
import { adoptScopeSql, callerCourseListQuery } from './course-list.ts';
import { ADOPTION_MESSAGES as M } from './messages.ts';
import { accessibleCourse } from './course-access.ts';
import { sendFutureAdoptions } from './future-adoptions.ts';
import { adoptionProgress } from './progress-repository.ts';
import { isoDay } from './sections.ts';
import { emailCatalogExport, streamCatalogExport } from './catalog-export-service.ts';

const TAGS = ['adoption'];

/**
 * The course catalog (/adopt): its list, its filter's pickers and its export; and the course
 * calls that are about the catalog's figures: the future-adoptions e-mail and the progress
 * summary.
 */
export function registerCatalogRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  /** The adopt area is for holders of an adopt action (spec §2 /adopt access rule). */
  const adopter = async (request: FastifyRequest) => {
    const grants = await request.grants;
    await grants.requireAny(ADOPT_ACTIONS, M.mayNotAdopt);
    return grants;
  };
  /** An adopter and their adopt scope as SQL for a list to join on. */
  const adopterScope = async (request: FastifyRequest) => ({
    session: request.session,
    scope: (await adoptScopeSql(await adopter(request))) ?? sql`true`,
  });

  route(app, getCourseList, { tags: TAGS }, async ({ body, request }) => {
    const grants = await adopter(request);
    const session = request.session;
    const query = await callerCourseListQuery(db, session, grants, body, deps.now());
    const page = await listCourses(db, query);
    return { courseDTOList: page.rows, recordCount: page.recordCount };
  });

  route(app, getAdoptionDivisions, { tags: TAGS }, async ({ request }) => {
    const { session, scope } = await adopterScope(request);
    return adoptDivisions(db, session.locationId, scope);
  });

  route(app, getAdoptionDepartments, { tags: TAGS }, async ({ query, request }) => {
    const { session, scope } = await adopterScope(request);
    return adoptDepartments(db, session.locationId, query.divisionId, scope);
  });

  route(app, getAdoptionCourses, { tags: TAGS }, async ({ query, request }) => {
    const { session, scope } = await adopterScope(request);
    return adoptCourses(db, session.locationId, query.divisionId, query.departmentCode, scope);
  });

  route(
    app,
    exportCatalog,
    { tags: TAGS, errors: [409, 429, 502] },
    async ({ body, query, request, reply }) => {
      const grants = await adopter(request);
      const session = request.session;
      const list = await callerCourseListQuery(db, session, grants, body, deps.now());
      if (query.email || query.overrideEmail) {
        return emailCatalogExport(deps, request, session, list, body, query.overrideEmail);
      }
      return (await streamCatalogExport(deps, request, reply, list)) as never;
    },
  );

  route(
    app,
    sendFutureAdoptionsEmail,
    { tags: TAGS, errors: [404, 409, 429, 502] },
    async ({ body, params, request }) => {
      const grants = await adopter(request);
      const session = request.session;
      const course = await accessibleCourse(db, session, grants, { ...body, ...params });
      return sendFutureAdoptions(deps, request.log, session, {
        ...course,
        label: `${body.departmentCode} ${body.courseCode}`,
      });
    },
  );

  /**
   * Progress over the caller's adoption scope and, for a full reporter, the divisions they
   * report on (the dashboard's tabs): the union of the two. Anyone else is refused.
   */
  route(app, getAdoptionProgressSummary, { tags: TAGS }, async ({ request }) => {
    const grants = await request.grants;
    await grants.requireAny([...ADOPT_ACTIONS, ...FULL_REPORTER_ACTIONS], M.mayNotAdopt);
    const adopts = (await adoptScopeSql(grants)) ?? sql`true`;
    const reports = await reportedDivisionScope(grants, sql`c.division_id`);
    const session = request.session;
    return {
      adoptionProgress: await adoptionProgress(
        db,
        session.locationId,
        isoDay(deps.now()),
        sql`(${adopts} or ${reports})`,
      ),
    };
  });
}
