import { normaliseSearchString } from '../../lib/search-string.ts';

export type SearchKind = 'course' | 'student';

export const SEARCH_COPY: Record<SearchKind, { title: string; label: string }> = {
  course: { title: 'Search courses', label: 'Search courses by code or description' },
  student: { title: 'Search students', label: 'Search students by name or student ID' },
};

/** docs/behaviour/routes-and-guard.md: a course search on the adopt pages, a student search everywhere else. */
export function searchKindFor(pathname: string): SearchKind {
  return pathname === '/adopt' || pathname.startsWith('/adopt/') ? 'course' : 'student';
}

/** Where a search goes: /adopt?q= or /search?q=, with docs/behaviour/validation.md#input-cleaning hyphen rule applied. */
export function searchTarget(kind: SearchKind, text: string): string {
  const query = new URLSearchParams({ q: normaliseSearchString(text) }).toString();
  return kind === 'course' ? `/adopt?${query}` : `/search?${query}`;
}
