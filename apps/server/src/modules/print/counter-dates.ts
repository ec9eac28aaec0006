/**
 * Dates as the counter reads them (docs/behaviour/constants.md#display shows dates as MM/DD/YYYY), in the server's time
 * zone: the store has no zone of its own, and a store's server runs where the store is (set
 * TZ otherwise).
 */
const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });

/** 05/12/2025 */
export function counterDay(at: Date): string {
  return DAY.format(at);
}

/** 05/12/2025 at 3:04 PM */
export function counterMoment(at: Date): string {
  // Newer ICU puts a narrow no-break space before AM/PM: a plain one reads the same everywhere.
  return `${DAY.format(at)} at ${TIME.format(at).replace(/\s/g, ' ')}`;
}
