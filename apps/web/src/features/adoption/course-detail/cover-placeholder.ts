/** Up to two initials of a title's significant words: "The Cell Biology" -> "CB". */
export function titleInitials(description: string): string {
  const small = new Set(['a', 'an', 'and', 'for', 'in', 'of', 'on', 'the', 'to', 'with']);
  const words = description
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !small.has(w.toLowerCase()));
  const letters = words.slice(0, 2).map((w) => w.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

/**
 * A colour of its own for each title (the same on every visit), dark enough that white
 * initials on it keep a contrast above 4.5:1.
 */
export function titleColour(description: string): string {
  let hash = 0;
  for (const ch of description) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return `hsl(${hash % 360} 45% 32%)`;
}
