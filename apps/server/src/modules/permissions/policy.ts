import type { FastifyRequest } from 'fastify';
import type { ActionName } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../lib/request-context.ts';
import { Grants } from './grants.ts';

export { Grants, type CatalogColumns, type CatalogItem } from './grants.ts';

/**
 * The one place that answers "may this account do that?": the caller's grants, loaded once per
 * request however many questions the request asks (see {@link Grants} for the rules). Routes
 * ask here, once per handler, and hand the answer to their service.
 */
const perRequest = new WeakMap<FastifyRequest, Promise<Grants>>();

/** The signed-in caller's grants for this request (loaded on first use, then reused). */
export function grantsOf(db: Db, request: FastifyRequest): Promise<Grants> {
  let grants = perRequest.get(request);
  if (!grants) {
    grants = Grants.load(db, requireSession(request));
    perRequest.set(request, grants);
  }
  return grants;
}

/** The store-level action list of an account (sign-in answers, getUserActions). */
export async function getPermittedActions(
  db: Db,
  accountId: number,
  locationId: number,
): Promise<ActionName[]> {
  return (await Grants.load(db, { accountId, locationId })).actions();
}
