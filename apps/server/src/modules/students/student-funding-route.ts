import type { FastifyInstance } from 'fastify';
import { getStudentFunding } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { isoDay } from '../../lib/iso-day.ts';
import { route } from '../../lib/route.ts';
import { studentAllowances } from '../funding/index.ts';
import { studentOfStore, studentReader } from './student-access.ts';

const TAGS = ['students'];

/**
 * A student's funding (issue 14, ADR 0019 "Access"): shown to whoever may look the student up,
 * as the student detail is; another store's student is a 404.
 */
export function registerStudentFundingRoute(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, getStudentFunding, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { session } = await studentReader(db, request);
    const student = await studentOfStore(db, session, query.customerId);
    return studentAllowances(db, student.locationId, student.id, isoDay(deps.now()));
  });
}
