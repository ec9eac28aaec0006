import {
  getInTransitRentals,
  getMarketplaceConditions,
  getOutstandingRentals,
  getTransactionHistory,
} from '@csp/contracts';
import { useCallerQuery, useInvalidateEndpoints } from '../../../lib/contract-query.ts';

export function useOutstandingRentals(customerId: number) {
  return useCallerQuery(getOutstandingRentals, { query: { customerId } });
}

export function useInTransitRentals(customerId: number) {
  return useCallerQuery(getInTransitRentals, { query: { customerId } });
}

/** The store's conditions change rarely: asked once per visit. */
export function useMarketplaceConditions() {
  return useCallerQuery(getMarketplaceConditions, {}, { staleTime: 10 * 60_000 });
}

/**
 * docs/behaviour/flows.md: after a return or a shipping label both rental lists are read again (and what the
 * history and required materials say about the student's rentals).
 */
export function useReloadRentals() {
  const invalidate = useInvalidateEndpoints();
  return () => invalidate([getOutstandingRentals, getInTransitRentals, getTransactionHistory]);
}
