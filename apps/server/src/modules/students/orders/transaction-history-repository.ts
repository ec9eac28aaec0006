import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  rentalTitleColumns,
  returnConditionOfRental,
  selectRentalsWithTitles,
} from '../../../db/rental-rows.ts';
import { marketplaceConditions, orderItems, orders, rentals } from '../../../db/schema/index.ts';

export interface RentalHistoryRow {
  id: number;
  orderId: number;
  isbn: string;
  title: string;
  serialItemRefNum: string;
  dueDate: string;
  state: string;
  returnedAt: Date | null;
  conditionName: string | null;
  trackingNumber: string | null;
}

/** The student's rentals at the store, newest first (by their order), at most `limit`. */
export async function readStudentRentals(
  db: Db,
  locationId: number,
  studentId: number,
  limit: number,
): Promise<RentalHistoryRow[]> {
  return selectRentalsWithTitles(db, {
    id: rentals.id,
    orderId: rentals.orderId,
    ...rentalTitleColumns,
    serialItemRefNum: rentals.serialItemRefNum,
    dueDate: rentals.dueDate,
    state: rentals.state,
    returnedAt: rentals.returnedAt,
    conditionName: marketplaceConditions.name,
    trackingNumber: rentals.trackingNumber,
  })
    .leftJoin(marketplaceConditions, returnConditionOfRental)
    .innerJoin(orders, eq(orders.id, rentals.orderId))
    .where(and(eq(rentals.locationId, locationId), eq(rentals.studentId, studentId)))
    .orderBy(desc(orders.createdAt), desc(rentals.id))
    .limit(limit);
}

/**
 * What the student spent and saved over every order not cancelled (not only the ones a page
 * shows): items not cancelled, plus each order's tax and shipping.
 */
export async function studentOrderTotals(
  db: Db,
  locationId: number,
  studentId: number,
): Promise<{ spentCents: number; savingsCents: number }> {
  const itemSums = db
    .select({
      orderId: orderItems.orderId,
      price: sql<number>`sum(${orderItems.priceCents})`.as('price'),
      savings: sql<number>`sum(${orderItems.savingsCents})`.as('savings'),
    })
    .from(orderItems)
    .where(ne(orderItems.status, 'CANCELLED'))
    .groupBy(orderItems.orderId)
    .as('item_sums');
  const [row] = await db
    .select({
      spent: sql<string>`coalesce(sum(coalesce(${itemSums.price}, 0) + ${orders.taxCents} + ${orders.shippingCents}), 0)`,
      savings: sql<string>`coalesce(sum(${itemSums.savings}), 0)`,
    })
    .from(orders)
    .leftJoin(itemSums, eq(itemSums.orderId, orders.id))
    .where(
      and(
        eq(orders.locationId, locationId),
        eq(orders.studentId, studentId),
        ne(orders.status, 'CANCELLED'),
      ),
    );
  return { spentCents: Number(row?.spent ?? 0), savingsCents: Number(row?.savings ?? 0) };
}
