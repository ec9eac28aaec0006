/**
 * Reading editions, to tell which of two editions of a work is newer (issue 30, point 5). The
 * catalogs write them every way: "3", "3rd", "3rd ed.", "Third", "Third Edition", "9/E", "2Ce".
 */

const WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
] as const;

/**
 * The edition's number, or null when the text names none ("", "Latest", "Revised"). A run of
 * four digits or more is a year ("2019 Update"), never read as an edition (201).
 */
export function editionNumber(edition: string): number | null {
  const text = edition.trim().toLowerCase();
  const digits = /(?<!\d)\d{1,3}(?!\d)/.exec(text);
  if (digits) {
    const n = Number(digits[0]);
    return n > 0 ? n : null;
  }
  const word = WORDS.findIndex((w) => new RegExp(`\\b${w}\\b`).test(text));
  return word >= 0 ? word + 1 : null;
}

export interface EditionFacts {
  edition: string;
  year: number | null;
}

/**
 * Whether `other` is a later edition than `than`: a higher edition number when both have one;
 * otherwise (the same number, or one of them unreadable) a later publication year.
 */
export function isNewerEdition(other: EditionFacts, than: EditionFacts): boolean {
  const a = editionNumber(other.edition);
  const b = editionNumber(than.edition);
  if (a !== null && b !== null && a !== b) return a > b;
  return other.year !== null && than.year !== null && other.year > than.year;
}
