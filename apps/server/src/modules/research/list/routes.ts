import type { FastifyInstance } from 'fastify';
import {
  getResearchCourses,
  getResearchDepartments,
  getResearchDivisions,
  getResearchProfessors,
  getResearchTerms,
  sectionList,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { sectionScope } from '../../adoption/index.ts';
import { sectionReader } from '../section-access.ts';
import { scopedDivisions } from './lookup-repository.ts';
import { coursesOf, departmentsOf, professorsOf, termsOf, type LookupScope } from './lookups.ts';
import { sectionListPage } from './section-list.ts';

const TAGS = ['research'];

/**
 * Section research's list (docs/behaviour/calls.md#admin-base): the filter's lookups and
 * sectionList. Every call needs VIEW_SECTION (403 otherwise) and answers only what lies in the
 * caller's scope of their own store.
 */
export function registerSectionListRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const lookupScope = async (request: Parameters<typeof sectionReader>[1]) => {
    const { session, grants } = await sectionReader(db, request);
    const scope: LookupScope = {
      locationId: session.locationId,
      scope: await sectionScope(grants),
    };
    return scope;
  };

  route(app, getResearchDivisions, { tags: TAGS }, async ({ request }) => {
    const s = await lookupScope(request);
    return scopedDivisions(db, s.locationId, s.scope);
  });

  route(app, getResearchTerms, { tags: TAGS, errors: [404] }, async ({ query, request }) =>
    termsOf(db, await lookupScope(request), query.divisionId),
  );

  route(app, getResearchDepartments, { tags: TAGS, errors: [404] }, async ({ query, request }) =>
    departmentsOf(db, await lookupScope(request), query.termId),
  );

  route(app, getResearchCourses, { tags: TAGS, errors: [404] }, async ({ query, request }) =>
    coursesOf(db, await lookupScope(request), query.departmentId, query.termId),
  );

  route(app, getResearchProfessors, { tags: TAGS, errors: [404] }, async ({ query, request }) =>
    professorsOf(db, await lookupScope(request), query.search, query.professorId),
  );

  route(app, sectionList, { tags: TAGS }, async ({ body, request }) => {
    const { session, grants } = await sectionReader(db, request);
    return sectionListPage(db, grants, session.locationId, body, isoDay(deps.now()));
  });
}
