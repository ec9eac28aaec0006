import { getTransactionHistory } from '@csp/contracts';
import { useCallerQuery } from '../../../lib/contract-query.ts';

/** The student's orders and rentals; only asked for by holders of VIEW_TRANSACTIONS. */
export function useTransactionHistory(customerId: number, enabled: boolean) {
  return useCallerQuery(getTransactionHistory, { query: { customerId } }, { enabled });
}
