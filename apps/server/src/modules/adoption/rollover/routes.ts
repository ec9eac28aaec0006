import type { FastifyInstance } from 'fastify';
import {
  applyRollover as applyRolloverContract,
  confirmRolloverProposals,
  exportUnconfirmedRollovers,
  getRolloverChoices,
  getRolloverPreview,
  getUnconfirmedRollovers,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { campaignDivisions } from '../../campaigns/index.ts';
import { adopter } from '../adopter.ts';
import { ownSections } from '../my-courses/my-courses.ts';
import { applyRollover } from './apply.ts';
import { rolloverChoices } from './choices.ts';
import { confirmOwn, unconfirmedCsv, unconfirmedPage } from './proposals.ts';
import { previewRollover, resolveRollover } from './rollover.ts';

const TAGS = ['adoption'];

/** Rollover by the store (issue 30, point 4; ADR 0045) and the instructor's confirmation. */
export function registerRolloverRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getRolloverChoices, { tags: TAGS }, async ({ request }) => {
    const divisions = await campaignDivisions(request);
    return { divisions: await rolloverChoices(deps.db, request.session.locationId, divisions) };
  });

  route(app, getRolloverPreview, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const divisions = await campaignDivisions(request);
    const { locationId } = request.session;
    return previewRollover(deps.db, await resolveRollover(deps.db, locationId, divisions, query));
  });

  route(app, applyRolloverContract, { tags: TAGS, errors: [404] }, async ({ body, request }) => {
    const divisions = await campaignDivisions(request);
    const resolved = await resolveRollover(deps.db, request.session.locationId, divisions, body);
    return applyRollover(deps.db, request.session, resolved, deps.now());
  });

  route(app, getUnconfirmedRollovers, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const divisions = await campaignDivisions(request);
    return unconfirmedPage(deps.db, request.session.locationId, divisions, query);
  });

  route(
    app,
    exportUnconfirmedRollovers,
    { tags: TAGS, errors: [404] },
    async ({ query, request, reply }) => {
      const divisions = await campaignDivisions(request);
      const csv = await unconfirmedCsv(deps.db, request.session.locationId, divisions, query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="unconfirmed-rollovers.csv"')
        .send(csv) as never;
    },
  );

  route(app, confirmRolloverProposals, { tags: TAGS }, async ({ body, request }) => {
    const grants = await adopter(request);
    const today = isoDay(deps.now());
    const own = await ownSections(deps.db, request.session, grants, today);
    const ownIds = new Set(own.map((s) => s.sectionId));
    const ids = body.adoptionMaterialIds;
    return { confirmed: await confirmOwn(deps.db, request.session, ownIds, ids, deps.now()) };
  });
}
