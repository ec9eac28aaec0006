/**
 * A workbook cell as text, the way a spreadsheet exports it: whole numbers as digits (a student
 * ID or an ISBN typed as a number stays as typed, never 9.78e12), dates as ISO days, TRUE and
 * FALSE, an error as its code. Amounts may be read to the cent: a formula's binary result
 * (=100*1.1 is 110.00000000000001) as the amount it shows.
 */
export type NumberStyle = 'plain' | 'cents';

export function numberText(value: number, style: NumberStyle): string {
  if (Number.isInteger(value)) return BigInt(value).toString();
  if (style === 'cents' && Number.isFinite(value)) {
    const cents = Math.round(value * 100);
    if (Math.abs(value - cents / 100) < 1e-6) return String(cents / 100);
  }
  return String(value);
}

/** A serial day number (days since 1899-12-30, or 1904-01-01) as the ISO day it stands for. */
export function serialDay(serial: number, date1904: boolean): string {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000);
  const day = new Date(ms);
  return Number.isNaN(day.getTime()) ? String(serial) : day.toISOString().slice(0, 10);
}

/** The built-in number formats that show dates or times (ECMA-376 §18.8.30). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/**
 * Whether a number format shows a date: a built-in date format, or a format code with a date
 * or time letter outside quotes and brackets ("yyyy-mm-dd", not "0.00" nor "[Red]0").
 */
export function isDateFormat(numFmtId: number, formatCode: string | undefined): boolean {
  if (formatCode === undefined) return BUILT_IN_DATE_FORMATS.has(numFmtId);
  const bare = formatCode.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhMsb]/.test(bare);
}

/** Spreadsheets write control characters in cell text as _xHHHH_ (ECMA-376 §22.9.2.19). */
export function decodeEscapes(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-F]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;
}

export const isBlankRow = (cells: readonly string[]) => cells.every((c) => c.trim() === '');
