import type { FastifyInstance } from 'fastify';
import { updateTitleKind } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import { updateTitleKindFor } from './title-kinds.ts';

const TAGS = ['adoption'];

/** What the course materials team sets on the store's titles (issue 31). */
export function registerTitleRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, updateTitleKind, { tags: TAGS, errors: [404] }, async ({ body, request }) => ({
    titleDTO: await updateTitleKindFor(
      deps.db,
      await request.grants,
      request.session.locationId,
      body,
    ),
  }));
}
