import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { ImportFileType } from '@csp/contracts';

/** The file as a whole cannot be read (not CSV, not a workbook): the import is INVALID. */
export class FileFormatError extends Error {}

/**
 * What reading one file may hold in memory (ADR 0018). A CSV record is held whole while it is
 * parsed: an unclosed quote would otherwise make the rest of the file one record. A workbook's
 * shared strings (the text of its cells, each distinct text once) are held for the whole read.
 * Mutable so a test can lower them.
 */
export const READ_LIMITS = {
  csvRecordChars: 2 ** 20,
  sharedStringChars: 64_000_000,
  sharedStrings: 2_000_000,
};

export interface FileRow {
  /** As a spreadsheet shows it: the header is row 1. */
  rowNumber: number;
  cells: string[];
}

/**
 * The rows of an uploaded file, one at a time, read from disk as they are needed: a file of
 * 400,000 rows is never held in memory (ADR 0018). CSV: UTF-8 (a BOM is dropped), comma,
 * quoted cells may span lines. XLSX: the first worksheet.
 */
export function readFileRows(path: string, type: ImportFileType): AsyncGenerator<FileRow> {
  return type === 'csv' ? csvRows(path) : xlsxRows(path);
}

/**
 * Rows may have fewer cells than the header (the missing ones are empty, as a spreadsheet
 * exports trailing empty cells); more cells are the caller's to reject (import-run.ts).
 */
async function* csvRows(path: string): AsyncGenerator<FileRow> {
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: READ_LIMITS.csvRecordChars,
    }),
  );
  let lastRow = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { records: number };
    }>) {
      lastRow = info.records;
      yield { rowNumber: info.records, cells: record };
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'CSV_MAX_RECORD_SIZE') {
      throw new FileFormatError(
        `The file is not valid CSV: row ${lastRow + 1} is longer than ${READ_LIMITS.csvRecordChars.toLocaleString('en-US')} characters (is a quote left unclosed?).`,
      );
    }
    const detail = error instanceof Error ? error.message : String(error);
    throw new FileFormatError(`The file is not valid CSV: ${detail}`);
  } finally {
    parser.destroy();
  }
}

/** A cell of the streaming reader as text, the way a spreadsheet would export it. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    // Whole numbers as digits: an ISBN typed as a number stays 13 digits, not 9.78e12.
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (cell.richText) return cell.richText.map((r) => r.text).join('');
    if ('result' in cell) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.error !== undefined) return String(cell.error);
  }
  return String(value);
}

/** A shared string as the reader emits it: text, or rich text in runs. */
type SharedText = string | { richText: { text: string }[] } | null | undefined;

/**
 * The first worksheet's rows. The reader emits the shared strings instead of caching them
 * (its cache keeps every run's font: a 9 MB workbook took 2.5 GB), so they are kept here as
 * plain text, up to READ_LIMITS; the reader then parses the worksheets from a temporary copy.
 */
async function* xlsxRows(path: string): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const strings: string[] = [];
  let chars = 0;
  const events = (reader as unknown as { parse(): AsyncIterable<Record<string, unknown>> }).parse();
  try {
    for await (const event of events) {
      if (event['eventType'] === undefined && typeof event['index'] === 'number') {
        const text = cellText(event['text'] as SharedText);
        chars += text.length;
        if (chars > READ_LIMITS.sharedStringChars || strings.length >= READ_LIMITS.sharedStrings) {
          throw new FileFormatError(M_TOO_MUCH_TEXT());
        }
        strings.push(text);
        continue;
      }
      if (event['eventType'] !== 'worksheet') continue;
      for await (const row of event['value'] as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        // row.values is 1-based: index 0 is always empty.
        const cells = values.slice(1).map((value) => {
          const shared = (value as { sharedString?: unknown } | null)?.sharedString;
          return typeof shared === 'number' ? (strings[shared] ?? '') : cellText(value);
        });
        yield { rowNumber: row.number, cells };
      }
      return;
    }
  } catch (error) {
    throw asFormatError(error);
  }
  throw new FileFormatError('The workbook has no worksheet.');
}

const M_TOO_MUCH_TEXT = () =>
  `The file holds more text than an import reads from a workbook (${READ_LIMITS.sharedStrings.toLocaleString('en-US')} distinct cell texts or ${(READ_LIMITS.sharedStringChars / 1_000_000).toLocaleString('en-US')} million characters): save it as CSV UTF-8 and upload that.`;

function asFormatError(error: unknown): Error {
  if (error instanceof FileFormatError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new FileFormatError(`The file is not a readable Excel workbook (.xlsx): ${detail}`);
}
