import type { OrderableItem } from '@csp/contracts';

export const CREATE_ORDER_MESSAGES = {
  button: 'Create order',
  title: (name: string) => `Create order for ${name}`,
  steps: ['Items', 'Shipping', 'Review'] as const,
  headings: ['Choose the materials', 'Choose how it reaches the student', 'Review and place'],
  nothingLeft: 'Nothing left to order: the student has every required material.',
  placed: (orderId: number, name: string) => `Order #${orderId} placed for ${name}`,
  placeOrder: 'Place order',
  placing: 'Placing order…',
  pickUp: 'The student picks the order up in store.',
  addressHidden: "It ships to the student's address on file.",
  fixFunding: 'Correct or clear the funding choice below to see the prices again.',
  fundingUnavailable: (message: string) =>
    `Could not load the student's funding (${message}): the order is placed without funding.`,
  sameTitle: (other: OrderableItem) =>
    `Already in this order for ${other.courseCode} section ${other.sectionCode}: one copy is enough.`,
} as const;
