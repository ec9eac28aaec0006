import { useQueryClient } from '@tanstack/react-query';
import {
  getInTransitRentals,
  getMarketplaceConditions,
  getOutstandingRentals,
  getStudentDetails,
  getTransactionHistory,
  printRentalLabel,
  returnRentals,
  type ReturnRentalsBody,
} from '@csp/contracts';
import { useContractMutation, useContractQuery } from '../../../lib/contract-query.ts';
import { retryUnlessRefused, useCallerParams } from '../api/orders-queries.ts';

const QUERY_OPTIONS = { retry: retryUnlessRefused } as const;

export function useStudentDetails(customerId: number) {
  return useContractQuery(
    getStudentDetails,
    { params: useCallerParams(), query: { customerId } },
    QUERY_OPTIONS,
  );
}

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
 * Spec §4: after a return or a shipping label both rental lists are read again (and what the
 * history and required materials say about the student's rentals).
 */
export function useReloadRentals() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [getOutstandingRentals, getInTransitRentals, getTransactionHistory].map((endpoint) =>
        client.invalidateQueries({ queryKey: ['api', endpoint.method, endpoint.path] }),
      ),
    );
}

export function useReturnRentals() {
  const params = useCallerParams();
  const mutation = useContractMutation(returnRentals);
  return {
    ...mutation,
    send: (body: ReturnRentalsBody) => mutation.mutateAsync({ params, body }),
  };
}

export function usePrintShippingLabel() {
  const params = useCallerParams();
  const mutation = useContractMutation(printRentalLabel);
  return {
    ...mutation,
    send: (customerId: number, transItemIdList: number[]) =>
      mutation.mutateAsync({ params, body: { customerId, transItemIdList } }),
  };
}
