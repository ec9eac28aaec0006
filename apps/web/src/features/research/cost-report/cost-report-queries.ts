import { useMemo } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { getCostReport, getCostReportTerms, type CostReportChoice } from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';
import { toApiDate } from '../../../lib/dates.ts';

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
 * The term the report opens on when the URL names none: of the terms under way today, the one
 * with the most sections (the main campus, not a small division that started a week later);
 * else the latest that has started; else the newest. Terms come newest first; days compare as
 * YYYY-MM-DD text.
 */
export function defaultCostReportTerm(
  terms: readonly CostReportChoice[],
  today: string,
): CostReportChoice | null {
  const started = terms.filter((t) => t.startDate <= today);
  const current = started.filter((t) => t.endDate >= today);
  const busiest = [...current].sort((a, b) => b.sectionCount - a.sectionCount)[0];
  return busiest ?? started[0] ?? terms[0] ?? null;
}

/**
 * The report's terms and the term a page shows: the one its URL names (asked for as it is: the
 * server says if it is out of scope), else the default above. The cost report and the cost
 * gaps pages both open this way.
 */
export function useShownCostTerm(urlTermId: number) {
  const terms = useCostReportTerms();
  const today = useMemo(() => toApiDate(new Date()), []);
  const choices = terms.data ?? [];
  const termId =
    urlTermId > 0 ? urlTermId : (defaultCostReportTerm(choices, today)?.termId ?? null);
  return { terms, choices, termId };
}
