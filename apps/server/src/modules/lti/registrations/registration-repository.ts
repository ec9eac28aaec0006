import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ltiRegistrations } from '../../../db/schema/index.ts';

/** A platform registration as stored (the launch reads it whole). */
export type LtiRegistration = typeof ltiRegistrations.$inferSelect;

/**
 * The store's registration of the platform `issuer` for `clientId`. Without a client id (the
 * OIDC login may omit it) the issuer's one registration in the store, or null when it has none
 * or several (the launch cannot tell which one is meant).
 */
export async function findRegistration(
  db: Db,
  locationId: number,
  issuer: string,
  clientId: string | undefined,
): Promise<LtiRegistration | null> {
  const byIssuer = and(
    eq(ltiRegistrations.locationId, locationId),
    eq(ltiRegistrations.issuer, issuer),
  );
  const rows = await db
    .select()
    .from(ltiRegistrations)
    .where(
      clientId === undefined ? byIssuer : and(byIssuer, eq(ltiRegistrations.clientId, clientId)),
    )
    .orderBy(asc(ltiRegistrations.id))
    .limit(2);
  return rows.length === 1 ? rows[0]! : null;
}
