import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { shippingMethods } from '../../../db/schema/index.ts';

/** The store's shipping methods in their order (pick-up first by convention of sort_order). */
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
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));
}
