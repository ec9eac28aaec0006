import type { FastifyInstance } from 'fastify';
import { DEADLINE_MESSAGES as M, getAdoptionDeadlines, setAdoptionDeadline } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { campaignDivisions } from '../campaign-access.ts';
import {
  listTermDeadlines,
  reachableTerm,
  saveTermDeadline,
  termDeadline,
} from './deadline-repository.ts';

const TAGS = ['campaigns'];

/** Adoption deadlines (issue 30, point 1): the terms' deadlines and how sections stand. */
export function registerDeadlineRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getAdoptionDeadlines, { tags: TAGS }, async ({ request }) => {
    const divisions = await campaignDivisions(request);
    const today = isoDay(deps.now());
    const terms = await listTermDeadlines(deps.db, request.session.locationId, today, divisions);
    return { terms, today };
  });

  route(
    app,
    setAdoptionDeadline,
    { tags: TAGS, errors: [404] },
    async ({ params, body, request }) => {
      const divisions = await campaignDivisions(request);
      const { locationId } = request.session;
      const term = await reachableTerm(deps.db, locationId, params.termId, divisions);
      if (!term) throw AppError.notFound(M.termNotFound, 'termId');
      if (body.deadline !== null && body.deadline > term.endDate) {
        throw AppError.badRequest(M.afterTermEnd, 'deadline');
      }
      await saveTermDeadline(deps.db, params.termId, body.deadline);
      const answer = await termDeadline(deps.db, locationId, isoDay(deps.now()), params.termId);
      if (!answer) throw AppError.notFound(M.termNotFound, 'termId');
      return answer;
    },
  );
}
