/** Where a completed sign-in lands when no `next` was asked for ('/' would drop the ticket). */
export const DEFAULT_NEXT = '/dashboard';

/**
 * `next` only when it is a same-origin path: it starts with '/' but not '//' or '/\', holds no
 * control characters or spaces, and is not the login page (the web app's rule, lib/safe-next).
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x21 || ch.charCodeAt(0) === 0x7f)) return null;
  if (/^\/login(?:[/?#]|$)/.test(value)) return null;
  return value;
}

/** `path` with extra query parameters appended (replacing any of the same name). */
export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://same-origin.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
