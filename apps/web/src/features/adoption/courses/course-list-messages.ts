import { DEFAULT_ERROR_MESSAGE } from '../../../lib/api-client.ts';

/** What the course list says, in one place so tests and screens use the same words. */
export const COURSE_LIST_MESSAGES = {
  /** docs/behaviour/messages.md: a failed course search. */
  searchFailed: 'Error while searching',
  /** docs/behaviour/messages.md: the default fallback, for a failed filtered list. */
  loadFailed: DEFAULT_ERROR_MESSAGE,
  forbidden:
    'Your account may not adopt course materials at this store any more. Ask your store to check your permissions.',
  empty: 'No courses match these filters',
  emptyHint: 'Try a wider date range, turn off “Open sections only”, or choose fewer filters.',
  emptySearchHint:
    'Check the spelling, search for fewer words, or clear the search to use the filters again.',
  searchOverrides:
    'The search overrides the filters: it looks through all your courses, whatever the division, department, course, action type or dates.',
  badEmail: 'Enter a full e-mail address, such as name@example.edu.',
  exportFailed: 'The export failed',
} as const;
