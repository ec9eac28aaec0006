/**
 * `next` (where to go after signing in) only when it is a same-origin path: it starts with '/'
 * but not '//' or '/\\' (browsers treat both as another host), holds no control characters or
 * spaces (they can smuggle a scheme or host past those checks), is not the login page (that
 * would loop) and is of a sane length. The server (single sign-on) and the web app (the login
 * form and the guard) apply this one rule.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x21 || ch.charCodeAt(0) === 0x7f)) return null;
  if (/^\/login(?:[/?#]|$)/.test(value)) return null;
  return value;
}
