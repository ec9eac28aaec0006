import { SSO_TEST_PATH, safeNextPath } from '@csp/contracts';

export { safeNextPath };

/** Where a completed sign-in lands when no `next` was asked for ('/' would drop the ticket). */
export const DEFAULT_NEXT = '/dashboard';

/** `path` with extra query parameters appended (replacing any of the same name). */
export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://same-origin.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whether `value` is the web app's single-sign-on test page (any query; as the router matches). */
export function isTestPage(value: unknown): boolean {
  const path = safeNextPath(value);
  if (path === null) return false;
  const { pathname } = new URL(path, 'http://same-origin.invalid');
  return pathname.toLowerCase().replace(/\/+$/, '') === SSO_TEST_PATH;
}

/**
 * Where a real sign-in may return: a safe path that is not the test page, since only a sign-in
 * started in test mode may land there (it is the mark of a test, ADR 0041).
 */
export function signInNext(value: unknown): string | null {
  return isTestPage(value) ? null : safeNextPath(value);
}
