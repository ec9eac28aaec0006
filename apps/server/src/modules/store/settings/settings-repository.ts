import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { WebsiteConfig } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import {
  auditLog,
  locations,
  orders,
  shippingMethods,
  userAccounts,
  websiteAssets,
  websites,
} from '../../../db/schema/index.ts';

/** The store's own settings row (locations), as stored. */
export async function readStoreRow(db: Db, locationId: number) {
  const [row] = await db
    .select({
      name: locations.name,
      mailSenderName: locations.mailSenderName,
      taxRateBasisPoints: locations.taxRateBasisPoints,
      allowSubmittersToSelectPrintOnly: locations.allowSubmittersToSelectPrintOnly,
      priceChangePercent: locations.priceChangePercent,
      ltcThresholdCents: locations.ltcThresholdCents,
      libraryLicensedIsZero: locations.libraryLicensedIsZero,
      costGapThresholdCents: locations.costGapThresholdCents,
      courseMaterialsEmail: locations.courseMaterialsEmail,
      emailDomains: locations.emailDomains,
      returnAddressName: locations.returnAddressName,
      returnStreetOne: locations.returnStreetOne,
      returnStreetTwo: locations.returnStreetTwo,
      returnCity: locations.returnCity,
      returnState: locations.returnState,
      returnPostalCode: locations.returnPostalCode,
      returnPhone: locations.returnPhone,
    })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!row) throw new Error(`store ${locationId} has no row`);
  return row;
}
export type StoreRow = Awaited<ReturnType<typeof readStoreRow>>;

/** Locks the store's row until the transaction ends: two saves of the settings run in turn. */
export async function lockStoreRow(db: Db, locationId: number): Promise<void> {
  await db.execute(sql`select id from ${locations} where id = ${locationId} for update`);
}

export async function writeStoreRow(
  db: Db,
  locationId: number,
  row: Omit<StoreRow, never>,
): Promise<void> {
  await db.update(locations).set(row).where(eq(locations.id, locationId));
}

export async function listShippingMethods(db: Db, locationId: number) {
  return db
    .select({
      code: shippingMethods.code,
      name: shippingMethods.name,
      priceCents: shippingMethods.priceCents,
      shipsToAddress: shippingMethods.shipsToAddress,
    })
    .from(shippingMethods)
    .where(eq(shippingMethods.locationId, locationId))
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.code));
}

/** How many of the store's orders name each of these shipping codes. */
export async function ordersUsingShipping(db: Db, locationId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ code: orders.shippingMethod, orders: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.locationId, locationId), inArray(orders.shippingMethod, codes)))
    .groupBy(orders.shippingMethod);
}

