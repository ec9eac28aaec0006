import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbId, withoutNul } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { STUDENT_LOOKUP_ACTIONS, studentAccountParams } from './student-search.ts';
import { customerQuery, shippingAddress } from './student-detail.ts';
import { ORDER_ITEM_TYPE_LABELS, ORDER_ITEM_TYPES } from '../metrics/metric-labels.ts';
import {
  orderFundingHistory,
  orderFundingRequest,
  orderFundingSplit,
} from '../funding/order-funding.ts';

/**
 * What an order item can be (docs/behaviour/README.md#the-product-in-brief order types: rent new,
 * rent used, buy new, buy used, digital): the order types the division metrics count, so one list
 * and one set of labels serve both.
 */
export const FULFILLMENT_TYPES = ORDER_ITEM_TYPES;
export const fulfillmentType = z.enum(FULFILLMENT_TYPES, {
  error: `must be one of ${FULFILLMENT_TYPES.join(', ')}`,
});
export type FulfillmentType = z.infer<typeof fulfillmentType>;

export const FULFILLMENT_TYPE_LABELS: Record<FulfillmentType, string> = ORDER_ITEM_TYPE_LABELS;

/** Order statuses; an order moves OPEN <-> ON_HOLD, and OPEN or ON_HOLD -> CANCELLED. */
export const ORDER_STATUSES = ['OPEN', 'ON_HOLD', 'FULFILLED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const priceOption = z.object({
  fulfillmentType,
  priceCents: z.number().int(),
});

/** A required material the student has not bought or rented yet, with its prices. */
export const orderableItem = z.object({
  sectionId: z.number().int(),
  courseCode: z.string(),
  sectionCode: z.string(),
  termName: z.string(),
  divisionId: z.number().int(),
  divisionName: z.string(),
  titleId: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  author: z.string(),
  edition: z.string(),
  required: z.boolean(),
  /** The ways it can be had, cheapest first (digital only when the title has a digital ISBN). */
  options: z.array(priceOption),
});
export type OrderableItem = z.infer<typeof orderableItem>;

export const getCustomerOrderableItems = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/customerOrderableItems`,
  summary:
    "The student's required materials (current and upcoming sections) not yet bought or rented, each with its new, used, rental and digital prices",
  auth: true,
  access: { kind: 'action', anyOf: STUDENT_LOOKUP_ACTIONS, scope: 'student' },
  params: studentAccountParams,
  query: customerQuery,
  response: z.object({ orderableItems: z.array(orderableItem) }),
});

export const shippingPrice = z.object({
  code: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  /** Whether it sends the order to the student's shipping address (else: pick up). */
  shipsToAddress: z.boolean(),
});
export type ShippingPrice = z.infer<typeof shippingPrice>;

export const getShippingPrices = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/shipping/prices`,
  summary: "The store's shipping methods and prices, pick-up first",
  auth: true,
  access: { kind: 'action', anyOf: STUDENT_LOOKUP_ACTIONS, scope: 'store' },
  params: studentAccountParams,
  response: z.object({ shippingPrices: z.array(shippingPrice) }),
});

export const MAX_ORDER_ITEMS = 50;

/** The order a clerk builds; prices are the server's, never the client's. */
export const orderDraft = z.object({
  customerId: dbId,
  items: z
    .array(z.object({ sectionId: dbId, titleId: dbId, fulfillmentType }), {
      error: 'must be a list of items',
    })
    .min(1, 'Choose at least one item.')
    .max(MAX_ORDER_ITEMS, `must hold at most ${MAX_ORDER_ITEMS} items`)
    .refine(
      (items) => new Set(items.map((i) => `${i.sectionId}:${i.titleId}`)).size === items.length,
      'must not list a material twice for the same section',
    ),
  shippingMethod: withoutNul(
    z
      .string({ error: 'Choose a shipping method.' })
      .trim()
      .min(1, 'Choose a shipping method.')
      .max(40),
  ),
  /** Pay part or all of it from the student's funding (issue 14); omitted: no funding. */
  funding: orderFundingRequest.optional(),
});
export type OrderDraft = z.input<typeof orderDraft>;

export const orderPreviewLine = z.object({
  sectionId: z.number().int(),
  titleId: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  fulfillmentType,
  priceCents: z.number().int(),
});

export const orderPreview = z.object({
  lines: z.array(orderPreviewLine),
  subtotalCents: z.number().int(),
  /** Hundredths of a percent (725 = 7.25 %). */
  taxRateBasisPoints: z.number().int(),
  taxCents: z.number().int(),
  shippingMethod: z.string(),
  shippingCents: z.number().int(),
  totalCents: z.number().int(),
  /** Where it ships (the student's address) or null for pick-up. */
  shipTo: shippingAddress.nullable(),
  /** What funding would pay (nothing when the draft asks for none) and what the student pays. */
  funding: orderFundingSplit,
});
export type OrderPreview = z.infer<typeof orderPreview>;

