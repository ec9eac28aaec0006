import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActionName } from '@csp/contracts';
import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Grants } from './grants.ts';
import { grantColumns, type GrantColumns } from './repository.ts';

export { Grants, type CatalogColumns, type CatalogItem } from './grants.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in caller's grants: the one place that answers "may this account do that?"
     * (see {@link Grants} for the rules). Read by the auth hook's session check, in its one
     * statement; built on first use, once per request however many questions the request asks;
     * a 401 where no one signed in.
     */
    readonly grants: Promise<Grants>;
  }
}

const perRequest = new WeakMap<FastifyRequest, Promise<Grants>>();
/** What the auth hook's statement read along with the session, turned into Grants on first use. */
const readWithSession = new WeakMap<FastifyRequest, GrantColumnValues>();

/** The grants and taught sections as the session check read them (text of grantColumns). */
export type GrantColumnValues = Record<keyof GrantColumns, string>;

/**
 * The columns the auth hook adds to its session check, so a signed-in call reads its grants in
 * that one statement instead of a round trip of its own. Built from the caller's ids as the
 * statement binds them (placeholders of the prepared session check).
 */
export function grantColumnsOf(caller: {
  accountId: SQLWrapper;
  locationId: SQLWrapper;
}): GrantColumns {
  return grantColumns(caller.accountId, caller.locationId);
}

/** Hands `request.grants` what the auth hook read with the session. */
export function provideGrants(request: FastifyRequest, values: GrantColumnValues): void {
  readWithSession.set(request, values);
}

/** Declares `request.grants` for every route (app.ts calls it before the modules register). */
export function registerGrants(app: FastifyInstance, db: Db): void {
  app.decorateRequest('grants', {
    getter(this: FastifyRequest) {
      let grants = perRequest.get(this);
      if (!grants) {
        const values = readWithSession.get(this);
        grants = values
          ? Promise.resolve(Grants.fromColumns(db, this.session, values))
          : Grants.load(db, this.session);
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
