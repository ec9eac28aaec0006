import type { FastifyInstance } from 'fastify';
import {
  MESSAGING_STATUSES,
  getAdoptionMaterialMessagingStatusList,
  postAdoptionMaterialMessage,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import { adopter, named } from '../adopter.ts';
import { postMessage } from './post-message.ts';

const TAGS = ['adoption'];

/** An adoption's message thread: its statuses and posting a message. */
export function registerMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getAdoptionMaterialMessagingStatusList, { tags: TAGS }, async ({ request }) => {
    await adopter(request);
    return named(MESSAGING_STATUSES);
  });

  route(
    app,
    postAdoptionMaterialMessage,
    { tags: TAGS, errors: [404, 429] },
    async ({ body, request }) => {
      const grants = await adopter(request);
      return postMessage(deps, request.session, grants, body);
    },
  );
}
