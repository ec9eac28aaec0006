import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  getWebsite,
  getWebsiteConfig as getWebsiteConfigContract,
  LOGO_BASE,
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

  app.route({
    method: 'GET',
    url: `${LOGO_BASE}/:fileName`,
    schema: {
      summary: 'A logo file named in a website config',
      tags: TAGS,
      params: z.object({
        fileName: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'Not a logo file name'),
      }),
    },
    handler: async (request, reply) => {
      const { fileName } = request.params as { fileName: string };
      const logo = await getLogo(deps.db, fileName);
      reply
        .type(logo.contentType)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff');
      if (isSvg(logo.contentType)) reply.header('content-security-policy', SVG_CSP);
      return reply.send(logo.body);
    },
  });
}
