import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { errorResponses, type Endpoint } from '@csp/contracts';

/** What a contract route handler receives, already validated and typed from the contract. */
export interface RouteInput<Q extends z.ZodType> {
  query: z.output<Q>;
  request: FastifyRequest;
}

/**
 * Registers a route from its docs/behaviour/calls.md contract: method, path, query validation and response
 * serialization (200 plus `{message, field?}` errors). The handler returns the 200 body.
 */
export function route<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(
  app: FastifyInstance,
  contract: Endpoint<P, Q, B, R>,
  handler: (input: RouteInput<Q>) => Promise<z.output<R>>,
): void {
  const response: Record<number, z.ZodType> = {
    200: contract.response,
    ...errorResponses([400, 403, 404, 409, 413, 500, 502, 503]),
  };
  const schema: FastifySchema = {
    response,
    ...(contract.query && { querystring: contract.query }),
  };
  app.route({
    method: contract.method,
    url: contract.path,
    schema,
    handler: async (request) => handler({ query: request.query as z.output<Q>, request }),
  });
}
