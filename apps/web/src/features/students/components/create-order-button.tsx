/** Placeholder: the create-order flow for holders of AUTOGEN_CREATE_ORDER (replaced). */
export function CreateOrderButton(_props: { customerId: number; studentName: string }) {
  return null;
}
