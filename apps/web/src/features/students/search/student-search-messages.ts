/** What the student search says, in one place so tests and screens use the same words. */
export const STUDENT_SEARCH_MESSAGES = {
  fieldLabel: 'Name or student ID',
  hint: 'Last name, first name or both, or a student ID (hyphens ignored). A single match opens at once.',
  tooShort: 'Enter at least 2 characters of a name or a student ID.',
  /** docs/behaviour/messages.md: a failed search. */
  failed: 'Error while searching',
  searching: 'Searching…',
  none: (q: string) => `No student matches “${q}”`,
  noneHint: 'Check the spelling, try the last name alone, or scan the student ID card.',
  found: (count: number) => (count === 1 ? '1 student found' : `${count} students found`),
  capped: (count: number) => `More than ${count - 1} students match: narrow the search.`,
} as const;