/** The store's methods become exactly `methods`, in their order (the list's sort order). */
export async function replaceShippingMethods(
  db: Db,
  locationId: number,
  methods: { code: string; name: string; priceCents: number; shipsToAddress: boolean }[],
): Promise<void> {
  const codes = methods.map((m) => m.code);
  await db
    .delete(shippingMethods)
    .where(
      and(
        eq(shippingMethods.locationId, locationId),
        codes.length ? notInArray(shippingMethods.code, codes) : sql`true`,
      ),
    );
  if (methods.length === 0) return;
  await db
    .insert(shippingMethods)
    .values(methods.map((m, sortOrder) => ({ ...m, locationId, sortOrder })))
    .onConflictDoUpdate({
      target: [shippingMethods.locationId, shippingMethods.code],
      set: {
        name: sql`excluded.name`,
        priceCents: sql`excluded.price_cents`,
        shipsToAddress: sql`excluded.ships_to_address`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}

/** A website as the settings screen and its saves read it. */
const WEBSITE_COLUMNS = {
  id: websites.id,
  host: websites.host,
  name: websites.name,
  siteTitle: websites.siteTitle,
  publicUrl: websites.publicUrl,
  ssoType: websites.ssoType,
  sloEnabled: websites.sloEnabled,
  samlIdpEntityId: websites.samlIdpEntityId,
  samlIdpSsoUrl: websites.samlIdpSsoUrl,
  samlIdpSloUrl: websites.samlIdpSloUrl,
  samlIdpCertificate: websites.samlIdpCertificate,
  config: websites.config,
};

export async function listStoreWebsites(db: Db, locationId: number) {
  return db
    .select(WEBSITE_COLUMNS)
    .from(websites)
    .where(eq(websites.locationId, locationId))
    .orderBy(asc(websites.id));
}
export type StoreWebsiteRow = Awaited<ReturnType<typeof listStoreWebsites>>[number];

/** Locks and reads one website of the store; null when it is not the store's. */
export async function lockStoreWebsite(db: Db, locationId: number, websiteId: number) {
  const [row] = await db
    .select(WEBSITE_COLUMNS)
    .from(websites)
    .where(and(eq(websites.id, websiteId), eq(websites.locationId, locationId)))
    .for('update');
  return row ?? null;
}

export async function writeWebsite(
  db: Db,
  websiteId: number,
  row: { name: string; siteTitle: string; publicUrl: string | null; config: WebsiteConfig },
): Promise<void> {
  await db.update(websites).set(row).where(eq(websites.id, websiteId));
}

/** A website's single sign-on columns, as the SAML module reads them. */
export async function writeWebsiteSso(
  db: Db,
  websiteId: number,
  row: Pick<
    typeof websites.$inferInsert,
    | 'ssoType'
    | 'sloEnabled'
    | 'samlIdpEntityId'
    | 'samlIdpSsoUrl'
    | 'samlIdpSloUrl'
    | 'samlIdpCertificate'
  >,
): Promise<void> {
  await db.update(websites).set(row).where(eq(websites.id, websiteId));
}

export const STORE_EVENTS = [
  'STORE_SETTINGS_CHANGED',
  'WEBSITE_CHANGED',
  'WEBSITE_SSO_CHANGED',
] as const;

/** A change of the store itself (no subject account) in the audit history. */
export async function insertStoreAudit(
  db: Db,
  row: {
    locationId: number;
    /** Null: the operator, by command (`npm run store`). */
    actorAccountId: number | null;
    event: (typeof STORE_EVENTS)[number];
    before: unknown;
    after: unknown;
    at: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({ ...row, subjectAccountId: null });
}

export async function listStoreAudit(db: Db, locationId: number, limit: number) {
  return db
    .select({
      id: auditLog.id,
      event: auditLog.event,
      at: auditLog.at,
      before: auditLog.before,
      after: auditLog.after,
      actorUserName: userAccounts.userName,
      actorName: userAccounts.name,
    })
    .from(auditLog)
    .leftJoin(userAccounts, eq(userAccounts.id, auditLog.actorAccountId))
    .where(and(eq(auditLog.locationId, locationId), inArray(auditLog.event, [...STORE_EVENTS])))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/** The store's logo files (names and contents). */
export async function listStoreAssets(db: Db, locationId: number) {
  return db
    .select({ fileName: websiteAssets.fileName, content: websiteAssets.content })
    .from(websiteAssets)
    .where(eq(websiteAssets.locationId, locationId));
}

export async function writeStoreAsset(
  db: Db,
  locationId: number,
  fileName: string,
  content: string,
): Promise<void> {
  await db
    .update(websiteAssets)
    .set({ content })
    .where(and(eq(websiteAssets.locationId, locationId), eq(websiteAssets.fileName, fileName)));
}

/** A logo file of the store; the same content uploaded again keeps its one row. */
export async function insertStoreAsset(
  db: Db,
  row: { locationId: number; fileName: string; contentType: string; content: string },
): Promise<void> {
  await db.insert(websiteAssets).values(row).onConflictDoNothing();
}

/** Removes the logo at `path` unless a website of the store still shows it. */
export async function deleteUnshownAsset(db: Db, locationId: number, path: string): Promise<void> {
  const fileName = path.split('/').pop() ?? '';
  const shown = await db
    .select({ id: websites.id })
    .from(websites)
    .where(
      and(
        eq(websites.locationId, locationId),
        sql`(${websites.config} ->> 'logo' = ${path} or ${websites.config} ->> 'logoMobile' = ${path})`,
      ),
    )
    .limit(1);
  if (shown.length > 0) return;
  await db
    .delete(websiteAssets)
    .where(and(eq(websiteAssets.locationId, locationId), eq(websiteAssets.fileName, fileName)));
}
