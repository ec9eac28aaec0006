import {
  getInTransitRentals,
  getMarketplaceConditions,
  getOutstandingRentals,
  getTransactionHistory,
} from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
  useInvalidateEndpoints,
} from '../../../lib/contract-query.ts';

const QUERY_OPTIONS = { retry: retryUnlessRefused } as const;

export function useOutstandingRentals(customerId: number) {
  return useContractQuery(
    getOutstandingRentals,
    { params: useCallerParams(), query: { customerId } },
    QUERY_OPTIONS,
  );
}

export function useInTransitRentals(customerId: number) {
  return useContractQuery(
    getInTransitRentals,
    { params: useCallerParams(), query: { customerId } },
    QUERY_OPTIONS,
  );
}

/** The store's conditions change rarely: asked once per visit. */
export function useMarketplaceConditions() {
  return useContractQuery(
    getMarketplaceConditions,
    { params: useCallerParams() },
    { ...QUERY_OPTIONS, staleTime: 10 * 60_000 },
  );
}

/**
 * docs/behaviour/flows.md: after a return or a shipping label both rental lists are read again (and what the
 * history and required materials say about the student's rentals).
 */
export function useReloadRentals() {
  const invalidate = useInvalidateEndpoints();
  return () => invalidate([getOutstandingRentals, getInTransitRentals, getTransactionHistory]);
}
