import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { idInStore } from '../../../db/store-row.ts';
import {
  locations,
  orderItems,
  orders,
  sections,
  shippingMethods,
  students,
  titles,
} from '../../../db/schema/index.ts';

export type NewOrderRow = typeof orders.$inferInsert;
export type NewOrderItemRow = typeof orderItems.$inferInsert;
export type ShippingMethodRow = typeof shippingMethods.$inferSelect;

/** The store's sales tax rate, in hundredths of a percent. */
export async function storeTaxRate(db: Db, locationId: number): Promise<number> {
  const [row] = await db
    .select({ rate: locations.taxRateBasisPoints })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row?.rate ?? 0;
}

/** One of the store's shipping methods by its code, or undefined. */
export async function findShippingMethod(
  db: Db,
  locationId: number,
  code: string,
): Promise<ShippingMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(shippingMethods)
    .where(and(eq(shippingMethods.locationId, locationId), eq(shippingMethods.code, code)));
  return row;
}

/** List prices of the store's titles (what an order is priced from). */
export async function titleListPrices(
  db: Db,
  locationId: number,
  titleIds: readonly number[],
): Promise<Map<number, number>> {
  if (titleIds.length === 0) return new Map();
  const rows = await db
    .select({ id: titles.id, listPriceCents: titles.listPriceCents })
    .from(titles)
    .where(and(eq(titles.locationId, locationId), inArray(titles.id, [...titleIds])));
  return new Map(rows.map((r) => [r.id, r.listPriceCents]));
}

/** Term and start of the store's sections (an order's term and due date). */
export async function sectionDates(
  db: Db,
  locationId: number,
  sectionIds: readonly number[],
): Promise<{ id: number; termId: number; startDate: string }[]> {
  if (sectionIds.length === 0) return [];
  return db
    .select({ id: sections.id, termId: sections.termId, startDate: sections.startDate })
    .from(sections)
    .where(and(eq(sections.locationId, locationId), inArray(sections.id, [...sectionIds])));
}

/**
 * Locks the student's row for the rest of the transaction: orders of one student are placed
 * one at a time, so two clerks cannot both pass the "not yet bought" check for one book.
 * FOR NO KEY UPDATE: it queues those writers the same, and does not block the FOR KEY SHARE
 * lock an insert referencing the student takes (an order, a ledger entry), which FOR UPDATE
 * would, letting two transactions wait on each other.
 */
export async function lockStudent(db: Db, studentId: number): Promise<void> {
  await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.id, studentId))
    .for('no key update');
}

/** The order an account placed with this client key, if any. */
export async function findOrderByClientKey(
  db: Db,
  createdBy: number,
  clientKey: string,
): Promise<{ id: number; studentId: number; locationId: number } | undefined> {
  const [row] = await db
    .select({ id: orders.id, studentId: orders.studentId, locationId: orders.locationId })
    .from(orders)
    .where(and(eq(orders.createdBy, createdBy), eq(orders.clientKey, clientKey)));
  return row;
}

export async function insertOrder(db: Db, row: NewOrderRow): Promise<number> {
  const [inserted] = await db.insert(orders).values(row).returning({ id: orders.id });
  if (!inserted) throw new Error('order insert returned no row');
  return inserted.id;
}

export async function insertOrderItems(db: Db, rows: readonly NewOrderItemRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(orderItems).values([...rows]);
}

/**
 * The student's order at the store, locked for the rest of the transaction, with whether an
 * item of it was already handed over; undefined when it is not theirs. FOR NO KEY UPDATE, as
 * lockStudent: a cancellation's ledger entries reference the order (FOR KEY SHARE).
 */
export async function lockStudentOrder(
  db: Db,
  locationId: number,
  studentId: number,
  orderId: number,
): Promise<{ id: number; status: string; hasFulfilledItem: boolean } | undefined> {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(idInStore(orders, locationId, orderId), eq(orders.studentId, studentId)))
    .for('no key update');
  if (!row) return undefined;
  const [fulfilled] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'FULFILLED')))
    .limit(1);
  return { ...row, hasFulfilledItem: fulfilled !== undefined };
}

/** Moves the order from `from` to `to`; false when it was no longer in `from`. */
export async function changeOrderStatus(
  db: Db,
  orderId: number,
  from: string,
  to: string,
  now: Date,
): Promise<boolean> {
  const changed = await db
    .update(orders)
    .set({ status: to, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id });
  return changed.length > 0;
}

/** Cancels the order's items still pending (handed-over items stay as they are). */
export async function cancelPendingItems(db: Db, orderId: number): Promise<number> {
  const changed = await db
    .update(orderItems)
    .set({ status: 'CANCELLED' })
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'PENDING')))
    .returning({ id: orderItems.id });
  return changed.length;
}
