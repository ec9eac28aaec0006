import { getSsoTestResult } from '@csp/contracts';
import { retryUnlessRefused, useContractQuery } from '../../../lib/contract-query.ts';

/**
 * What a single-sign-on test found, asked of the server with the token its address holds (ADR
 * 0041): a public call, made without the session's token whether or not someone is signed in.
 * The answer is kept as long as the page is open: the server would answer the same until the
 * token expires, and a refused token (404) stays refused, so neither is asked again.
 */
export function useSsoTestResult(token: string | null) {
  return useContractQuery(
    getSsoTestResult,
    { query: { result: token ?? '' } },
    {
      enabled: token !== null,
      retry: retryUnlessRefused,
      staleTime: Infinity,
    },
  );
}
