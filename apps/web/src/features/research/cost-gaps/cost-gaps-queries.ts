import { keepPreviousData } from '@tanstack/react-query';
import { getCostGaps } from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';

/**
 * A term's (and department's) cost gaps. The last answer stays (dimmed) while another loads, so
 * the table does not jump; a term or department the server refuses (404) is not asked again.
 */
export function useCostGaps(termId: number | null, departmentId: number | null) {
  return useContractQuery(
    getCostGaps,
    {
      params: useCallerParams(),
      query: { termId: termId ?? 0, ...(departmentId !== null ? { departmentId } : {}) },
    },
    { enabled: termId !== null, retry: retryUnlessRefused, placeholderData: keepPreviousData },
  );
}
