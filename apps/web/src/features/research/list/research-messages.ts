import { ACTION_LABELS } from '@csp/contracts';

/** What the section research screens say, in one place so tests and screens use the same words. */
export const RESEARCH_MESSAGES = {
  /** docs/behaviour/messages.md: a failed section search (the results are cleared). */
  searchFailed: 'Error while searching',
  /** docs/behaviour/messages.md: a section that could not be loaded. */
  sectionFailed: 'Unable to load section data.',
  empty: 'No sections match these filters',
  emptyHint: 'Widen the dates, choose another term or status, or clear the filters.',
  loading: 'Loading sections…',
  forbidden: `Your account may not view sections. Ask an administrator for the “${ACTION_LABELS.VIEW_SECTION}” permission.`,
  sectionNotFound: 'Section not found',
  sectionNotFoundHint:
    'There is no such section at this store, or it is outside the catalog your account may see.',
  notEnrolled: 'This student is not enrolled in this section',
  searchLabel: 'Search course code, name or section',
} as const;

const n = (value: number) => value.toLocaleString('en-US');

/**
 * "21–40 of 1,234" (an en dash, as a range is written). The final page counts back from the
 * total, so it reads right however many rows the server puts on it.
 */
export function rangeText(
  page: { page: number; pageSize: number; hasNextPage: boolean },
  shown: number,
  total: number,
): string {
  if (shown === 0) return `0 of ${n(total)}`;
  const first = page.hasNextPage ? (page.page - 1) * page.pageSize + 1 : total - shown + 1;
  return `${n(Math.max(first, 1))}–${n(first + shown - 1)} of ${n(total)}`;
}
