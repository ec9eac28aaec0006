import { z } from 'zod';
import { STUDENT_SEARCH_MAX_LENGTH } from '@csp/contracts';
import { useUrlState } from '../../../lib/url-state.ts';

/** /search?q=…&page=…: the search is a link (the phone top bar's student search sends q). */
export const studentSearchUrlSchema = z.object({
  q: z.string().trim().max(STUDENT_SEARCH_MAX_LENGTH),
  page: z.coerce.number().int().min(1).max(1000),
});

export type StudentSearchView = z.output<typeof studentSearchUrlSchema>;

export const STUDENT_SEARCH_DEFAULTS: StudentSearchView = { q: '', page: 1 };

export function useStudentSearchView() {
  return useUrlState(studentSearchUrlSchema, STUDENT_SEARCH_DEFAULTS);
}
