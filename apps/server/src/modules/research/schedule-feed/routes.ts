import type { FastifyInstance } from 'fastify';
import { getScheduleFeed, getScheduleFeedCsv } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { requireWebsite } from '../../../lib/request-context.ts';
import { route } from '../../../lib/route.ts';
import { sendBytesWithEtag, sendWithEtag } from '../../../lib/etag.ts';
import { publicCaching } from '../textbooks/cache.ts';
import { textbookCsvFileName } from '../textbooks/csv.ts';
import { scheduleFeed, scheduleFeedCsv } from './service.ts';

const DOCS = { tags: ['research'], errors: [404] };

/**
 * The registrar's schedule feed (issue 31, point 4): a term's designations and costs as JSON and
 * as CSV. No login, like the textbook list: the Host's website names the store. In a scope of
 * its own so the public caching headers apply to these routes only.
 */
export function registerScheduleFeedRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    publicCaching(scope);

    route(scope, getScheduleFeed, DOCS, async ({ query, request, reply }) => {
      const { locationId } = requireWebsite(request);
      const body = await scheduleFeed(deps.db, locationId, query.termId);
      return sendWithEtag(request, reply, body) as never;
    });

    route(scope, getScheduleFeedCsv, DOCS, async ({ query, request, reply }) => {
      const { locationId } = requireWebsite(request);
      const feed = await scheduleFeed(deps.db, locationId, query.termId);
      const fileName = textbookCsvFileName(feed.storeName, feed.term, 'schedule-feed');
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`);
      return sendBytesWithEtag(request, reply, scheduleFeedCsv(feed)) as never;
    });
  });
}
