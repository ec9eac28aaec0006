/**
 * How a scanned or typed code is compared (docs/behaviour/validation.md#input-cleaning cleaning, as for searches): trimmed, inner
 * spaces dropped, hyphens removed when it holds digits ('978-0-13-…' and '978013…' are the same
 * ISBN), and letters compared without case (a serial typed as 'du123' is 'DU123'). Both the
 * scan and the item's codes go through it, so a stored serial with a hyphen still matches.
 */
export function normaliseScan(text: string): string {
  const compact = text.trim().replace(/\s+/g, '');
  const cleaned = /\d/.test(compact) ? compact.replaceAll('-', '') : compact;
  return cleaned.toUpperCase();
}
