import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '@csp/contracts';
import { registerContractRoute, type ContractRouter } from '@csp/http-kit';

/** The OpenAPI security scheme of the Auth-Token header (declared by plugins/openapi.ts). */
export const AUTH_SECURITY_SCHEME = 'authToken';

/**
 * The route schema key holding the contract's `success` for the OpenAPI document: the files,
 * redirects and 304 it answers besides JSON (Fastify and Swagger ignore the key).
 */
export const SUCCESS_DOCS = 'contractSuccess';

export interface RouteDocs {
  /** OpenAPI tags, usually the module name. */
  tags: string[];
  /** Error statuses this route may answer besides those route() adds (see {@link errorStatuses}). */
  errors?: number[];
  /** The route never reads the database, so it never answers 503 (liveness). */
  noDatabase?: true;
}

/** Methods whose requests Fastify reads a body of (and may refuse it: 413, 415). */
const BODY_METHODS = new Set(['POST', 'PUT', 'DELETE']);

/**
 * Every error status a route may answer: 400 when it takes input (a value its schema refuses,
 * malformed JSON) and 500 always; 503 when the database is unreachable (the website is looked
 * up for every request); 401 for a route that needs the Auth-Token, and 403 when its path
 * names the caller's account (another account's id, or an action the caller may not take:
 * every such route has the id); 413 for a body over its limit and 415 for a body of a type no
 * parser takes (a file upload's scope takes any, but Fastify cannot say so); and its own.
 */
export function errorStatuses(contract: Endpoint, docs: RouteDocs): number[] {
  const takesBody = BODY_METHODS.has(contract.method);
  const statuses = new Set([500, ...(docs.errors ?? [])]);
  if (contract.params || contract.query || contract.body || takesBody) statuses.add(400);
  if (!docs.noDatabase) statuses.add(503);
  if (contract.auth) statuses.add(401);
  if (contract.auth && contract.path.includes(':userAccountId')) statuses.add(403);
  if (takesBody) [413, 415].forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Registers a route from its contract with the shared core (method, path, validation, and
 * `{message, field?}` for every status of {@link errorStatuses}), plus OpenAPI docs
 * (plugins/openapi.ts adds the files, redirects and 304 of the contract's `success`) and, when
 * the contract says `auth: true`, the Auth-Token check. The handler returns the JSON body, or
 * the reply it has sent (a file, a redirect).
 */
export const route: ContractRouter<[docs: RouteDocs]> = (app, contract, docs, handler) =>
  registerContractRoute(
    app,
    contract,
    {
      errorStatuses: errorStatuses(contract, docs),
      url: pathUnderPrefix(app, contract.path),
      docs: {
        summary: contract.summary,
        tags: docs.tags,
        ...(contract.auth && { security: [{ [AUTH_SECURITY_SCHEME]: [] }] }),
        ...(contract.success && { [SUCCESS_DOCS]: contract.success }),
      },
      ...(contract.auth && { onRequest: app.authenticate }),
    },
    handler,
  );

/**
 * A contract's full path as the module plugin registers it: modules are registered under a
 * prefix (app.ts), and contracts name whole paths, so the plugin's prefix is taken off.
 */
export function pathUnderPrefix(app: FastifyInstance, path: string): string {
  if (!path.startsWith(app.prefix)) {
    throw new Error(`The route ${path} is outside its module's prefix ${app.prefix}.`);
  }
  return path.slice(app.prefix.length);
}
