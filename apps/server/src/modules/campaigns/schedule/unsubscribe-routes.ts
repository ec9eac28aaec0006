import type { FastifyInstance } from 'fastify';
import {
  CAMPAIGN_MESSAGES as M,
  campaignUnsubscribe,
  getCampaignUnsubscribe,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { requireWebsite } from '../../../lib/request-context.ts';
import { route } from '../../../lib/route.ts';
import { unsubscribeByToken } from './history-repository.ts';

const TAGS = ['campaigns'];

/**
 * A campaign e-mail's unsubscribe link (no sign-in: the link's random token is the credential).
 * Reading it changes nothing, so a mail scanner that follows links unsubscribes nobody; the
 * page's button posts. A token of another store's website answers 404, as an unknown one does.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getCampaignUnsubscribe, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { locationId } = requireWebsite(request);
    const answer = await unsubscribeByToken(deps.db, locationId, query.token, false);
    if (!answer) throw AppError.notFound(M.linkNotFound, 'token');
    return answer;
  });

  route(app, campaignUnsubscribe, { tags: TAGS, errors: [404] }, async ({ body, request }) => {
    const { locationId } = requireWebsite(request);
    const answer = await unsubscribeByToken(deps.db, locationId, body.token, true);
    if (!answer) throw AppError.notFound(M.linkNotFound, 'token');
    return answer;
  });
}
