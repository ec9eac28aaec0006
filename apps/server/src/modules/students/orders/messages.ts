/** What the order calls answer when they refuse (403, 400, 404, 409). */
export const ORDER_MESSAGES = {
  mayNotCreate: 'You do not have permission to create orders.',
  mayNotHold: 'You do not have permission to hold or release orders.',
  mayNotCancel: 'You do not have permission to cancel orders.',
  mayNotViewTransactions: 'You do not have permission to view transaction history.',
  alreadyHas: 'The student already bought or rents this title.',
  notRequired: 'This title is not a material the student needs for that section.',
  titleTwice: 'This title is already in the order (for another section): one copy is enough.',
  digitalUnavailable: 'Digital is not available for this title.',
  notOffered: (label: string) => `${label} is not offered for this title.`,
  oneDivision: 'An order holds the materials of one division: place one order per division.',
  unknownShippingMethod: "Choose one of the store's shipping methods.",
  noAddress: 'The student has no shipping address: choose pick up in store.',
  clientKeyUsed: "This clientKey was already used for another student's order.",
  orderNotFound: (orderId: number) => `Order ${orderId} not found.`,
  cannotHold: (orderId: number, status: string) =>
    `Order ${orderId} is ${status}: it can no longer be put on hold.`,
  cannotUnhold: (orderId: number, status: string) =>
    `Order ${orderId} is ${status}: only an order on hold can be released.`,
  handedOver: (orderId: number) =>
    `Order ${orderId} has items already handed to the student: return them instead.`,
} as const;

/** Status words as a sentence reads them. */
export const STATUS_WORDS: Record<string, string> = {
  OPEN: 'open',
  ON_HOLD: 'on hold',
  FULFILLED: 'fulfilled',
  CANCELLED: 'cancelled',
};
