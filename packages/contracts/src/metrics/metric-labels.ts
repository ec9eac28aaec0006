/**
 * The dashboard's categories and their labels, shared by the server (which answers every
 * category, zero included, in this order) and the web (legends, tables, screen-reader text).
 */

/** An order item's state as the fulfilment breakdown counts it. */
export const FULFILLMENT_STATES = ['FULFILLED', 'PENDING', 'ON_HOLD', 'CANCELLED'] as const;
export type FulfillmentState = (typeof FULFILLMENT_STATES)[number];
export const FULFILLMENT_STATE_LABELS: Record<FulfillmentState, string> = {
  FULFILLED: 'Fulfilled',
  PENDING: 'Pending',
  ON_HOLD: 'On hold',
  CANCELLED: 'Cancelled',
};

/** How an order item was bought (docs/behaviour/entities.md#division-metrics orderTypesBreakdown). */
export const ORDER_ITEM_TYPES = [
  'RENT_NEW',
  'RENT_USED',
  'BUY_NEW',
  'BUY_USED',
  'DIGITAL',
] as const;
export type OrderItemType = (typeof ORDER_ITEM_TYPES)[number];
export const ORDER_ITEM_TYPE_LABELS: Record<OrderItemType, string> = {
  RENT_NEW: 'Rent new',
  RENT_USED: 'Rent used',
  BUY_NEW: 'Buy new',
  BUY_USED: 'Buy used',
  DIGITAL: 'Digital',
};

/**
 * How a division's students want their materials: digital, or physical copies picked up or
 * shipped (from their shipping preference), or none (opted out).
 */
export const STUDENT_PREFERENCE_KINDS = ['PICKUP', 'SHIP', 'DIGITAL', 'NONE'] as const;
export type StudentPreferenceKind = (typeof STUDENT_PREFERENCE_KINDS)[number];
export const STUDENT_PREFERENCE_LABELS: Record<StudentPreferenceKind, string> = {
  PICKUP: 'Pick up in store',
  SHIP: 'Ship to student',
  DIGITAL: 'Digital',
  NONE: 'None (opted out)',
};

/** Refusal of the on-time figure to a caller without VIEW_ONTIME_PERCENTAGE for the division. */
export const ON_TIME_REFUSAL = 'You do not have permission to view on-time fulfilment.';
/** Refusal of every metric to a caller who is not a full reporter for the division. */
export const METRICS_REFUSAL = 'You do not have permission to view metrics for this division.';
