import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { apiError, type Endpoint } from '@csp/contracts';

/** The OpenAPI security scheme of the Auth-Token header (declared by plugins/openapi.ts). */
export const AUTH_SECURITY_SCHEME = 'authToken';

/** What a contract route handler receives, already validated and typed from the contract. */
export interface RouteInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDocs {
  /** OpenAPI tags, usually the module name. */
  tags: string[];
  /** Error statuses this route may answer besides 400 and 500 (401 and 403 come with auth). */
  errors?: number[];
}

/**
 * Registers a route from its contract: method, path, validation of params / query / body,
 * response serialization (200 plus `{message, field?}` errors), OpenAPI docs and, when the
 * contract says `auth: true`, the Auth-Token check. The handler returns the 200 body.
 */
export function route<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(
  app: FastifyInstance,
  contract: Endpoint<P, Q, B, R>,
  docs: RouteDocs,
  handler: (input: RouteInput<P, Q, B>) => Promise<z.output<R>>,
): void {
  const statuses = new Set([400, 500, ...(docs.errors ?? [])]);
  if (contract.auth) [401, 403].forEach((s) => statuses.add(s));
  const response: Record<number, z.ZodType> = { 200: contract.response };
  for (const status of statuses) response[status] = apiError;

  const schema: FastifySchema & Record<string, unknown> = {
    summary: contract.summary,
    tags: docs.tags,
    response,
    ...(contract.params && { params: contract.params }),
    ...(contract.query && { querystring: contract.query }),
    ...(contract.body && { body: contract.body }),
    ...(contract.auth && { security: [{ [AUTH_SECURITY_SCHEME]: [] }] }),
  };

  app.route({
    method: contract.method,
    url: contract.path,
    schema,
    ...(contract.auth && { onRequest: app.authenticate }),
    handler: async (request, reply) =>
      handler({
        params: request.params as z.output<P>,
        query: request.query as z.output<Q>,
        body: request.body as z.output<B>,
        request,
        reply,
      }),
  });
}
