import { getTransactionHistory } from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';

/** The student's orders and rentals; only asked for by holders of VIEW_TRANSACTIONS. */
export function useTransactionHistory(customerId: number, enabled: boolean) {
  return useContractQuery(
    getTransactionHistory,
    { params: useCallerParams(), query: { customerId } },
    { retry: retryUnlessRefused, enabled },
  );
}
