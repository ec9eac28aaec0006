import {
  getScheduleFeedCsv,
  getTextbookCsv,
  getTextbookDepartment,
  getTextbookTerm,
  getTextbookTerms,
  type ListedTextbookTerm,
} from '@csp/contracts';
import { retryUnlessRefused, useContractQuery } from '../../../lib/contract-query.ts';

/**
 * The public textbook list's calls: `auth: false` contracts, so they go without a token
 * whether or not someone is signed in, and the server answers for the Host's store.
 */
export function useTextbookTerms() {
  return useContractQuery(getTextbookTerms, {}, { retry: retryUnlessRefused });
}

export function useTextbookTerm(termId: number | null) {
  return useContractQuery(
    getTextbookTerm,
    { query: { termId: termId ?? 0 } },
    { enabled: termId !== null, retry: retryUnlessRefused },
  );
}

/** A department's courses, read only once its panel is opened. */
export function useTextbookDepartment(termId: number, departmentId: number, enabled: boolean) {
  return useContractQuery(
    getTextbookDepartment,
    { query: { termId, departmentId } },
    { enabled, retry: retryUnlessRefused },
  );
}

/** The CSV of a term: a plain link, as it needs no token and the browser saves it. */
export function textbookCsvHref(termId: number): string {
  return `${getTextbookCsv.path}?${new URLSearchParams({ termId: String(termId) }).toString()}`;
}

/** The registrar's schedule feed of the term as CSV (its cost designations), a plain link too. */
export function scheduleFeedCsvHref(termId: number): string {
  return `${getScheduleFeedCsv.path}?${new URLSearchParams({ termId: String(termId) }).toString()}`;
}

/**
 * The term the list opens on: the one under way today (the busiest, when several divisions
 * have one), else the next to start, else the most recent. Terms arrive newest first; days compare as YYYY-MM-DD text.
 */
export function defaultTerm(
  terms: readonly ListedTextbookTerm[],
  today: string,
): ListedTextbookTerm | null {
  // Several divisions may each have a term under way: the busiest is the one most students
  // look for (the main campus, not the law school that started a week earlier).
  const current = terms.filter((t) => t.startDate <= today && t.endDate >= today);
  const busiest = [...current].sort((a, b) => b.sectionCount - a.sectionCount)[0];
  if (busiest) return busiest;
  const next = terms
    .filter((t) => t.startDate > today)
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || b.sectionCount - a.sectionCount);
  return next[0] ?? terms[0] ?? null;
}
