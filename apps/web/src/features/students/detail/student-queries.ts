import { getStudentDetails } from '@csp/contracts';
import { useCallerQuery } from '../../../lib/contract-query.ts';

/**
 * The student's details: the screen's header, and the create-order dialog's defaults (their
 * fulfilment and shipping preferences), both answered by one cached query.
 */
export function useStudentDetails(customerId: number) {
  return useCallerQuery(getStudentDetails, { query: { customerId } });
}
