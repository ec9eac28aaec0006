export { safeNextPath } from '@csp/contracts';

/** Where a completed sign-in lands when no `next` was asked for ('/' would drop the ticket). */
export const DEFAULT_NEXT = '/dashboard';

/** `path` with extra query parameters appended (replacing any of the same name). */
export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://same-origin.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
