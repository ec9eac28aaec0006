import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEALTH_BASE, websiteSearchString } from '@csp/contracts';
import { AppError } from '../lib/app-error.ts';
import type { Website } from '../modules/portal/repository.ts';
import type { WebsiteResolver } from '../modules/portal/website-resolver.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The website of the request's Host (spec §7 host rule); null for an unknown host. */
    website: Website | null;
  }
}

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

export function hostSearchString(request: FastifyRequest): string {
  return websiteSearchString(request.headers.host ?? '');
}

/** The request's website, or a 404 naming the host when none is configured for it. */
export function requireWebsite(request: FastifyRequest): Website {
  if (request.website) return request.website;
  throw new AppError(404, `No website is configured for ${hostSearchString(request)}.`);
}
