/**
 * What one kind of uploaded file may be (docs/testing-resource-limits.md, ADR 0022). Every limit
 * is a refusal whose message names it in a data manager's words; the numbers are the kind's own
 * (an allowance file is small, an import large).
 */
export interface UploadLimits {
  /** What the messages call such a file: "an allowance file", "an import". */
  fileKind: string;
  /** The body as sent: the CSV as it is, the .xlsx compressed. */
  maxBytes: number;
  /** An .xlsx's parts once unzipped: the sizes its directory declares, and the bytes inflated. */
  maxUnpackedBytes: number;
  /** Rows holding anything, the header row not counted. */
  maxRows: number;
  /** The last column a row may hold a value in. */
  maxColumns: number;
  /** Characters in one cell. */
  maxCellChars: number;
  /**
   * Characters in one row. A CSV record is held whole while it is parsed: an unclosed quote
   * would otherwise make the rest of the file one record.
   */
  maxRowChars: number;
  /** Characters in all the cells read (a shared text counts for each cell using it). */
  maxTextChars: number;
  /** A workbook's shared cell texts, held for the whole read: how many, and their characters. */
  maxSharedStrings: number;
  maxSharedStringChars: number;
  /** The heap of the thread that reads the file, in MiB: beyond it the file is refused. */
  workerHeapMiB: number;
}

const count = (n: number) => n.toLocaleString('en-US');

/** 5 MB, 50 MB, 200 MB, 1 GB: sizes as a person says them (1 MB is 2^20 bytes). */
export function sizeInWords(bytes: number): string {
  const gb = bytes / 2 ** 30;
  if (Number.isInteger(gb)) return `${count(gb)} GB`;
  return `${count(Math.round((bytes / 2 ** 20) * 10) / 10)} MB`;
}

/** "A", "B", ..., "Z", "AA": a column as a spreadsheet names it (1-based). */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** The refusals, each naming its limit. */
export const limitMessages = {
  tooLarge: (l: UploadLimits) =>
    `The file is larger than ${sizeInWords(l.maxBytes)}, the most ${l.fileKind} may be.`,
  unpacksTooLarge: (l: UploadLimits) =>
    `The file unpacks to more than ${sizeInWords(l.maxUnpackedBytes)}, the most ${l.fileKind} may hold once unzipped: is it the workbook you meant?`,
  tooManyRows: (l: UploadLimits) =>
    `The file has more than ${count(l.maxRows)} rows, the most ${l.fileKind} may have (the header row not counted).`,
  cellTooLong: (l: UploadLimits, row: number, column: number) =>
    `Row ${count(row)}, column ${columnName(column)} holds more than ${count(l.maxCellChars)} characters, the most a cell of ${l.fileKind} may hold.`,
  sharedTextTooLong: (l: UploadLimits) =>
    `A cell of the file holds more than ${count(l.maxCellChars)} characters, the most a cell of ${l.fileKind} may hold.`,
  tooManyColumns: (l: UploadLimits, row: number, column: number) =>
    `Row ${count(row)} has a value in column ${columnName(column)}: ${l.fileKind} may use at most ${count(l.maxColumns)} columns.`,
  rowTooLong: (l: UploadLimits, row: number) =>
    `Row ${count(row)} holds more than ${count(l.maxRowChars)} characters, the most a row of ${l.fileKind} may hold.`,
  csvRowTooLong: (l: UploadLimits, row: number) =>
    `The file is not valid CSV: row ${row} is longer than ${count(l.maxRowChars)} characters (is a quote left unclosed?).`,
  tooMuchText: (l: UploadLimits) =>
    `The cells of the file hold more than ${count(l.maxTextChars)} characters in all, the most ${l.fileKind} may hold.`,
  tooMuchSharedText: (l: UploadLimits) =>
    `The file holds more text than ${l.fileKind} reads from a workbook (${count(l.maxSharedStrings)} distinct cell texts or ${count(l.maxSharedStringChars / 1_000_000)} million characters): save it as CSV UTF-8 and upload that.`,
  tooMuchMemory: (l: UploadLimits) =>
    `Reading the file needs more than the ${count(l.workerHeapMiB)} MB of memory ${l.fileKind} may use: save it as CSV UTF-8 and upload that.`,
  tooManyParts: (l: UploadLimits) =>
    `The file has more parts than a workbook has: it is not ${l.fileKind} the portal can read.`,
} as const;
