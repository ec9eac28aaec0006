/** Calendar helpers. Dates are UTC day numbers so seeds do not shift with the machine's zone. */

const DAY_MS = 86_400_000;

export function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/** 'YYYY-MM-DD' of a UTC day number. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The instant `hours` into a UTC day. */
export function instant(day: number, hours = 12): Date {
  return new Date(day * DAY_MS + Math.round(hours * 3_600_000));
}

export interface TermWindow {
  season: string;
  year: number;
  startDay: number;
  endDay: number;
}

/** A typical US semester calendar: [season, start month, start day, end month, end day]. */
const SEASONS: readonly (readonly [string, number, number, number, number])[] = [
  ['Spring', 0, 12, 4, 8],
  ['Summer', 4, 26, 7, 7],
  ['Fall', 7, 25, 11, 12],
];

/**
 * The term that started most recently (current), the one before it (past) and the next one
 * (upcoming), for a division whose calendar is shifted by `offsetDays`. Anchoring on real
 * semester dates keeps today inside or just after the current term, so the catalog filter
 * (today .. +187 days) and the section filter (4 months back .. 1 month ahead) both find rows.
 */
export function termsAround(
  today: Date,
  offsetDays: number,
): { past: TermWindow; current: TermWindow; upcoming: TermWindow } {
  const todayDay = dayNumber(today);
  const year = today.getUTCFullYear();
  const all: TermWindow[] = [];
  for (let y = year - 2; y <= year + 1; y++) {
    for (const [season, sm, sd, em, ed] of SEASONS) {
      all.push({
        season,
        year: y,
        startDay: dayNumber(new Date(Date.UTC(y, sm, sd))) + offsetDays,
        endDay: dayNumber(new Date(Date.UTC(y, em, ed))) + offsetDays,
      });
    }
  }
  const currentIndex = all.findLastIndex((t) => t.startDay <= todayDay);
  const past = all[currentIndex - 1];
  const current = all[currentIndex];
  const upcoming = all[currentIndex + 1];
  if (!past || !current || !upcoming) throw new Error('termsAround: calendar out of range');
  return { past, current, upcoming };
}
