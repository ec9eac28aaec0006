import { and, asc, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { orders, rentalLabels, rentals, titles } from '../../../db/schema/index.ts';

/** A rental as the lists show it, with the title's ISBN, description and author. */
export interface RentalListRow {
  transItemId: number;
  orderId: number;
  isbn: string;
  title: string;
  author: string;
  serialItemRefNum: string;
  serialItemLabel: string;
  dueDate: string;
  trackingNumber: string | null;
}

/** An in-transit rental, with the shipping label it travels under when the portal printed one. */
export interface TransitRow extends RentalListRow {
  labelToken: string | null;
  labelExpiresAt: Date | null;
}

/** The columns of a RentalListRow (the write side locks rows with these too). */
export const rentalListColumns = {
  transItemId: rentals.id,
  orderId: rentals.orderId,
  isbn: titles.ean13,
  title: titles.description,
  author: titles.author,
  serialItemRefNum: rentals.serialItemRefNum,
  serialItemLabel: rentals.serialItemLabel,
  dueDate: rentals.dueDate,
  trackingNumber: rentals.trackingNumber,
};

/** The student's rentals still out and not on their way back (no tracking number), by due date. */
export async function outstandingRentals(
  db: Db,
  locationId: number,
  studentId: number,
): Promise<RentalListRow[]> {
  return db
    .select(rentalListColumns)
    .from(rentals)
    .innerJoin(titles, eq(titles.id, rentals.titleId))
    .where(
      and(
        eq(rentals.studentId, studentId),
        eq(rentals.locationId, locationId),
        eq(rentals.state, 'OUTSTANDING'),
        isNull(rentals.trackingNumber),
      ),
    )
    .orderBy(asc(rentals.dueDate), asc(rentals.serialItemRefNum), asc(rentals.id));
}

/**
 * The student's rentals on their way back: IN_TRANSIT, or still OUTSTANDING but with a
 * tracking number (a parcel announced by the carrier before the store marked it; the seed has
 * such rows). Newest order first, so the parcel just labelled is at the top.
 */
export async function inTransitRentals(
  db: Db,
  locationId: number,
  studentId: number,
): Promise<TransitRow[]> {
  return db
    .select({
      ...rentalListColumns,
      labelToken: rentalLabels.token,
      labelExpiresAt: rentalLabels.expiresAt,
    })
    .from(rentals)
    .innerJoin(titles, eq(titles.id, rentals.titleId))
    .innerJoin(orders, eq(orders.id, rentals.orderId))
    .leftJoin(rentalLabels, eq(rentalLabels.id, rentals.shipmentLabelId))
    .where(
      and(
        eq(rentals.studentId, studentId),
        eq(rentals.locationId, locationId),
        or(
          eq(rentals.state, 'IN_TRANSIT'),
          and(eq(rentals.state, 'OUTSTANDING'), isNotNull(rentals.trackingNumber)),
        ),
      ),
    )
    .orderBy(
      desc(orders.createdAt),
      desc(orders.id),
      asc(rentals.dueDate),
      asc(rentals.serialItemRefNum),
      asc(rentals.id),
    );
}
