/**
 * The `prev` of an unknown-path redirect (docs/behaviour/routes-and-guard.md) is the host plus the path the user opened.
 * Anyone can put any text in a link's `prev`, so it is shown only when it looks like a host
 * and a path, and then quoted as what was typed, never as the product's own words.
 */
const HOST_AND_PATH = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?\/[\w\-./~%+@!$&'()*,;=:]*$/i;

export function unknownPageShown(prev: string | null): string | null {
  if (!prev || prev.length > 200) return null;
  return HOST_AND_PATH.test(prev) ? prev : null;
}
