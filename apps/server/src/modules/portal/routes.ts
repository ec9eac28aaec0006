import type { FastifyInstance } from 'fastify';
import {
  getLogoFile,
  getWebsite,
  getWebsiteConfig as getWebsiteConfigContract,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { sendBytesWithEtag, sendWithEtag } from '../../lib/etag.ts';
import { route } from '../../lib/route.ts';
import { isSvg } from './asset-content.ts';
import { getLogo, getWebsiteConfig, getWebsiteInfo } from './service.ts';

const TAGS = ['portal'];
/** Kept by browsers and shared caches, but checked with the server before each use. */
const REVALIDATE = 'public, no-cache';
/** An SVG logo must never run script, even when opened directly. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export function registerPortalRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getWebsite, { tags: TAGS, errors: [404] }, async ({ query }) =>
    getWebsiteInfo(deps.websites, query.searchString),
  );

  // Branding a store changes on the settings screen shows on the next page load: browsers keep
  // the configuration and logos but ask each time whether they changed (a 304 when not).
  route(
    app,
    getWebsiteConfigContract,
    { tags: TAGS, errors: [404] },
    async ({ params, request, reply }) => {
      reply.header('cache-control', REVALIDATE);
      const config = await getWebsiteConfig(deps.db, params.jsonFileName);
      return sendWithEtag(request, reply, config) as never;
    },
  );

  route(app, getLogoFile, { tags: TAGS, errors: [404] }, async ({ params, request, reply }) => {
    const logo = await getLogo(deps.db, params.fileName);
    reply
      .type(logo.contentType)
      .header('cache-control', REVALIDATE)
      .header('x-content-type-options', 'nosniff');
    if (isSvg(logo.contentType)) reply.header('content-security-policy', SVG_CSP);
    return sendBytesWithEtag(request, reply, logo.body);
  });
}
