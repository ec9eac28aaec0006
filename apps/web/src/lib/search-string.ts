/**
 * docs/behaviour/validation.md: a search string containing digits has its hyphens removed, so ids and ISBNs typed
 * with dashes ('978-0-13') match the stored values; names keep theirs ('Smith-Jones').
 */
export function normaliseSearchString(text: string): string {
  const trimmed = text.trim();
  return /\d/.test(trimmed) ? trimmed.replaceAll('-', '') : trimmed;
}
