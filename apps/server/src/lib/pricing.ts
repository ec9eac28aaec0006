import type { FulfillmentType } from '@csp/contracts';

/**
 * Share of a title's list price a student pays, by how they get it. One table for the store
 * prices the portal quotes and the prices the seeds give past orders.
 */
export const PRICE_SHARE: Record<FulfillmentType, number> = {
  RENT_NEW: 0.55,
  RENT_USED: 0.4,
  BUY_NEW: 1,
  BUY_USED: 0.75,
  DIGITAL: 0.6,
};

/** The price in cents of a title with this list price, had this way (whole cents). */
export function priceCents(listPriceCents: number, type: FulfillmentType): number {
  return Math.round(listPriceCents * PRICE_SHARE[type]);
}

/** Tax in cents on `cents` at `basisPoints` hundredths of a percent, half-up to the cent. */
export function taxCents(cents: number, basisPoints: number): number {
  return Math.round((cents * basisPoints) / 10_000);
}
