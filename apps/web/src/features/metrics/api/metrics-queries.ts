import {
  divisionFulfillment,
  getAdoptionProgressSummary,
  getCostDesignationShares,
  getFulfillmentBreakdown,
  getMarketShare,
  getMetricsDivisions,
  getOrderTypes,
  getStudentPreferences,
  onTimeOrderFulfillment,
  type DivisionTermInput,
} from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';

/*
 * One query per metric, so each card loads, fails and retries on its own (docs/behaviour/messages.md: a metric's
 * request-error flag is its own). Figures change as orders come in: a minute's staleness lets
 * a manager flick between tabs without asking again, and a reload always asks.
 */
const METRIC = { staleTime: 60_000, retry: retryUnlessRefused } as const;

export function useMetricsDivisions() {
  return useContractQuery(getMetricsDivisions, { params: useCallerParams() }, METRIC);
}

/** Every division and term in one answer, shared by all tabs. */
export function useAdoptionProgress(enabled: boolean) {
  return useContractQuery(
    getAdoptionProgressSummary,
    { params: useCallerParams() },
    { ...METRIC, enabled },
  );
}

export function useDivisionFulfilment(input: DivisionTermInput) {
  return useContractQuery(divisionFulfillment, { params: useCallerParams(), body: input }, METRIC);
}

export function useFulfilmentBreakdown(input: DivisionTermInput) {
  return useContractQuery(
    getFulfillmentBreakdown,
    { params: useCallerParams(), query: input },
    METRIC,
  );
}

/** Asked only for a division whose on-time figure the caller may see. */
export function useOnTimeFulfilment(input: DivisionTermInput) {
  return useContractQuery(
    onTimeOrderFulfillment,
    { params: useCallerParams(), body: input },
    METRIC,
  );
}

export function useOrderTypes(input: DivisionTermInput) {
  return useContractQuery(getOrderTypes, { params: useCallerParams(), query: input }, METRIC);
}

export function useMarketShare(input: DivisionTermInput) {
  return useContractQuery(getMarketShare, { params: useCallerParams(), query: input }, METRIC);
}

/** Students' current preferences: of the division, not of a term. */
export function useStudentPreferences(divisionId: number) {
  return useContractQuery(
    getStudentPreferences,
    { params: useCallerParams(), query: { divisionId } },
    METRIC,
  );
}

/** The term's zero and low textbook cost shares (issue 31), for the adoption card. */
export function useCostDesignationShares(input: DivisionTermInput) {
  return useContractQuery(
    getCostDesignationShares,
    { params: useCallerParams(), query: input },
    METRIC,
  );
}
