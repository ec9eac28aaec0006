import type { FastifyInstance } from 'fastify';
import { HEALTH_BASE, METRICS_PATH } from '@csp/contracts';
import { hostSearchString } from '../lib/request-context.ts';
import type { WebsiteResolver } from '../modules/portal/index.ts';

/** Resolves `request.website` from the Host header before anything else runs. */
export function registerTenancy(app: FastifyInstance, websites: WebsiteResolver): void {
  app.decorateRequest('website', null);
  app.addHook('onRequest', async (request) => {
    // Health checks and metric scrapes come from process managers and monitoring systems under
    // any host, and neither must need the database that resolving a website reads.
    if (request.url.startsWith(`${HEALTH_BASE}/`)) return;
    if (request.url.split('?')[0] === METRICS_PATH) return;
    request.website = await websites.resolve(hostSearchString(request));
  });
}
