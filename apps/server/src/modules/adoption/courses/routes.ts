import type { FastifyInstance } from 'fastify';
import {
  ADOPT_ACTIONS,
  CATALOG_ACTION_TYPES,
  getAdoptionCourses,
  getAdoptionDepartments,
  getAdoptionDivisions,
  exportCatalog,
  getAdoptionProgressSummary,
  getCatalogActionList,
  getCourseList,
  type CatalogActionType,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import { FULL_REPORTER_ACTIONS } from '../../metrics/index.ts';
import { adopter } from '../adopter.ts';
import { ADOPTION_MESSAGES as M } from '../messages.ts';
import { adoptCourses, adoptDepartments, adoptDivisions } from './picker-repository.ts';
import { callerCourseList, callerCourseListQuery } from './list.ts';
import { emailCatalogExport, streamCatalogExport } from './export-service.ts';
import { progressSummary } from './progress-repository.ts';

const TAGS = ['adoption'];

/**
 * The course list (/adopt): its list, its filter's pickers and its export; and the adoption
 * progress summary, the same figures over the caller's scope.
 */
export function registerCourseRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, getCatalogActionList, { tags: TAGS }, async ({ request }) => {
    await adopter(request);
    return Object.entries(CATALOG_ACTION_TYPES).map(([actionType, label]) => ({
      actionType: actionType as CatalogActionType,
      label,
    }));
  });

  route(app, getCourseList, { tags: TAGS }, async ({ body, request }) => {
    const grants = await adopter(request);
    return callerCourseList(db, request.session, grants, body, deps.now());
  });

  route(app, getAdoptionDivisions, { tags: TAGS }, async ({ request }) => {
    const grants = await adopter(request);
    return adoptDivisions(db, request.session.locationId, grants);
  });

  route(app, getAdoptionDepartments, { tags: TAGS }, async ({ query, request }) => {
    const grants = await adopter(request);
    return adoptDepartments(db, request.session.locationId, query.divisionId, grants);
  });

  route(app, getAdoptionCourses, { tags: TAGS }, async ({ query, request }) => {
    const grants = await adopter(request);
    const { divisionId, departmentCode } = query;
    return adoptCourses(db, request.session.locationId, divisionId, departmentCode, grants);
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

  /**
   * Progress over the caller's adoption scope and, for a full reporter, the divisions they
   * report on (the dashboard's tabs): the union of the two. Anyone else is refused.
   */
  route(app, getAdoptionProgressSummary, { tags: TAGS }, async ({ request }) => {
    const grants = await request.grants;
    await grants.requireAny([...ADOPT_ACTIONS, ...FULL_REPORTER_ACTIONS], M.mayNotAdopt);
    return {
      adoptionProgress: await progressSummary(db, request.session.locationId, grants, deps.now()),
    };
  });
}
