import { keepPreviousData } from '@tanstack/react-query';
import { STUDENT_SEARCH_PAGE_SIZE, searchStudents } from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';

/** The shortest search the server takes (its contract refuses shorter ones). */
export const MIN_SEARCH_LENGTH = 2;

/**
 * One page of a student search. The previous page stays on screen while the next loads; no
 * query is made until the search is long enough to be asked.
 */
export function useStudentSearch(q: string, page: number) {
  return useContractQuery(
    searchStudents,
    {
      params: useCallerParams(),
      query: { studentSearch: q, page, pageSize: STUDENT_SEARCH_PAGE_SIZE },
    },
    {
      enabled: q.length >= MIN_SEARCH_LENGTH,
      placeholderData: keepPreviousData,
      retry: retryUnlessRefused,
    },
  );
}
