import type { FastifyInstance } from 'fastify';
import { getCostGaps, getCourseCostGaps } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { courseCostGaps, termCostGaps } from './cost-gaps.ts';

const TAGS = ['adoption'];

/**
 * Cost gaps between the sections of a course (issue 31, point 5): a term's report and one
 * course's, for anyone holding VIEW_SECTION (403 without it anywhere), over their scope.
 */
export function registerCostGapRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, getCostGaps, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const grants = await request.grants;
    await grants.requireAny(['VIEW_SECTION']);
    return termCostGaps(db, request.session.locationId, grants, query);
  });

  route(app, getCourseCostGaps, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const grants = await request.grants;
    await grants.requireAny(['VIEW_SECTION']);
    return courseCostGaps(db, request.session.locationId, grants, params, isoDay(deps.now()));
  });
}
