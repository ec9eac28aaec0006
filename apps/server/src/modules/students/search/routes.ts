import type { FastifyInstance } from 'fastify';
import { searchStudents } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import { studentReader } from '../access/student-access.ts';
import { studentSearchPage } from './student-search.ts';

const TAGS = ['students'];

/**
 * Searching students: the caller needs an action that lets them
 * look students up (studentReader) and finds only the students within their scope.
 */
export function registerSearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, searchStudents, { tags: TAGS }, async ({ query, request }) => {
    const { session, scope } = await studentReader(db, request);
    return studentSearchPage(db, session.locationId, query, (id) => scope.visibleSql(id));
  });
}
