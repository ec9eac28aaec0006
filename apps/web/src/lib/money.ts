import { formatMoney } from '@csp/contracts';

export { formatMoney };

/**
 * Dollars as a person types them ("60,000", "$1,250.5", ".75") as integer cents, or null when
 * the text is no amount. Whole cents only: money is integer cents everywhere, so "1.005" is
 * refused rather than rounded. At most nine digits of dollars, so the cents stay exact.
 */
export function parseDollars(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$|^\.(\d{1,2})$/.exec(plain);
  if (!match) return null;
  const whole = Number(match[1] ?? '0');
  const fraction = Number((match[2] ?? match[3] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/**
 * A section's required cost at the cheapest and the dearest way offered (cents), as people read
 * it: "$20.00 – $30.00", one amount when both ends agree, null when unknown (a required
 * material without a price, or nothing adopted).
 */
export function costRangeText(lowCents: number | null, highCents: number | null): string | null {
  if (lowCents === null || highCents === null) return null;
  if (lowCents === highCents) return formatMoney(lowCents);
  return `${formatMoney(lowCents)} – ${formatMoney(highCents)}`;
}
