import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActionName } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { Grants } from './grants.ts';

export { Grants, type CatalogColumns, type CatalogItem } from './grants.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in caller's grants: the one place that answers "may this account do that?"
     * (see {@link Grants} for the rules). Loaded on first use, once per request however many
     * questions the request asks; a 401 where no one signed in.
     */
    readonly grants: Promise<Grants>;
  }
}

const perRequest = new WeakMap<FastifyRequest, Promise<Grants>>();

/** Declares `request.grants` for every route (app.ts calls it before the modules register). */
export function registerGrants(app: FastifyInstance, db: Db): void {
  app.decorateRequest('grants', {
    getter(this: FastifyRequest) {
      let grants = perRequest.get(this);
      if (!grants) {
        grants = Grants.load(db, this.session);
        perRequest.set(this, grants);
      }
      return grants;
    },
  });
}

/** The store-level action list of an account (sign-in answers, getUserActions). */
export async function getPermittedActions(
  db: Db,
  accountId: number,
  locationId: number,
): Promise<ActionName[]> {
  return (await Grants.load(db, { accountId, locationId })).actions();
}
