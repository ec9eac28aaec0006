import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { locations, userAccounts } from '../../db/schema/index.ts';

const normalised = sql<string>`lower(trim(${userAccounts.email}))`;

/** Of `addresses` (trimmed, lower case), those of the store's active accounts. */
export async function storeAccountAddresses(
  db: Db,
  locationId: number,
  addresses: readonly string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ email: normalised })
    .from(userAccounts)
    .where(
      and(
        eq(userAccounts.locationId, locationId),
        eq(userAccounts.active, true),
        inArray(normalised, [...addresses]),
      ),
    );
  return new Set(rows.map((r) => r.email));
}

/** The store's own e-mail domains (locations.email_domains), trimmed and in lower case. */
export async function storeEmailDomains(db: Db, locationId: number): Promise<Set<string>> {
  const [row] = await db
    .select({ domains: locations.emailDomains })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  return new Set((row?.domains ?? []).map((d) => d.trim().toLowerCase()).filter(Boolean));
}

/** The account's name and address, and its store's name. */
export async function findSender(
  db: Db,
  accountId: number,
): Promise<{ name: string; email: string; storeName: string } | null> {
  const [row] = await db
    .select({ name: userAccounts.name, email: userAccounts.email, storeName: locations.name })
    .from(userAccounts)
    .innerJoin(locations, eq(locations.id, userAccounts.locationId))
    .where(eq(userAccounts.id, accountId))
    .limit(1);
  return row ?? null;
}

/** The name the store's e-mail comes from: its sender name, else its name; null for no store. */
export async function findStoreSenderName(db: Db, locationId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: sql<string>`coalesce(${locations.mailSenderName}, ${locations.name})` })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  return row?.name ?? null;
}
