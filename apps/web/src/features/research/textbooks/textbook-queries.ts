import {
  getTextbookCsv,
  getTextbookDepartment,
  getTextbookTerm,
  getTextbookTerms,
  type TextbookTerm,
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

/**
 * The term the list opens on: the one under way today, else the next to start, else the most
 * recent. Terms arrive newest first; days compare as YYYY-MM-DD text.
 */
export function defaultTerm(terms: readonly TextbookTerm[], today: string): TextbookTerm | null {
  const open = terms.filter((t) => t.endDate >= today);
  const byStart = [...open].sort((a, b) => a.startDate.localeCompare(b.startDate));
  return byStart[0] ?? terms[0] ?? null;
}
