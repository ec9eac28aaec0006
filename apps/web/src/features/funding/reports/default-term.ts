import { toApiDate } from '../../../lib/dates.ts';

interface DatedTerm {
  termId: number;
  startDate: string;
  endDate: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The term the day-7 report opens on: the one under way today, else the latest that has
 * started (the last term, between terms), else the first listed. Never a future term merely
 * because it is the newest. Dates are compared as YYYY-MM-DD text, which orders as dates; a
 * start that is no date (PENDING) has not started.
 */
export function defaultTerm<T extends DatedTerm>(
  terms: readonly T[],
  today: Date = new Date(),
): T | null {
  const day = toApiDate(today);
  const started = terms.filter((t) => ISO_DATE.test(t.startDate) && t.startDate <= day);
  const current = started.find((t) => !ISO_DATE.test(t.endDate) || day <= t.endDate);
  if (current) return current;
  const latest = started.reduce<T | null>(
    (best, t) => (best === null || t.startDate > best.startDate ? t : best),
    null,
  );
  return latest ?? terms[0] ?? null;
}
