import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  samlRequests,
  samlSeenAssertions,
  samlSessions,
  samlSpKeys,
  samlTickets,
  websites,
} from '../../db/schema/index.ts';

const SP_KEY_ROW = 1;

export async function findSpKeys(
  db: Db,
): Promise<{ privateKey: string; certificate: string } | null> {
  const [row] = await db
    .select({ privateKey: samlSpKeys.privateKey, certificate: samlSpKeys.certificate })
    .from(samlSpKeys)
    .where(eq(samlSpKeys.id, SP_KEY_ROW))
    .limit(1);
  return row ?? null;
}

/** Stores the key pair unless another instance stored one first (then that one wins). */
export async function insertSpKeysIfAbsent(
  db: Db,
  keys: { privateKey: string; certificate: string },
): Promise<void> {
  await db
    .insert(samlSpKeys)
    .values({ id: SP_KEY_ROW, ...keys })
    .onConflictDoNothing();
}

/** Drops expired rows of every SAML table; cheap thanks to the expiry indexes. */
export async function deleteExpiredSamlRows(db: Db, now: Date): Promise<void> {
  await db.delete(samlRequests).where(lte(samlRequests.expiresAt, now));
  await db.delete(samlSeenAssertions).where(lte(samlSeenAssertions.expiresAt, now));
  await db.delete(samlTickets).where(lte(samlTickets.expiresAt, now));
  await db.delete(samlSessions).where(lte(samlSessions.expiresAt, now));
}

export async function insertRequest(
  db: Db,
  row: {
    websiteId: number;
    requestId: string;
    value: string;
    next: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(samlRequests).values(row).onConflictDoNothing();
}

export async function findLiveRequest(
  db: Db,
  websiteId: number,
  requestId: string,
  now: Date,
): Promise<{ value: string; next: string | null } | null> {
  const [row] = await db
    .select({ value: samlRequests.value, next: samlRequests.next })
    .from(samlRequests)
    .where(
      and(
        eq(samlRequests.websiteId, websiteId),
        eq(samlRequests.requestId, requestId),
        gt(samlRequests.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteRequest(
  db: Db,
  websiteId: number,
  requestId: string,
): Promise<{ value: string; next: string | null } | null> {
  const [row] = await db
    .delete(samlRequests)
    .where(and(eq(samlRequests.websiteId, websiteId), eq(samlRequests.requestId, requestId)))
    .returning({ value: samlRequests.value, next: samlRequests.next });
  return row ?? null;
}

/** Records an assertion id; false when it was already recorded (a replay). */
export async function recordAssertion(
  db: Db,
  row: { websiteId: number; assertionId: string; expiresAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(samlSeenAssertions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: samlSeenAssertions.assertionId });
  return inserted.length > 0;
}

export async function insertTicket(
  db: Db,
  row: { ticketHash: string; accountId: number; locationId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(samlTickets).values(row);
}

/**
 * Spends a live, unused ticket and returns whom it was for; null when there is none. One
 * statement, so two concurrent exchanges cannot both win. Any attempt spends the ticket.
 */
export async function useTicket(
  db: Db,
  ticketHash: string,
  now: Date,
): Promise<{ accountId: number; locationId: number } | null> {
  const [row] = await db
    .update(samlTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(samlTickets.ticketHash, ticketHash),
        isNull(samlTickets.usedAt),
        gt(samlTickets.expiresAt, now),
      ),
    )
    .returning({ accountId: samlTickets.accountId, locationId: samlTickets.locationId });
  return row ?? null;
}

export interface SamlSessionRow {
  websiteId: number;
  accountId: number;
  nameId: string;
  nameIdFormat: string | null;
  nameQualifier: string | null;
  spNameQualifier: string | null;
  sessionIndex: string | null;
  expiresAt: Date;
}

export async function insertSamlSession(
  db: Db,
  row: SamlSessionRow & { sessionHash: string },
): Promise<void> {
  await db.insert(samlSessions).values(row);
}

/** Removes and returns a live provider session of the website (logout uses it once). */
export async function takeSamlSession(
  db: Db,
  websiteId: number,
  sessionHash: string,
  now: Date,
): Promise<SamlSessionRow | null> {
  const [row] = await db
    .delete(samlSessions)
    .where(and(eq(samlSessions.sessionHash, sessionHash), eq(samlSessions.websiteId, websiteId)))
    .returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/**
 * Forgets every provider session of a NameID on a website (provider-initiated logout); returns
 * the accounts they belonged to.
 */
export async function deleteSamlSessionsByNameId(
  db: Db,
  websiteId: number,
  nameId: string,
): Promise<number[]> {
  const rows = await db
    .delete(samlSessions)
    .where(and(eq(samlSessions.websiteId, websiteId), eq(samlSessions.nameId, nameId)))
    .returning({ accountId: samlSessions.accountId });
  return [...new Set(rows.map((r) => r.accountId))];
}

export interface WebsiteSamlSettings {
  ssoType: 'SAML' | 'NONE';
  sloEnabled: boolean;
  samlIdpEntityId: string | null;
  samlIdpSsoUrl: string | null;
  samlIdpSloUrl: string | null;
  samlIdpCertificate: string | null;
}

/** Sets the SAML settings of the website with this host; false when there is none. */
export async function updateWebsiteSaml(
  db: Db,
  host: string,
  settings: WebsiteSamlSettings,
): Promise<boolean> {
  const rows = await db
    .update(websites)
    .set(settings)
    .where(eq(websites.host, host))
    .returning({ id: websites.id });
  return rows.length > 0;
}
