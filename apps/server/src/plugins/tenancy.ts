import type { FastifyInstance } from 'fastify';
import { HEALTH_BASE } from '@csp/contracts';
import { hostSearchString } from '../lib/request-context.ts';
import type { WebsiteResolver } from '../modules/portal/index.ts';

/** Resolves `request.website` from the Host header before anything else runs. */
export function registerTenancy(app: FastifyInstance, websites: WebsiteResolver): void {
  app.decorateRequest('website', null);
  app.addHook('onRequest', async (request) => {
    // Health checks come from process managers under any host, and liveness must not need the
    // database that resolving a website reads.
    if (request.url.startsWith(`${HEALTH_BASE}/`)) return;
    request.website = await websites.resolve(hostSearchString(request));
  });
}
