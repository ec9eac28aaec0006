import { getStudentFunding } from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';

/**
 * The student's allowances and what is usable today: the screen's funding panel and the
 * create-order dialog share this one cached answer.
 */
export function useStudentFunding(customerId: number) {
  return useContractQuery(
    getStudentFunding,
    { params: useCallerParams(), query: { customerId } },
    { retry: retryUnlessRefused },
  );
}
