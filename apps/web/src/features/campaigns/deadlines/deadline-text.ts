/** The words of the Adoption deadlines page, in one place so the tests read the same. */
export const DEADLINE_TEXT = {
  pageTitle: 'Adoption deadlines',
  intro:
    'A section is on time when its first adoption is submitted on or before its term’s deadline day, late when after it, and missing when the day has passed with no adoption.',
  loading: 'the adoption deadlines',
  empty: 'No terms are coming up in the divisions you manage.',
  refusedTitle: 'You cannot manage adoption deadlines',
  refusedHint: 'Ask your permission administrator for the adoption campaigns action.',
  fieldLabel: 'Deadline',
  noDeadline: 'No deadline set',
  save: 'Save',
  clear: 'Clear',
  cleared: 'Deadline cleared.',
  dayRequired: 'Choose a day. To remove the deadline, use Clear.',
} as const;
