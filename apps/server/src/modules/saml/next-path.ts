import {
  IA_STUDENT_PAGE_PATH,
  SSO_STUDENT_MODE,
  SSO_TEST_MODE,
  SSO_TEST_PATH,
  safeNextPath,
} from '@csp/contracts';

export { safeNextPath };

/** Where a completed sign-in lands when no `next` was asked for ('/' would drop the ticket). */
export const DEFAULT_NEXT = '/dashboard';

/** `path` with extra query parameters appended (replacing any of the same name). */
export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://same-origin.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whether `value` is the web app's page at `page` (any query; as the router matches). */
function isPage(value: unknown, page: string): boolean {
  const path = safeNextPath(value);
  if (path === null) return false;
  const { pathname } = new URL(path, 'http://same-origin.invalid');
  return pathname.toLowerCase().replace(/\/+$/, '') === page;
}

/** Whether `value` is the web app's single-sign-on test page. */
export function isTestPage(value: unknown): boolean {
  return isPage(value, SSO_TEST_PATH);
}

/**
 * Whether `value` is the student's inclusive-access page: a sign-in returning there is a
 * student's (ADR 0048), matched to a student of the store and never to a staff account.
 */
export function isStudentPage(value: unknown): boolean {
  return isPage(value, IA_STUDENT_PAGE_PATH);
}

/**
 * Where a staff sign-in may return: a safe path that is not the test page, since only a sign-in
 * started in test mode may land there (it is the mark of a test, ADR 0041), nor the student
 * page, the mark of a student's sign-in.
 */
export function signInNext(value: unknown): string | null {
  return isTestPage(value) || isStudentPage(value) ? null : safeNextPath(value);
}

/**
 * The path a started sign-in is remembered with (in its request record, and RelayState when
 * short): a test's is the test page (ADR 0041), a student's the student page (ADR 0048), a
 * staff sign-in's the `next` asked for when it may return there.
 */
export function startNext(query: { mode?: string | undefined; next?: string | undefined }) {
  if (query.mode === SSO_TEST_MODE) return SSO_TEST_PATH;
  if (query.mode === SSO_STUDENT_MODE) return IA_STUDENT_PAGE_PATH;
  return signInNext(query.next) ?? DEFAULT_NEXT;
}
