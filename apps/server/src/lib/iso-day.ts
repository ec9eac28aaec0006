const DAY_MS = 86_400_000;

/**
 * The calendar day (UTC) of `now` as 'YYYY-MM-DD', the form the database stores dates in.
 * Stores have no time zone of their own: every "today" of the server (sections that have
 * ended, an order's day, the reminder windows) is this one.
 */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' of the UTC day `days` after the UTC day of `now`. */
export function isoDayPlus(now: Date, days: number): string {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return isoDay(new Date(midnight + days * DAY_MS));
}
