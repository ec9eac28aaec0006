import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { errorResponses, jsonSuccessStatuses, type Endpoint } from '@csp/contracts';

/** What a contract route handler receives, already validated and typed from the contract. */
export interface RouteInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a server adds to a contract when it registers the route. */
export interface RouteRegistration {
  /** Every error status the route may answer: each is serialized as `{message, field?}`. */
  errorStatuses: Iterable<number>;
  /** The URL to register, when not the contract's path (e.g. under a plugin's prefix). */
  url?: string;
  /** Schema keys besides validation and responses, for the API docs (summary, tags...). */
  docs?: Record<string, unknown>;
  /** Runs before validation, e.g. the sign-in check of a route that needs one. */
  onRequest?: onRequestHookHandler | onRequestAsyncHookHandler;
}

/** A contract route's handler: the JSON body it returns, or the reply it has sent (a file...). */
export type ContractHandler<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
> = (input: RouteInput<P, Q, B>) => Promise<z.output<R> | FastifyReply>;

/**
 * The signature of a server's route(): the app, the contract, what that server adds to every
 * route (`Extra`, e.g. its API docs), then the handler, typed from the contract.
 */
export type ContractRouter<Extra extends unknown[]> = <
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(
  app: FastifyInstance,
  contract: Endpoint<P, Q, B, R>,
  ...rest: [...extra: Extra, handler: ContractHandler<P, Q, B, R>]
) => void;

/**
 * Registers a route from its contract: method, path, validation of params / query / body and
 * response serialization (the contract's JSON success statuses, and `{message, field?}` for
 * every error status).
 */
export const registerContractRoute: ContractRouter<[registration: RouteRegistration]> = (
  app,
  contract,
  registration,
  handler,
) => {
  const response: Record<number, z.ZodType> = errorResponses(registration.errorStatuses);
  for (const status of jsonSuccessStatuses(contract)) response[status] = contract.response;

  const schema: FastifySchema & Record<string, unknown> = {
    ...registration.docs,
    response,
    ...(contract.params && { params: contract.params }),
    ...(contract.query && { querystring: contract.query }),
    ...(contract.body && { body: contract.body }),
  };

  app.route({
    method: contract.method,
    url: registration.url ?? contract.path,
    schema,
    ...(registration.onRequest && { onRequest: registration.onRequest }),
    // The validators have checked each part against the contract's schema before this runs.
    handler: async (request, reply) =>
      handler({
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
      } as Parameters<typeof handler>[0]),
  });
};
