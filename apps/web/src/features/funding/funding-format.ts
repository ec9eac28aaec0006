import { formatMoney, type FundingSource } from '@csp/contracts';
import { formatDisplayDate } from '../../lib/dates.ts';

/** Numbers as a US clerk reads them: 6,573. */
export const count = (n: number) => n.toLocaleString('en-US');

/** "1 allowance", "200 allowances". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${count(n)} ${n === 1 ? one : many}`;

/** "08/25/2026 3:05 PM": when something happened, in the user's time zone. */
export function formatDateTime(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${formatDisplayDate(date)} ${time}`;
}

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

/** Dollars typed by a person ("60,000", "$1,250.5") as cents, or null when it is no amount. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** Cents as a person would type them back into a dollars field: 6000000 → "60000.00". */
export function centsToDollarsText(cents: number): string {
  return (cents / 100).toFixed(2);
}
