import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  auditLog,
  locations,
  passwordResetTokens,
  roles,
  userAccounts,
  userRoles,
  websiteAssets,
  websites,
} from '../../../db/schema/index.ts';

export type StoreRow = Pick<typeof locations.$inferSelect, 'id' | 'name' | 'externalRef'>;
export type WebsiteRow = typeof websites.$inferSelect;

export async function findStoreByRef(db: Db, externalRef: string): Promise<StoreRow | null> {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, externalRef: locations.externalRef })
    .from(locations)
    .where(sql`lower(${locations.externalRef}) = lower(${externalRef})`)
    .limit(1);
  return row ?? null;
}

export async function insertStore(
  db: Db,
  row: { name: string; externalRef: string; taxRateBasisPoints: number; emailDomains: string[] },
): Promise<StoreRow> {
  const [inserted] = await db
    .insert(locations)
    .values(row)
    .returning({ id: locations.id, name: locations.name, externalRef: locations.externalRef });
  if (!inserted) throw new Error('store insert returned no row');
  return inserted;
}

export async function findWebsiteByHost(db: Db, host: string): Promise<WebsiteRow | null> {
  const [row] = await db.select().from(websites).where(eq(websites.host, host)).limit(1);
  return row ?? null;
}

/** The website answers at `host` (the host rule's form) and mails links to `publicUrl`. */
export async function updateWebsiteHost(
  db: Db,
  websiteId: number,
  moved: { host: string; publicUrl: string | null },
): Promise<void> {
  await db.update(websites).set(moved).where(eq(websites.id, websiteId));
}

/** Whether a website or a logo already uses one of these file names (they are global). */
export async function fileNamesTaken(
  db: Db,
  jsonFileName: string,
  logoFiles: string[],
): Promise<boolean> {
  const [site] = await db
    .select({ id: websites.id })
    .from(websites)
    .where(eq(websites.jsonFileName, jsonFileName))
    .limit(1);
  if (site) return true;
  const [asset] = await db
    .select({ id: websiteAssets.id })
    .from(websiteAssets)
    .where(inArray(websiteAssets.fileName, logoFiles))
    .limit(1);
  return asset !== undefined;
}

export async function insertWebsite(
  db: Db,
  website: typeof websites.$inferInsert,
  assets: (typeof websiteAssets.$inferInsert)[],
): Promise<WebsiteRow> {
  const [inserted] = await db.insert(websites).values(website).returning();
  if (!inserted) throw new Error('website insert returned no row');
  if (assets.length) await db.insert(websiteAssets).values(assets);
  return inserted;
}

/** Removes a website and the logo files only it shows. */
export async function deleteWebsite(db: Db, website: WebsiteRow): Promise<void> {
  await db.delete(websites).where(eq(websites.id, website.id));
  const logoFiles = [website.config.logo, website.config.logoMobile]
    .map((path) => path.split('/').pop() ?? '')
    .filter(Boolean);
  if (logoFiles.length === 0) return;
  const stillShown = await db
    .select({ config: websites.config })
    .from(websites)
    .where(eq(websites.locationId, website.locationId));
  const shown = new Set(stillShown.flatMap((s) => [s.config.logo, s.config.logoMobile]));
  const unused = logoFiles.filter((file) => ![...shown].some((path) => path.endsWith(`/${file}`)));
  if (unused.length)
    await db
      .delete(websiteAssets)
      .where(
        sql`${websiteAssets.locationId} = ${website.locationId} and ${inArray(websiteAssets.fileName, unused)}`,
      );
}

export async function listWebsitesOfStore(db: Db, locationId: number): Promise<WebsiteRow[]> {
  return db
    .select()
    .from(websites)
    .where(eq(websites.locationId, locationId))
    .orderBy(asc(websites.id));
}

export async function listStores(db: Db) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      externalRef: locations.externalRef,
      accounts: sql<number>`(select count(*)::int from ${userAccounts} a where a.location_id = ${locations.id})`,
    })
    .from(locations)
    .orderBy(asc(locations.id));
}

export async function findStoreAccountByEmail(db: Db, locationId: number, email: string) {
  const [row] = await db
    .select({
      id: userAccounts.id,
      name: userAccounts.name,
      hasPassword: sql<boolean>`${userAccounts.passwordHash} is not null`,
    })
    .from(userAccounts)
    .where(
      sql`${userAccounts.locationId} = ${locationId} and lower(${userAccounts.userName}) = lower(${email})`,
    )
    .limit(1);
  return row ?? null;
}

/** A new account without a password: its owner chooses one through the e-mailed link. */
export async function insertInvitedAccount(
  db: Db,
  row: { locationId: number; email: string; name: string },
): Promise<number> {
  const [inserted] = await db
    .insert(userAccounts)
    .values({
      locationId: row.locationId,
      userName: row.email,
      email: row.email,
      name: row.name,
      passwordHash: null,
      active: true,
    })
    .returning({ id: userAccounts.id });
  if (!inserted) throw new Error('account insert returned no row');
  return inserted.id;
}

export async function listRoles(db: Db) {
  return db
    .select({ id: roles.id, name: roles.name, friendly: roles.friendly })
    .from(roles)
    .orderBy(asc(roles.name));
}

/** Store-wide assignments of the given roles, skipping any the account already holds. */
export async function grantStoreWideRoles(
  db: Db,
  locationId: number,
  accountId: number,
  roleIds: number[],
): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insert(userRoles)
    .values(roleIds.map((roleId) => ({ locationId, accountId, roleId })))
    .onConflictDoNothing();
}

export async function countStoreWideRoles(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .where(
      sql`${userRoles.accountId} = ${accountId} and ${userRoles.divisionId} is null and ${userRoles.departmentId} is null and ${userRoles.courseId} is null and ${userRoles.sectionId} is null`,
    );
  return row?.n ?? 0;
}

/** An entry in the account's permission history made by the operator (no signed-in actor). */
export async function insertOperatorAudit(
  db: Db,
  row: {
    locationId: number;
    subjectAccountId: number;
    event: string;
    before: unknown;
    after: unknown;
    at: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({ ...row, actorAccountId: null });
}

/** When the account's newest unused set-password link stops working; null when none is live. */
export async function liveInvitationExpiry(
  db: Db,
  accountId: number,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: sql<Date | null>`max(${passwordResetTokens.expiresAt})` })
    .from(passwordResetTokens)
    .where(
      sql`${passwordResetTokens.accountId} = ${accountId} and ${passwordResetTokens.usedAt} is null and ${passwordResetTokens.expiresAt} > ${now}`,
    );
  return row?.expiresAt ? new Date(row.expiresAt) : null;
}
