import { SSO_TEST_RESULT_QUERY } from '@csp/contracts';

/**
 * The token the test page's address holds (the server's `ssoTestResultPath`), or null when it
 * holds none. The page shows only what the server answers for it (ADR 0041): nothing else of
 * the address is read, so an address someone made up shows no result.
 */
export function readSsoTestResultToken(search: string): string | null {
  const token = new URLSearchParams(search).get(SSO_TEST_RESULT_QUERY)?.trim() ?? '';
  return token ? token : null;
}
