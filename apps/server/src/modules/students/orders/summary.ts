import { shortTermName, type OrderStatus, type OrderSummary } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { orderFundingHistories } from '../../funding/index.ts';
import { ORDER_MESSAGES as M } from './messages.ts';
import type { ScopedStudent } from '../access/student-access.ts';
import { readStudentOrders, type OrderItemRow, type OrderRow } from './summary-repository.ts';

/** What the caller may see of and do to a student's orders: asked once per request. */
export interface OrderAbilities {
  holdAndRelease: boolean;
  cancel: boolean;
  seeSavings: boolean;
  /** The voucher codes of the allowances that paid (the student's funding). */
  seeVoucherCodes: boolean;
}

export async function orderAbilitiesOf(student: ScopedStudent): Promise<OrderAbilities> {
  return {
    holdAndRelease: await student.may('UNHOLD_ORDERS'),
    cancel: await student.may('CANCEL_ORDERS'),
    seeSavings: await student.may('VIEW_STUDENT_SAVINGS'),
    seeVoucherCodes: await student.mayViewFunding(),
  };
}

/**
 * The items an order's amounts count: those not cancelled, except in a cancelled order, whose
 * amounts say what it was worth (all its items).
 */
function countedItems(order: OrderRow, items: readonly OrderItemRow[]): OrderItemRow[] {
  return order.status === 'CANCELLED' ? [...items] : items.filter((i) => i.status !== 'CANCELLED');
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** What funding paid for an order (charged less refunded) and by which allowances. */
type OrderFunding = Pick<OrderSummary, 'fundedCents' | 'funding'>;
const NO_FUNDING: OrderFunding = { fundedCents: 0, funding: [] };

/** One order as the history shows it, with what the caller may do to it. */
export function toOrderSummary(
  order: OrderRow,
  items: readonly OrderItemRow[],
  funding: OrderFunding,
  can: OrderAbilities,
): OrderSummary {
  const status = order.status as OrderStatus;
  const counted = countedItems(order, items);
  const subtotalCents = sum(counted.map((i) => i.priceCents));
  const handedOver = items.some((i) => i.status === 'FULFILLED');
  return {
    orderId: order.id,
    createdAt: order.createdAt.toISOString(),
    orderType: order.orderType,
    status,
    divisionName: order.divisionName,
    termName: order.termName === null ? null : shortTermName(order.termName),
    items: items.map((i) => ({
      orderItemId: i.id,
      titleId: i.titleId,
      isbn: i.isbn,
      title: i.title,
      fulfillmentType: i.fulfillmentType,
      status: i.status,
      priceCents: i.priceCents,
      savingsCents: can.seeSavings ? i.savingsCents : null,
    })),
    subtotalCents,
    taxCents: order.taxCents,
    shippingCents: order.shippingCents,
    totalCents: subtotalCents + order.taxCents + order.shippingCents,
    savingsCents: can.seeSavings ? sum(counted.map((i) => i.savingsCents)) : null,
    fundedCents: funding.fundedCents,
    funding: funding.funding.map((f) => ({
      ...f,
      voucherCode: can.seeVoucherCodes ? f.voucherCode : null,
    })),
    mayHold: can.holdAndRelease && status === 'OPEN',
    mayUnhold: can.holdAndRelease && status === 'ON_HOLD',
    mayCancel: can.cancel && (status === 'OPEN' || status === 'ON_HOLD') && !handedOver,
  };
}

/** The student's orders, newest first, at most `limit`. */
export async function studentOrderSummaries(
  db: Db,
  locationId: number,
  studentId: number,
  can: OrderAbilities,
  limit: number,
): Promise<OrderSummary[]> {
  const read = await readStudentOrders(db, locationId, studentId, { limit });
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of read.items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  // One query for every order's funding, not one per order.
  const funding = await orderFundingHistories(
    db,
    read.orders.map((o) => o.id),
  );
  return read.orders.map((o) =>
    toOrderSummary(o, byOrder.get(o.id) ?? [], funding.get(o.id) ?? NO_FUNDING, can),
  );
}

/** One of the student's orders; 404 naming orderId when it is not theirs at this store. */
export async function studentOrderSummary(
  db: Db,
  locationId: number,
  studentId: number,
  orderId: number,
  can: OrderAbilities,
): Promise<OrderSummary> {
  const read = await readStudentOrders(db, locationId, studentId, { orderId, limit: 1 });
  const [order] = read.orders;
  if (!order) throw AppError.notFound(M.orderNotFound(orderId), 'orderId');
  const funding = await orderFundingHistories(db, [order.id]);
  return toOrderSummary(order, read.items, funding.get(order.id) ?? NO_FUNDING, can);
}
