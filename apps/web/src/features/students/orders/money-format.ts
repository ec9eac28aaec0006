export { formatMoney } from '@csp/contracts';

/** A tax rate in hundredths of a percent: 725 -> "7.25%", 800 -> "8%". */
export function formatTaxRate(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}
