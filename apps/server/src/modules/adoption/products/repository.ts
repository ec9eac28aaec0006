import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { DEFAULT_CHUNK_ROWS, upsertRows } from '../../../db/bulk-write.ts';
import { externalProducts } from '../../../db/schema/index.ts';

/**
 * A product as an import writes it: the key, the title and the feed name, plus the columns the
 * feed file has (the others keep what is stored, or their defaults for a new product).
 */
export type ExternalProductWrite = Omit<
  typeof externalProducts.$inferInsert,
  'id' | 'ean13' | 'description' | 'source'
> & { ean13: string; description: string; source: string };

/**
 * Inserts the products, or updates the one with the same ean13, one transaction per chunk (a
 * failure keeps the chunks before it). `products` holds each ean13 once. Counts which were new.
 */
export async function upsertExternalProducts(
  db: Db,
  products: readonly ExternalProductWrite[],
  chunkRows = DEFAULT_CHUNK_ROWS,
): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  for (let i = 0; i < products.length; i += chunkRows) {
    const chunk = products.slice(i, i + chunkRows);
    const present = await db.transaction(async (tx) => {
      // Locked until the chunk commits: another import cannot change them between the count
      // and the write (a product another import adds meanwhile would count as inserted).
      const existing = await tx
        .select({ ean13: externalProducts.ean13 })
        .from(externalProducts)
        .where(
          inArray(
            externalProducts.ean13,
            chunk.map((p) => p.ean13),
          ),
        )
        .for('update');
      await upsertRows(tx as unknown as Db, externalProducts, chunk, [externalProducts.ean13]);
      return existing.length;
    });
    updated += present;
    inserted += chunk.length - present;
  }
  return { inserted, updated };
}

/** Fresh planner statistics after a load (PGlite has no autovacuum to gather them). */
export async function analyzeExternalProducts(db: Db): Promise<void> {
  await db.execute(sql`analyze ${externalProducts}`);
}
