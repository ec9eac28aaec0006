import type { FastifyInstance } from 'fastify';
import {
  getLogoFile,
  getWebsite,
  getWebsiteConfig as getWebsiteConfigContract,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../lib/route.ts';
import { isSvg } from './asset-content.ts';
import { getLogo, getWebsiteConfig, getWebsiteInfo } from './service.ts';

const TAGS = ['portal'];
/** An SVG logo must never run script, even when opened directly. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export function registerPortalRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getWebsite, { tags: TAGS, errors: [404] }, async ({ query }) =>
    getWebsiteInfo(deps.websites, query.searchString),
  );

  route(app, getWebsiteConfigContract, { tags: TAGS, errors: [404] }, async ({ params, reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return getWebsiteConfig(deps.db, params.jsonFileName);
  });

  route(app, getLogoFile, { tags: TAGS, errors: [404] }, async ({ params, reply }) => {
    const logo = await getLogo(deps.db, params.fileName);
    reply
      .type(logo.contentType)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff');
    if (isSvg(logo.contentType)) reply.header('content-security-policy', SVG_CSP);
    return reply.send(logo.body);
  });
}
