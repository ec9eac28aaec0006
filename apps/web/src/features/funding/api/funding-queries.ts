import { keepPreviousData } from '@tanstack/react-query';
import {
  getAccessDayReport,
  getAllowanceUpload,
  getAllowanceUploadIssues,
  getAllowanceUploads,
  getAllowances,
  getFundingSource,
  getFundingSources,
  getFundingTerms,
  getNearExpiryReport,
  getVoucherMailing,
  getSourceActivity,
  getSourceLedger,
  getSpendingReport,
} from '@csp/contracts';
import {
  retryUnlessRefused,
  useCallerParams,
  useContractQuery,
} from '../../../lib/contract-query.ts';

/** A refusal (403 without MANAGE_VOUCHERS) or an unknown id will not change on a retry. */
const ONCE = { retry: retryUnlessRefused } as const;
/** Paged lists keep the page on screen (dimmed) while the next one loads. */
const PAGED = { ...ONCE, placeholderData: keepPreviousData } as const;

export const ALLOWANCES_PAGE_SIZE = 25;
export const LEDGER_PAGE_SIZE = 25;
export const ACTIVITY_PAGE_SIZE = 20;
export const ISSUES_PAGE_SIZE = 25;

export function useFundingSources() {
  return useContractQuery(getFundingSources, { params: useCallerParams() }, ONCE);
}

export function useFundingSource(sourceId: number) {
  return useContractQuery(getFundingSource, { params: { ...useCallerParams(), sourceId } }, ONCE);
}

/** The source form's term picker: terms change rarely. */
export function useFundingTerms(enabled = true) {
  return useContractQuery(
    getFundingTerms,
    { params: useCallerParams() },
    { ...ONCE, staleTime: 5 * 60_000, enabled },
  );
}

export interface AllowanceListQuery {
  search: string;
  /** 1-based, as the server counts. */
  page: number;
  sortField: 'lastName' | 'studentIdNum' | 'createdAt';
  sortDirection: 'asc' | 'desc';
}

export function useAllowances(sourceId: number, list: AllowanceListQuery) {
  return useContractQuery(
    getAllowances,
    {
      params: { ...useCallerParams(), sourceId },
      query: {
        ...(list.search ? { search: list.search } : {}),
        page: list.page,
        pageSize: ALLOWANCES_PAGE_SIZE,
        sortField: list.sortField,
        sortDirection: list.sortDirection,
      },
    },
    PAGED,
  );
}

export function useSourceLedger(sourceId: number, search: string, page: number) {
  return useContractQuery(
    getSourceLedger,
    {
      params: { ...useCallerParams(), sourceId },
      query: { ...(search ? { search } : {}), page, pageSize: LEDGER_PAGE_SIZE },
    },
    PAGED,
  );
}

export function useSourceActivity(sourceId: number, page: number) {
  return useContractQuery(
    getSourceActivity,
    { params: { ...useCallerParams(), sourceId }, query: { page, pageSize: ACTIVITY_PAGE_SIZE } },
    PAGED,
  );
}

export function useAllowanceUploads(sourceId: number) {
  return useContractQuery(
    getAllowanceUploads,
    { params: { ...useCallerParams(), sourceId } },
    ONCE,
  );
}

export function useAllowanceUpload(uploadId: number | null) {
  return useContractQuery(
    getAllowanceUpload,
    { params: { ...useCallerParams(), uploadId: uploadId ?? 0 } },
    { ...ONCE, enabled: uploadId !== null },
  );
}

export function useUploadIssues(uploadId: number, page: number, enabled: boolean) {
  return useContractQuery(
    getAllowanceUploadIssues,
    { params: { ...useCallerParams(), uploadId }, query: { page, pageSize: ISSUES_PAGE_SIZE } },
    { ...PAGED, enabled },
  );
}

export function useSpendingReport() {
  return useContractQuery(getSpendingReport, { params: useCallerParams(), query: {} }, ONCE);
}

export function useNearExpiryReport(withinDays: number, page: number) {
  return useContractQuery(
    getNearExpiryReport,
    { params: useCallerParams(), query: { withinDays, page } },
    PAGED,
  );
}

export function useAccessDayReport(termId: number | null, page: number) {
  return useContractQuery(
    getAccessDayReport,
    { params: useCallerParams(), query: { termId: termId ?? 0, page } },
    { ...PAGED, enabled: termId !== null },
  );
}

/** While a run is sending, how far it got is asked again every 1.5 s. */
export const MAILING_POLL_MS = 1500;

/** Where "E-mail vouchers" stands for the source, polled while vouchers are being sent. */
export function useVoucherMailing(sourceId: number) {
  return useContractQuery(
    getVoucherMailing,
    { params: { ...useCallerParams(), sourceId } },
    {
      ...ONCE,
      refetchInterval: (query) => ((query.state.data?.sending ?? 0) > 0 ? MAILING_POLL_MS : false),
    },
  );
}
