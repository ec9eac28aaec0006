/** What the rental calls say to the clerk (docs/behaviour/messages.md builds its return errors on these). */
export const RENTAL_MESSAGES = {
  mayNotReturn: 'You do not have permission to return rentals.',
  notThisStore: (locationId: number) =>
    `locationId: ${locationId} is not the store of this website`,
  unknownCondition: (name: string, known: readonly string[]) =>
    known.length === 0
      ? `"${name}" is not a condition of this store: the store has no marketplace conditions`
      : `"${name}" is not a condition of this store (${known.join(', ')})`,
  unknownRental: 'No rental with this id at this store',
  otherStudent: 'Not a rental of this student',
  alreadyReturned: (when: string | null, by: string | null) =>
    `Already returned${when ? ` on ${when}` : ''}${by ? ` by ${by}` : ''}`,
  alreadyShipped: (trackingNumber: string | null) =>
    `Already on its way back${trackingNumber ? ` (tracking ${trackingNumber})` : ''}`,
} as const;
