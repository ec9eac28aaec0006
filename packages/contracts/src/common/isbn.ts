/**
 * ISBN rules shared by the server (imports, search, seeds) and the web app (scanned or typed
 * ISBNs): check digits, the two forms, and normalisation to the ISBN-13 a title is stored by.
 */

/** The ISBN-13 check digit of the first 12 digits (weights 1,3,1,3,...; mod 10). */
export function isbn13CheckDigit(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error(`Need 12 digits, got "${first12}"`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** True for 13 digits (hyphens and spaces ignored) whose last digit is the correct check digit. */
export function isValidIsbn13(isbn: string): boolean {
  const digits = isbn.replace(/[-\s]/g, '');
  if (!/^\d{13}$/.test(digits)) return false;
  return isbn13CheckDigit(digits.slice(0, 12)) === digits[12];
}

/** The ISBN-10 check character of the first 9 digits (weights 10..2; mod 11; 10 is 'X'). */
export function isbn10CheckDigit(first9: string): string {
  if (!/^\d{9}$/.test(first9)) throw new Error(`Need 9 digits, got "${first9}"`);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

export function isValidIsbn10(isbn: string): boolean {
  const chars = isbn.replace(/[-\s]/g, '').toUpperCase();
  if (!/^\d{9}[\dX]$/.test(chars)) return false;
  return isbn10CheckDigit(chars.slice(0, 9)) === chars[9];
}

/** The ISBN-10 of a 978-prefixed ISBN-13; null for 979 (those have no ISBN-10). */
export function isbn13To10(isbn13: string): string | null {
  const digits = isbn13.replace(/[-\s]/g, '');
  if (!isValidIsbn13(digits) || !digits.startsWith('978')) return null;
  const body = digits.slice(3, 12);
  return body + isbn10CheckDigit(body);
}

/** The ISBN-13 of a prefix ('978' or '979') and a 9-digit body, with its check digit. */
export function makeIsbn13(prefix: '978' | '979', body9: number): string {
  const first12 = prefix + String(body9).padStart(9, '0');
  return first12 + isbn13CheckDigit(first12);
}

/** The ISBN-13 (978 prefix) of a valid ISBN-10; null when it is not one. */
export function isbn10To13(isbn10: string): string | null {
  const chars = isbn10.replace(/[-\s]/g, '').toUpperCase();
  if (!isValidIsbn10(chars)) return null;
  const first12 = `978${chars.slice(0, 9)}`;
  return first12 + isbn13CheckDigit(first12);
}

/**
 * What a person typed or scanned, as the ISBN-13 titles are stored by: hyphens and spaces
 * dropped, an ISBN-10 converted; null when it is not a valid ISBN of either form.
 */
export function normalizeIsbn(input: string): string | null {
  const compact = input.replace(/[-\s]/g, '').toUpperCase();
  if (compact.length === 13) return isValidIsbn13(compact) ? compact : null;
  if (compact.length === 10) return isbn10To13(compact);
  return null;
}
