import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { LtiRegistrationInput } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { ltiRegistrationInvites, ltiRegistrations } from '../../../db/schema/index.ts';

/** A platform registration as stored (the launch reads it whole). */
export type LtiRegistration = typeof ltiRegistrations.$inferSelect;
/** A stored registration and whether dynamic registration made it. */
export type ListedRegistration = LtiRegistration & { dynamic: boolean };

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

const madeByInvite = sql<boolean>`exists (select 1 from ${ltiRegistrationInvites} i
  where i.registration_id = ${ltiRegistrations.id})`;

/** The store's registrations by name (then id), each with whether an invite made it. */
export async function listRegistrations(db: Db, locationId: number): Promise<ListedRegistration[]> {
  return db
    .select({ row: ltiRegistrations, dynamic: madeByInvite })
    .from(ltiRegistrations)
    .where(eq(ltiRegistrations.locationId, locationId))
    .orderBy(asc(sql`lower(${ltiRegistrations.name})`), asc(ltiRegistrations.id))
    .then((rows) => rows.map((r) => ({ ...r.row, dynamic: Boolean(r.dynamic) })));
}

/** One registration of the store, or null (another store's id too). */
export async function findStoreRegistration(
  db: Db,
  locationId: number,
  registrationId: number,
): Promise<ListedRegistration | null> {
  const rows = await db
    .select({ row: ltiRegistrations, dynamic: madeByInvite })
    .from(ltiRegistrations)
    .where(
      and(eq(ltiRegistrations.locationId, locationId), eq(ltiRegistrations.id, registrationId)),
    );
  return rows[0] ? { ...rows[0].row, dynamic: Boolean(rows[0].dynamic) } : null;
}

/** Whether another registration of the store has this issuer and client id. */
export async function issuerClientTaken(
  db: Db,
  locationId: number,
  key: { issuer: string; clientId: string },
  exceptId: number | null,
): Promise<boolean> {
  const rows = await db
    .select({ id: ltiRegistrations.id })
    .from(ltiRegistrations)
    .where(
      and(
        eq(ltiRegistrations.locationId, locationId),
        eq(ltiRegistrations.issuer, key.issuer),
        eq(ltiRegistrations.clientId, key.clientId),
        exceptId === null ? undefined : ne(ltiRegistrations.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertRegistration(
  db: Db,
  locationId: number,
  input: LtiRegistrationInput,
  createdBy: number | null,
): Promise<LtiRegistration> {
  const [row] = await db
    .insert(ltiRegistrations)
    .values({ ...input, locationId, createdBy })
    .returning();
  return row!;
}

/** Null when the store has no registration with this id. */
export async function updateRegistration(
  db: Db,
  locationId: number,
  registrationId: number,
  input: LtiRegistrationInput,
  now: Date,
): Promise<LtiRegistration | null> {
  const [row] = await db
    .update(ltiRegistrations)
    .set({ ...input, updatedAt: now })
    .where(
      and(eq(ltiRegistrations.locationId, locationId), eq(ltiRegistrations.id, registrationId)),
    )
    .returning();
  return row ?? null;
}

/** Whether the store had a registration with this id (now gone). */
export async function deleteRegistration(
  db: Db,
  locationId: number,
  registrationId: number,
): Promise<boolean> {
  const rows = await db
    .delete(ltiRegistrations)
    .where(
      and(eq(ltiRegistrations.locationId, locationId), eq(ltiRegistrations.id, registrationId)),
    )
    .returning({ id: ltiRegistrations.id });
  return rows.length > 0;
}

/** What frames a store's pages may come from: each registration's addresses (frame-origins.ts). */
export async function registrationAddresses(
  db: Db,
  locationId: number,
): Promise<{ issuer: string; authorizationEndpoint: string; frameOrigins: string[] }[]> {
  return db
    .select({
      issuer: ltiRegistrations.issuer,
      authorizationEndpoint: ltiRegistrations.authorizationEndpoint,
      frameOrigins: ltiRegistrations.frameOrigins,
    })
    .from(ltiRegistrations)
    .where(eq(ltiRegistrations.locationId, locationId));
}
