import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@csp/contracts';
import { registerContractRoute, type RouteInput } from '@csp/http-kit';

/** Every error status a print service route may answer, each as `{message, field?}`. */
const ERROR_STATUSES = [400, 403, 404, 409, 413, 500, 502, 503];

/**
 * Registers a route from its docs/behaviour/calls.md contract with the shared core: method,
 * path, query validation and response serialization (200 plus `{message, field?}` errors).
 * The handler returns the 200 body.
 */
export function route<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(
  app: FastifyInstance,
  contract: Endpoint<P, Q, B, R>,
  handler: (input: RouteInput<P, Q, B>) => Promise<z.output<R>>,
): void {
  registerContractRoute(app, contract, { errorStatuses: ERROR_STATUSES }, handler);
}
