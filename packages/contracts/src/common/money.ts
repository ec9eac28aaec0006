const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Amounts travel in cents; people read dollars: 1234 -> "$12.34", -500 -> "-$5.00". */
export function formatMoney(cents: number): string {
  return DOLLARS.format(cents / 100);
}
