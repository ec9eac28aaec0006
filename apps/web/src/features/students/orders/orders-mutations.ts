import { cancelOrder, createOrder, holdOrder, unholdOrder, type OrderDraft } from '@csp/contracts';
import { useCallerParams, useContractMutation } from '../../../lib/contract-query.ts';
import { useRefreshStudentOrders } from './orders-queries.ts';

/**
 * Places an order. The client key is the dialog's: the same key sent again (a double click,
 * a retry) answers the first order instead of placing another. Whatever the answer, the
 * student's lists are read again (a refusal may mean someone else ordered first).
 */
export function useCreateOrder() {
  const params = useCallerParams();
  const refresh = useRefreshStudentOrders();
  const mutation = useContractMutation(createOrder, { onSettled: refresh });
  return {
    ...mutation,
    place: (draft: OrderDraft, clientKey: string) =>
      mutation.mutateAsync({ params, body: { ...draft, clientKey } }),
  };
}

export type OrderChange = 'hold' | 'unhold' | 'cancel';

const CHANGES = { hold: holdOrder, unhold: unholdOrder, cancel: cancelOrder } as const;

/** Holds, releases or cancels one of the student's orders, then refreshes the lists. */
export function useChangeOrder(change: OrderChange) {
  const params = useCallerParams();
  const refresh = useRefreshStudentOrders();
  const mutation = useContractMutation(CHANGES[change], { onSettled: refresh });
  return {
    ...mutation,
    apply: (customerId: number, orderId: number) =>
      mutation.mutateAsync({ params, body: { customerId, orderId } }),
  };
}
