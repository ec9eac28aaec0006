import {
  createOrderPreview,
  getCustomerOrderableItems,
  getShippingPrices,
  getStudentFunding,
  getStudentRequiredMaterials,
  getTransactionHistory,
  type OrderDraft,
} from '@csp/contracts';
import { useCallerQuery, useInvalidateEndpoints } from '../../../lib/contract-query.ts';

export function useRequiredMaterials(customerId: number) {
  return useCallerQuery(getStudentRequiredMaterials, { query: { customerId } });
}

export function useOrderableItems(customerId: number) {
  return useCallerQuery(getCustomerOrderableItems, { query: { customerId } });
}

export function useShippingPrices() {
  return useCallerQuery(getShippingPrices);
}

/**
 * The server's prices for a draft. A preview writes nothing, so it is read like a query: the
 * same draft is priced once, and Back then Next shows it again without asking.
 */
export function useOrderPreview(draft: OrderDraft | null) {
  return useCallerQuery(
    createOrderPreview,
    { body: draft ?? undefined },
    { enabled: draft !== null, staleTime: 30_000 },
  );
}

/**
 * After an order is placed or changed: what the student has, what is left to order, the
 * history and the funding balances (a charge, or a cancellation's refund) are read again. (A
 * preview is not: its draft's items are gone from the orderables.)
 */
export function useRefreshStudentOrders() {
  const invalidate = useInvalidateEndpoints();
  return () =>
    invalidate([
      getTransactionHistory,
      getStudentRequiredMaterials,
      getCustomerOrderableItems,
      getStudentFunding,
    ]);
}
