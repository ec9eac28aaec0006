import { toApiDate } from '../../../lib/dates.ts';

interface DatedTerm {
  termId: number;
  startDate: string;
  endDate: string;
}

/** What of a funding source tells which terms it gives aid in (getFundingSources' answer). */
interface AidSource {
  kind: string;
  terms: readonly { termId: number }[];
  chargeStartsOn: string;
  chargeEndsOn: string;
  figures: { allowanceCount: number };
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

/**
 * Whether a source has aid students in the term, by the rule the server's report counts them
 * (report-access-day-repository.ts, aidAllowances): a FINANCIAL_AID source with allowances
 * that lists the term, or lists no term (any term) and charges on some day of the term.
 */
function givesAidIn(source: AidSource, term: DatedTerm): boolean {
  if (source.kind !== 'FINANCIAL_AID' || source.figures.allowanceCount === 0) return false;
  if (source.terms.length > 0) return source.terms.some((t) => t.termId === term.termId);
  return (
    ISO_DATE.test(term.startDate) &&
    ISO_DATE.test(term.endDate) &&
    source.chargeStartsOn <= term.endDate &&
    source.chargeEndsOn >= term.startDate
  );
}

/**
 * The term the day-7 report opens on when the URL names none. The terms list every division's
 * terms (newest first, then by division name), so the term under way of the first division
 * alphabetically won even when only another division had aid students, and the report opened
 * on "0 aid students". So the choice is made among the terms with aid (as defaultTerm picks:
 * under way, else the latest started), and among every term only when no term has aid.
 */
export function defaultReportTerm<T extends DatedTerm>(
  terms: readonly T[],
  sources: readonly AidSource[],
  today: Date = new Date(),
): T | null {
  const withAid = terms.filter((term) => sources.some((s) => givesAidIn(s, term)));
  return defaultTerm(withAid, today) ?? defaultTerm(terms, today);
}
