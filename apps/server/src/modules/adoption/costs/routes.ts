import type { FastifyInstance } from 'fastify';
import { getSectionCost, SECTION_COST_MESSAGES as M, setSectionDesignation } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import {
  OVERRIDE_ACTION,
  overrideDesignation,
  requireSectionAction,
  sectionCostOf,
} from './section-costs.ts';

const TAGS = ['adoption'];

/**
 * A section's cost and designation (issue 31, point 2): read with VIEW_SECTION, overridden by
 * the course materials team (ADOPT_CMA_TEAM), each over the section's catalog scope in the
 * caller's store (403 without the action, 404 for a section outside).
 */
export function registerSectionCostRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, getSectionCost, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const grants = await request.grants;
    await requireSectionAction(grants, 'VIEW_SECTION', query.sectionId);
    return sectionCostOf(db, grants, request.session.locationId, query.sectionId);
  });

  route(app, setSectionDesignation, { tags: TAGS, errors: [404] }, async ({ body, request }) => {
    const grants = await request.grants;
    await requireSectionAction(grants, OVERRIDE_ACTION, body.sectionId, M.noOverrideAccess);
    await overrideDesignation(db, request.session, body, deps.now());
    return sectionCostOf(db, grants, request.session.locationId, body.sectionId);
  });
}
