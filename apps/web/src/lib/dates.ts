const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/**
 * Reads a date from the API. Date-only values ('2025-01-31') are read as local calendar dates so
 * they never shift a day in time zones west of UTC.
 */
export function parseApiDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    const date = new Date(Number(y), Number(m) - 1, Number(d));
    return date.getMonth() === Number(m) - 1 ? date : null;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * docs/behaviour/constants.md: dates display as MM/DD/YYYY. Values that are not dates (the API sends 'PENDING' for
 * some start dates) are shown unchanged.
 */
export function formatDisplayDate(value: string | Date | null | undefined): string {
  const date = parseApiDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${pad(date.getFullYear(), 4)}`;
}

/** docs/behaviour/constants.md: dates are sent as YYYY-MM-DD, in the user's own calendar. */
export function toApiDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Calendar arithmetic for date filters (e.g. 187 days ahead); keeps the local time of day. */
export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}
