import type { ShippingPrice } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { listShippingMethods } from './shipping-repository.ts';

/** shipping/prices: the store's shipping methods and prices, in the store's order. */
export async function shippingPricesOf(
  db: Db,
  locationId: number,
): Promise<{ shippingPrices: ShippingPrice[] }> {
  return { shippingPrices: await listShippingMethods(db, locationId) };
}
