import type { MaterialKind, TitlePrices } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { titles } from '../../../db/schema/index.ts';
import { idInStore } from '../../../db/store-row.ts';

export type StoredTitle = typeof titles.$inferSelect;

/** A title's kind, licence, address and prices as the course materials team sets them. */
export interface TitleKindChange {
  materialKind: MaterialKind;
  licence: string | null;
  accessUrl: string | null;
  prices: TitlePrices;
}

/**
 * Sets them on the store's title in one statement (the section facts that read them are kept by
 * the tables' triggers, in the same transaction). Answers the title as stored, or undefined
 * when the store has no such title.
 */
export async function updateTitleKindRow(
  db: Db,
  locationId: number,
  titleId: number,
  change: TitleKindChange,
): Promise<StoredTitle | undefined> {
  const [row] = await db
    .update(titles)
    .set({
      materialKind: change.materialKind,
      licence: change.licence,
      accessUrl: change.accessUrl,
      // The list price's 0 is its "no price" (the column has always been not null).
      listPriceCents: change.prices.newCents ?? 0,
      usedPriceCents: change.prices.usedCents,
      rentalPriceCents: change.prices.rentalCents,
      digitalPriceCents: change.prices.digitalCents,
    })
    .where(idInStore(titles, locationId, titleId))
    .returning();
  return row;
}
