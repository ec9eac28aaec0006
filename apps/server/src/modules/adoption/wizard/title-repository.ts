import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ProposedTitleInput } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { storeRowFinder } from '../../../db/store-row.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import {
  externalProducts,
  proposedProductTypes,
  proposedTitles,
  titles,
} from '../../../db/schema/index.ts';

export type StoredTitle = typeof titles.$inferSelect;

/**
 * Copies distributor products into the store's titles. A product the store already has (the
 * same ISBN-13) is left as it is, so a repeated or concurrent call adds each title once.
 * Answers the store's titles of those products, with the ids of the products that exist.
 */
export async function copyProductsToTitles(
  db: Db,
  locationId: number,
  productIds: readonly number[],
): Promise<{ titles: StoredTitle[]; foundProductIds: number[] }> {
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // What a student pays for it comes along (issue 31): an OER product becomes an OER title.
  await db.execute(sql`insert into titles (location_id, ean13, isbn10, digital_isbn, author,
      description, product_code, edition, publisher, publish_date, book_image_url, list_price_cents,
      material_kind, licence, access_url, used_price_cents, rental_price_cents, digital_price_cents)
    select ${locationId}, e.ean13, e.isbn10, e.digital_isbn, e.author, e.description,
      e.product_code, e.edition, e.publisher, e.publish_date, e.book_image_url, e.list_price_cents,
      e.material_kind, e.licence, e.access_url, e.used_price_cents, e.rental_price_cents,
      e.digital_price_cents
    from external_products e where e.id in (${ids})
    order by e.id
    on conflict (location_id, ean13) do nothing`);
  const products = await db
    .select({ id: externalProducts.id, ean13: externalProducts.ean13 })
    .from(externalProducts)
    .where(inArray(externalProducts.id, [...productIds]));
  if (products.length === 0) return { titles: [], foundProductIds: [] };
  const stored = await db
    .select()
    .from(titles)
    .where(
      and(
        eq(titles.locationId, locationId),
        inArray(
          titles.ean13,
          products.map((p) => p.ean13),
        ),
      ),
    );
  const byEan = new Map(stored.map((t) => [t.ean13, t]));
  // In the order asked for, so titleDTOList[i] is the title of externalProductIdList[i].
  const ordered = productIds
    .map((id) => products.find((p) => p.id === id))
    .map((p) => (p ? byEan.get(p.ean13) : undefined))
    .filter((t): t is StoredTitle => t !== undefined);
  return { titles: ordered, foundProductIds: products.map((p) => p.id) };
}

/** A title of the store, or undefined (another store's title is as good as none). */
export const findTitle = storeRowFinder(titles);

export type StoredProposedTitle = typeof proposedTitles.$inferSelect;

/** A proposed title of the store, or undefined. */
export const findProposedTitle = storeRowFinder(proposedTitles);

export async function proposedProductTypeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: proposedProductTypes.id })
    .from(proposedProductTypes)
    .where(eq(proposedProductTypes.id, id))
    .limit(1);
  return row !== undefined;
}

/**
 * Holds, until the transaction ends, the lock on one account's proposals: two submits of the
 * same proposal run one after the other, so the second finds the first.
 */
export async function lockProposalsOf(db: Db, accountId: number): Promise<void> {
  await queryRows(db, sql`select pg_advisory_xact_lock(hashtext('proposed-title'), ${accountId})`);
}

/** The account's newest proposal with exactly these fields made since `since`. */
export async function findSameProposal(
  db: Db,
  locationId: number,
  accountId: number,
  input: Required<ProposedTitleInput>,
  since: Date,
): Promise<StoredProposedTitle | null> {
  const [row] = await db
    .select()
    .from(proposedTitles)
    .where(
      and(
        eq(proposedTitles.locationId, locationId),
        eq(proposedTitles.createdBy, accountId),
        gte(proposedTitles.createdAt, since),
        // Every field: a resubmit that corrects one is a new proposal, not the old one.
        eq(proposedTitles.description, input.description),
        eq(proposedTitles.author, input.author),
        eq(proposedTitles.contactInformation, input.contactInformation),
        eq(proposedTitles.digitalProduct, input.digitalProduct),
        eq(proposedTitles.edition, input.edition),
        eq(proposedTitles.notes, input.notes),
        eq(proposedTitles.productCode, input.productCode),
        eq(proposedTitles.productLink, input.productLink),
        eq(proposedTitles.proposedProductTypeId, input.proposedProductTypeId),
        eq(proposedTitles.publisher, input.publisher),
      ),
    )
    .orderBy(desc(proposedTitles.id))
    .limit(1);
  return row ?? null;
}

export async function insertProposedTitle(
  db: Db,
  row: typeof proposedTitles.$inferInsert,
): Promise<StoredProposedTitle> {
  const [inserted] = await db.insert(proposedTitles).values(row).returning();
  if (!inserted) throw new Error('the proposed title was not stored');
  return inserted;
}
