/**
 * How the dashboard writes its numbers: counts with thousands separators, shares with one
 * decimal, the same on screen, in tables and in what a screen reader hears.
 */
const COUNT = new Intl.NumberFormat('en-US');
const PERCENT = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export const formatCount = (n: number) => COUNT.format(n);

/** "72.4%"; a share of nothing (null) is a dash, never "0.0%" that would read as a bad result. */
export const formatPercent = (value: number | null) =>
  value === null ? '—' : `${PERCENT.format(value)}%`;

/** A category's share where one may not apply (cancelled items): blank rather than a dash. */
export const formatShare = (value: number | null) => (value === null ? '' : formatPercent(value));

/** The share of `count` in `total` as 0-100, or null when there is nothing to divide by. */
export function shareOf(count: number, total: number): number | null {
  return total > 0 ? (count * 100) / total : null;
}

/** "1 item" / "1,234 items". */
export function countOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