export const createOrderPreview = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/createOrderPreview`,
  summary:
    'Prices an order before it is placed: lines at the store prices, subtotal, tax, shipping and total (AUTOGEN_CREATE_ORDER); nothing is written',
  auth: true,
  access: { kind: 'action', anyOf: ['AUTOGEN_CREATE_ORDER'], scope: 'student' },
  params: studentAccountParams,
  body: orderDraft,
  response: orderPreview,
});

/** One order item of the history. */
export const orderHistoryItem = z.object({
  orderItemId: z.number().int(),
  titleId: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  fulfillmentType: z.string(),
  /** PENDING, FULFILLED, CANCELLED. */
  status: z.string(),
  priceCents: z.number().int(),
  /** Only for holders of VIEW_STUDENT_SAVINGS; null otherwise. */
  savingsCents: z.number().int().nullable(),
});

/** An order of the history, with what the caller may do to it. */
export const orderSummary = z.object({
  orderId: z.number().int(),
  createdAt: z.string(),
  /** WEB, IN_STORE, AUTOGEN, INCLUSIVE_ACCESS. */
  orderType: z.string(),
  status: z.enum(ORDER_STATUSES),
  divisionName: z.string(),
  termName: z.string().nullable(),
  items: z.array(orderHistoryItem),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  shippingCents: z.number().int(),
  totalCents: z.number().int(),
  savingsCents: z.number().int().nullable(),
  /** Charged to funding less refunded (0 when none). */
  fundedCents: z.number().int(),
  /** Each allowance that paid for it, with what a cancellation refunded. */
  funding: z.array(orderFundingHistory),
  mayHold: z.boolean(),
  mayUnhold: z.boolean(),
  mayCancel: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const createOrder = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/createOrder`,
  summary:
    'Places an order for a student at the store prices (AUTOGEN_CREATE_ORDER). The same clientKey from the same account answers the first order instead of placing another',
  auth: true,
  access: { kind: 'action', anyOf: ['AUTOGEN_CREATE_ORDER'], scope: 'student' },
  params: studentAccountParams,
  body: orderDraft.extend({ clientKey: z.uuid({ error: 'must be a UUID' }) }),
  response: z.object({ order: orderSummary }),
});

const orderChangeBody = z.object({ customerId: dbId, orderId: dbId });

export const holdOrder = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/order/hold`,
  summary: 'Puts an open order on hold (UNHOLD_ORDERS); holding a held order answers it as it is',
  auth: true,
  access: { kind: 'action', anyOf: ['UNHOLD_ORDERS'], scope: 'student' },
  params: studentAccountParams,
  body: orderChangeBody,
  response: z.object({ order: orderSummary }),
});

export const unholdOrder = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/order/unhold`,
  summary: 'Releases a held order (UNHOLD_ORDERS); releasing an open order answers it as it is',
  auth: true,
  access: { kind: 'action', anyOf: ['UNHOLD_ORDERS'], scope: 'student' },
  params: studentAccountParams,
  body: orderChangeBody,
  response: z.object({ order: orderSummary }),
});

export const cancelOrder = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/order/cancel`,
  summary:
    'Cancels an open or held order and its pending items (CANCEL_ORDERS); a fulfilled order cannot be cancelled; cancelling a cancelled order answers it as it is',
  auth: true,
  access: { kind: 'action', anyOf: ['CANCEL_ORDERS'], scope: 'student' },
  params: studentAccountParams,
  body: orderChangeBody,
  response: z.object({ order: orderSummary }),
});

/** A rental of the history. */
export const rentalHistoryItem = z.object({
  transItemId: z.number().int(),
  orderId: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  serialItemRefNum: z.string(),
  dueDate: z.string(),
  /** OUTSTANDING, IN_TRANSIT, RETURNED. */
  state: z.string(),
  returnedAt: z.string().nullable(),
  marketplaceConditionName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});

export const getTransactionHistory = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/student/transactionHistory`,
  summary:
    "A student's orders (newest first, with items and amounts) and rentals (VIEW_TRANSACTIONS); savings figures only with VIEW_STUDENT_SAVINGS",
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_TRANSACTIONS'], scope: 'student' },
  params: studentAccountParams,
  query: customerQuery,
  response: z.object({
    orders: z.array(orderSummary),
    rentals: z.array(rentalHistoryItem),
    /** Whether savings figures are shown (VIEW_STUDENT_SAVINGS). */
    savingsVisible: z.boolean(),
    /** Sum over orders not cancelled. */
    totalSpentCents: z.number().int(),
    totalSavingsCents: z.number().int().nullable(),
  }),
});
