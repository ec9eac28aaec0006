const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Amounts arrive in cents; the counter reads dollars: 1234 -> "$12.34", -500 -> "-$5.00". */
export function formatMoney(cents: number): string {
  return DOLLARS.format(cents / 100);
}

/** A tax rate in hundredths of a percent: 725 -> "7.25%", 800 -> "8%". */
export function formatTaxRate(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}
