import { keepPreviousData } from '@tanstack/react-query';
import { getCostReport, getCostReportTerms, type CostReportTerm } from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';

/** The terms the report can show: those with a section in the caller's scope, newest first. */
export function useCostReportTerms() {
  return useContractQuery(
    getCostReportTerms,
    { params: useCallerParams() },
    { staleTime: 5 * 60_000, retry: retryUnlessRefused },
  );
}

/**
 * The report of a term. The last report stays (dimmed) while another term's loads, so the
 * table does not jump; a term the server refuses (404) is not asked again.
 */
export function useCostReport(termId: number | null) {
  return useContractQuery(
    getCostReport,
    { params: useCallerParams(), query: { termId: termId ?? 0 } },
    { enabled: termId !== null, retry: retryUnlessRefused, placeholderData: keepPreviousData },
  );
}

/**
 * The term the report opens on when the URL names none: the first under way today (terms come
 * newest first), else the latest that has started, else the newest. Days compare as
 * YYYY-MM-DD text.
 */
export function defaultCostReportTerm(
  terms: readonly CostReportTerm[],
  today: string,
): CostReportTerm | null {
  const started = terms.filter((t) => t.startDate <= today);
  return started.find((t) => t.endDate >= today) ?? started[0] ?? terms[0] ?? null;
}
