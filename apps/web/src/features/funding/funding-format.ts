import { formatMoney, type FundingSource } from '@csp/contracts';
import { formatDisplayDate } from '../../lib/dates.ts';

/** A ledger amount as it moves the balance: "+$250.00", "-$42.10". */
export function signedMoney(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents);
}

/** "08/24/2026 – 12/12/2026": a charge window, both days included. */
export function windowText(source: Pick<FundingSource, 'chargeStartsOn' | 'chargeEndsOn'>) {
  return `${formatDisplayDate(source.chargeStartsOn)} – ${formatDisplayDate(source.chargeEndsOn)}`;
}

/** The terms a source pays for, or that it pays for any term. */
export function termsText(source: Pick<FundingSource, 'terms'>): string {
  if (source.terms.length === 0) return 'Any term';
  return source.terms.map((t) => t.termName).join(', ');
}

/** Cents as a person would type them back into a dollars field: 6000000 → "60000.00". */
export function centsToDollarsText(cents: number): string {
  return (cents / 100).toFixed(2);
}
