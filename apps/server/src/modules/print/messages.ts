/** What the label calls, and the rental calls that make labels, say when a label cannot be had. */
export const PRINT_MESSAGES = {
  /** docs/behaviour/messages.md: a 415 (or 500) whose message mentions ShipFrom is shown as 'Invalid Address'. */
  noReturnAddress:
    "The store's return address (ShipFrom) is incomplete: a name, street, city, state and postal code are needed to print labels.",
  labelNotFound: 'There is no label at this address.',
  labelExpired: (day: string, kind: 'RETURN' | 'SHIPMENT') =>
    kind === 'SHIPMENT'
      ? `This label expired on ${day}. Print the shipping label again from the student's rentals in transit.`
      : `This label expired on ${day}.`,
} as const;
