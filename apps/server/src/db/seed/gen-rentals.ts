import { rentals } from '../schema/index.ts';
import { instant, isoDay } from './dates.ts';
import type { Rng } from './prng.ts';
import type { GenContext, TermKind } from './store-plan.ts';

export type RentalState = 'OUTSTANDING' | 'IN_TRANSIT' | 'RETURNED';

/** A fulfilled rent order item that may become a rental. */
export interface RentalCandidate {
  orderId: number;
  studentId: number;
  titleId: number;
  kind: TermKind;
  fulfilledDay: number;
  dueDay: number;
  forced: RentalState | undefined;
}

const CONDITION_WEIGHTS = [5, 20, 30, 25, 15, 5];

function trackingNumber(rng: Rng): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  let text = '1Z';
  for (let i = 0; i < 16; i++) text += chars[rng.int(0, chars.length - 1)];
  return text;
}

/**
 * Rentals from rent order items: all of `forced`, and from `candidates` a random share that
 * lands near the plan's target. In-transit state is decided per order, because the UI groups
 * in-transit items by transaction (order).
 */
export function buildRentals(
  ctx: GenContext,
  rng: Rng,
  input: { candidates: RentalCandidate[]; forced: RentalCandidate[]; conditionIds: number[] },
): (typeof rentals.$inferInsert)[] {
  const { plan, ids, todayDay } = ctx;
  const rows: (typeof rentals.$inferInsert)[] = [];
  const share = Math.min(
    1,
    Math.max(0, plan.rentals - input.forced.length) / Math.max(1, input.candidates.length),
  );
  const inTransitOrders = new Map<number, boolean>();
  const usedSerials = new Set<number>();
  const forcedTracking = new Map<number, string>();
  const conditionWeights = input.conditionIds.map(
    (id, i) => [id, CONDITION_WEIGHTS[i] ?? 1] as const,
  );

  const add = (c: RentalCandidate): void => {
    let state: RentalState;
    if (c.forced) state = c.forced;
    else if (c.kind === 'past') state = rng.chance(0.85) ? 'RETURNED' : 'OUTSTANDING';
    else {
      let transit = inTransitOrders.get(c.orderId);
      if (transit === undefined) {
        transit = rng.chance(0.12);
        inTransitOrders.set(c.orderId, transit);
      }
      state = transit ? 'IN_TRANSIT' : rng.chance(0.9) ? 'OUTSTANDING' : 'RETURNED';
    }
    let serial = rng.int(100_000_000, 999_999_999);
    while (usedSerials.has(serial)) serial = rng.int(100_000_000, 999_999_999);
    usedSerials.add(serial);
    let returnedDay: number | null = null;
    if (state === 'RETURNED') {
      const wanted = c.kind === 'past' ? c.dueDay + rng.int(-14, 7) : todayDay - rng.int(1, 20);
      // Returned after it was handed out and no later than yesterday; else still outstanding.
      returnedDay = Math.max(c.fulfilledDay + 1, Math.min(todayDay - 1, wanted));
      if (returnedDay > todayDay - 1) {
        state = 'OUTSTANDING';
        returnedDay = null;
      }
    }
    // An outstanding item with a tracking number is already on its way back (the UI hides it).
    // Featured (forced) outstanding items have none: they are what the counter demo returns.
    const tracked =
      state === 'IN_TRANSIT' || (state === 'OUTSTANDING' && !c.forced && rng.chance(0.12));
    // A featured group in transit is one parcel: one tracking number for the order.
    let tracking: string | null = null;
    if (tracked && c.forced) {
      tracking = forcedTracking.get(c.orderId) ?? trackingNumber(rng);
      forcedTracking.set(c.orderId, tracking);
    } else if (tracked) tracking = trackingNumber(rng);
    rows.push({
      id: ids.next(rentals),
      locationId: plan.locationId,
      studentId: c.studentId,
      orderId: c.orderId,
      titleId: c.titleId,
      serialItemRefNum: `${plan.serialPrefix}${serial}`,
      // One return label per order shipment.
      serialItemLabel: `RTN-${String(c.orderId).padStart(8, '0')}`,
      dueDate: isoDay(c.dueDay),
      state,
      trackingNumber: tracking,
      marketplaceConditionId: state === 'RETURNED' ? rng.weighted(conditionWeights) : null,
      returnedAt: returnedDay === null ? null : instant(returnedDay, rng.int(9, 17)),
    });
  };

  for (const c of input.forced) add(c);
  for (const c of input.candidates) if (rng.chance(share)) add(c);
  return rows;
}
