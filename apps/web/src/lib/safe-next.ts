/**
 * Returns the `next` target only when it is a same-origin relative path: it must start with '/'
 * but not '//' or '/\' (browsers treat both as another host), and must not point back at the
 * login page, which would loop.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and whitespace can smuggle a scheme or host past the checks above.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x21 || ch.charCodeAt(0) === 0x7f)) return null;
  if (/^\/login(?:[/?#]|$)/.test(value)) return null;
  return value;
}
