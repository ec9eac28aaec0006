/** The route's `num` is the customerId (docs/behaviour/routes-and-guard.md); anything else is no student. */
export function customerIdOf(num: string | undefined): number | null {
  if (!num || !/^\d{1,12}$/.test(num)) return null;
  const id = Number(num);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}
