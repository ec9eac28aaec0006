import { ApiRequestError } from '../../../lib/api-client.ts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  applyImport,
  getDataIntegrationStatus,
  getImport,
  getImportFormats,
  getImportIssues,
  getImports,
  mapImportColumns,
  type ImportStatus,
  type ImportSummary,
} from '@csp/contracts';
import {
  contractQueryKey,
  retryUnlessRefused,
  useCallerParams,
  useContractMutation,
  useContractQuery,
  useInvalidateEndpoints,
} from '../../../lib/contract-query.ts';

/** While the server works on an import, its page asks again this often. */
export const IMPORT_POLL_MS = 1000;

/** The statuses in which the server is still working on an import. */
export function isWorking(status: ImportStatus): boolean {
  return status === 'VALIDATING' || status === 'APPLYING';
}

/** An issue page's size: the server allows up to 200; 25 rows fit a laptop screen. */
export const ISSUES_PAGE_SIZE = 25;

export function useDataStatus() {
  return useContractQuery(
    getDataIntegrationStatus,
    { params: useCallerParams() },
    { retry: retryUnlessRefused },
  );
}

export function useImportFormats() {
  // The formats are mapping files shipped with the server: they change with a release.
  return useContractQuery(
    getImportFormats,
    { params: useCallerParams() },
    { retry: retryUnlessRefused, staleTime: 10 * 60_000 },
  );
}

/** The recent imports; asked again while one of them is still being worked on. */
export function useImports() {
  return useContractQuery(
    getImports,
    { params: useCallerParams() },
    {
      retry: retryUnlessRefused,
      refetchInterval: (query) =>
        query.state.data?.imports.some((i) => isWorking(i.status)) ? IMPORT_POLL_MS : false,
    },
  );
}

function importInput(userAccountId: number, importId: number) {
  return { params: { userAccountId, importId } };
}

/** One import, polled while the server checks or applies it, then left alone. */
export function useImport(importId: number | null) {
  const { userAccountId } = useCallerParams();
  return useContractQuery(getImport, importInput(userAccountId, importId ?? 0), {
    enabled: importId !== null,
    retry: retryUnlessRefused,
    refetchInterval: (query) =>
      query.state.data && isWorking(query.state.data.status) ? IMPORT_POLL_MS : false,
  });
}

/** A page of an import's rejected rows; the page on screen stays while the next loads. */
export function useImportIssues(importId: number, page: number) {
  const { userAccountId } = useCallerParams();
  return useContractQuery(
    getImportIssues,
    {
      ...importInput(userAccountId, importId),
      query: { offset: page * ISSUES_PAGE_SIZE, limit: ISSUES_PAGE_SIZE },
    },
    { retry: retryUnlessRefused, placeholderData: keepPreviousData },
  );
}

/** Puts an import the server just answered into the cache its report reads from. */
export function useRememberImport() {
  const client = useQueryClient();
  const { userAccountId } = useCallerParams();
  return (summary: ImportSummary) =>
    client.setQueryData(
      contractQueryKey(getImport, importInput(userAccountId, summary.importId)),
      summary,
    );
}

/** After an import settles, the lists and the status show what it did. */
export function useRefreshAfterImport() {
  const invalidate = useInvalidateEndpoints();
  return () => invalidate([getImports, getDataIntegrationStatus]);
}

export function useApplyImport() {
  const remember = useRememberImport();
  const refresh = useRefreshAfterImport();
  return useContractMutation(applyImport, {
    onSuccess: (summary) => {
      remember(summary);
      void refresh();
    },
  });
}

/**
 * Matches an upload's columns: the server answers the import being checked again, which goes
 * where its report reads it, so the report shows the check and polls it.
 */
export function useMapImportColumns() {
  const remember = useRememberImport();
  const refresh = useRefreshAfterImport();
  const invalidate = useInvalidateEndpoints();
  return useContractMutation(mapImportColumns, {
    onSuccess: (summary) => {
      remember(summary);
      void refresh();
    },
    // 409: the import moved on meanwhile (expired, checked again elsewhere): the report says how.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) void invalidate([getImport]);
    },
  });
}
