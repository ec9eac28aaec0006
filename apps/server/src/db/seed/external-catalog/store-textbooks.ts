import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { insertRows, type IdAllocator } from '../../bulk-write.ts';
import { titles } from '../../schema/index.ts';
import { sampleUoftTextbooks } from './demo-products.ts';

/**
 * Adds `count` real UofT Bookstore textbooks of the demo catalog to a store's titles, so a
 * material search by a real name finds the store's title as well as distributor products. The
 * same books every time (spread over the file); ids from `ids` like every seeded title; a book
 * whose ISBN the store already has is left out. Returns the titles added.
 */
export async function seedStoreTextbooks(
  db: Db,
  ids: IdAllocator,
  locationId: number,
  count: number,
): Promise<number> {
  const books = sampleUoftTextbooks(count);
  if (books.length === 0) return 0;
  const present = await db
    .select({ ean13: titles.ean13 })
    .from(titles)
    .where(
      and(
        eq(titles.locationId, locationId),
        inArray(
          titles.ean13,
          books.map((b) => b.ean13),
        ),
      ),
    );
  const have = new Set(present.map((r) => r.ean13));
  const rows = books
    .filter((b) => !have.has(b.ean13))
    .map((b) => ({
      id: ids.next(titles),
      locationId,
      ean13: b.ean13,
      isbn10: b.isbn10,
      digitalIsbn: b.digitalIsbn,
      author: b.author,
      description: b.description,
      productCode: 'TXT',
      edition: b.edition,
      publisher: b.publisher,
      publishDate: b.publishDate,
      bookImageUrl: b.bookImageUrl,
      listPriceCents: b.listPriceCents,
    }));
  return insertRows(db, titles, rows);
}
