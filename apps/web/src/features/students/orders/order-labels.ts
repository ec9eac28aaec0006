import { FULFILLMENT_TYPE_LABELS, type FulfillmentType, type OrderStatus } from '@csp/contracts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  OPEN: 'Open',
  ON_HOLD: 'On hold',
  FULFILLED: 'Fulfilled',
  CANCELLED: 'Cancelled',
};

const ORDER_TYPE_LABELS: Record<string, string> = {
  WEB: 'Web order',
  IN_STORE: 'In-store order',
  AUTOGEN: 'Autogen order',
  INCLUSIVE_ACCESS: 'Inclusive access',
};

const ITEM_STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pending',
  FULFILLED: 'Fulfilled',
  CANCELLED: 'Cancelled',
};

const RENTAL_STATE_LABELS: Record<string, string> = {
  OUTSTANDING: 'Outstanding',
  IN_TRANSIT: 'In transit',
  RETURNED: 'Returned',
};

/** Words for a code the server sends; an unknown code is shown as it is, never hidden. */
function labelOf(labels: Record<string, string>, code: string): string {
  return labels[code] ?? code;
}

export const orderTypeLabel = (code: string) => labelOf(ORDER_TYPE_LABELS, code);
export const itemStatusLabel = (code: string) => labelOf(ITEM_STATUS_LABELS, code);
export const rentalStateLabel = (code: string) => labelOf(RENTAL_STATE_LABELS, code);
export const fulfillmentLabel = (code: string) =>
  labelOf(FULFILLMENT_TYPE_LABELS as Record<FulfillmentType | string, string>, code);
