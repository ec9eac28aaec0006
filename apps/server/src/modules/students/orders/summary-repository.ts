import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { divisions, orderItems, orders, terms, titles } from '../../../db/schema/index.ts';

export interface OrderRow {
  id: number;
  createdAt: Date;
  orderType: string;
  status: string;
  divisionName: string;
  termName: string | null;
  taxCents: number;
  shippingCents: number;
}

export interface OrderItemRow {
  id: number;
  orderId: number;
  titleId: number;
  isbn: string;
  title: string;
  fulfillmentType: string;
  status: string;
  priceCents: number;
  savingsCents: number;
}

/**
 * The student's orders at the store, newest first (one of them with `orderId`), with their
 * items: two queries whatever the number of orders.
 */
export async function readStudentOrders(
  db: Db,
  locationId: number,
  studentId: number,
  options: { orderId?: number; limit: number },
): Promise<{ orders: OrderRow[]; items: OrderItemRow[] }> {
  const conditions = [eq(orders.locationId, locationId), eq(orders.studentId, studentId)];
  if (options.orderId !== undefined) conditions.push(eq(orders.id, options.orderId));
  const orderRows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      orderType: orders.orderType,
      status: orders.status,
      divisionName: divisions.name,
      termName: terms.name,
      taxCents: orders.taxCents,
      shippingCents: orders.shippingCents,
    })
    .from(orders)
    .innerJoin(divisions, eq(divisions.id, orders.divisionId))
    .leftJoin(terms, eq(terms.id, orders.termId))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit);
  if (orderRows.length === 0) return { orders: [], items: [] };
  const items = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      titleId: orderItems.titleId,
      isbn: titles.ean13,
      title: titles.description,
      fulfillmentType: orderItems.fulfillmentType,
      status: orderItems.status,
      priceCents: orderItems.priceCents,
      savingsCents: orderItems.savingsCents,
    })
    .from(orderItems)
    .innerJoin(titles, eq(titles.id, orderItems.titleId))
    .where(
      inArray(
        orderItems.orderId,
        orderRows.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return { orders: orderRows, items };
}
