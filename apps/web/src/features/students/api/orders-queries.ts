import { useQueryClient } from '@tanstack/react-query';
import {
  createOrderPreview,
  getCustomerOrderableItems,
  getShippingPrices,
  getStudentDetails,
  getStudentRequiredMaterials,
  getTransactionHistory,
  type OrderDraft,
} from '@csp/contracts';
import { useSession } from '../../../app/session/session-context.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useContractQuery } from '../../../lib/contract-query.ts';

/** A refusal or a missing student will not change on a retry; a lost connection may. */
export function retryUnlessRefused(failures: number, error: Error): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

const QUERY_OPTIONS = { retry: retryUnlessRefused } as const;

/** Every admin-portal call names the caller's own account in its path (spec §7). */
export function useCallerParams() {
  return { userAccountId: useSession().session?.accountId ?? 0 };
}

export function useRequiredMaterials(customerId: number) {
  return useContractQuery(
    getStudentRequiredMaterials,
    { params: useCallerParams(), query: { customerId } },
    QUERY_OPTIONS,
  );
}

export function useOrderableItems(customerId: number) {
  return useContractQuery(
    getCustomerOrderableItems,
    { params: useCallerParams(), query: { customerId } },
    QUERY_OPTIONS,
  );
}

export function useShippingPrices() {
  return useContractQuery(getShippingPrices, { params: useCallerParams() }, QUERY_OPTIONS);
}

/**
 * The student's details, for their fulfilment preferences (the order's defaults) and shipping
 * preference; the detail page reads the same query, so this is usually answered from its cache.
 */
export function useStudentDetailsForOrder(customerId: number) {
  return useContractQuery(
    getStudentDetails,
    { params: useCallerParams(), query: { customerId } },
    QUERY_OPTIONS,
  );
}

/**
 * The server's prices for a draft. A preview writes nothing, so it is read like a query: the
 * same draft is priced once, and Back then Next shows it again without asking.
 */
export function useOrderPreview(draft: OrderDraft | null) {
  return useContractQuery(
    createOrderPreview,
    { params: useCallerParams(), body: draft ?? undefined },
    { retry: retryUnlessRefused, enabled: draft !== null, staleTime: 30_000 },
  );
}

/**
 * After an order is placed or changed: what the student has, what is left to order and the
 * history are read again. (A preview is not: its draft's items are gone from the orderables.)
 */
export function useRefreshStudentOrders() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [getTransactionHistory, getStudentRequiredMaterials, getCustomerOrderableItems].map(
        (endpoint) =>
          client.invalidateQueries({ queryKey: ['api', endpoint.method, endpoint.path] }),
      ),
    );
}
