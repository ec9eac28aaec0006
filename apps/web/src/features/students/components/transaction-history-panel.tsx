/** Placeholder: the student's orders and rentals history (replaced by the real panel). */
export function TransactionHistoryPanel(_props: { customerId: number }) {
  return null;
}
