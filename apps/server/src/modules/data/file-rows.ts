import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { ImportFileType } from '@csp/contracts';

/** The file as a whole cannot be read (not CSV, not a workbook): the import is INVALID. */
export class FileFormatError extends Error {}

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

async function* csvRows(path: string): AsyncGenerator<FileRow> {
  const parser = createReadStream(path).pipe(
    parse({ bom: true, info: true, relax_column_count: true, relax_quotes: true }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { records: number };
    }>) {
      yield { rowNumber: info.records, cells: record };
    }
  } catch (error) {
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

async function* xlsxRows(path: string): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader as AsyncIterable<AsyncIterable<ExcelJS.Row>>) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        // row.values is 1-based: index 0 is always empty.
        yield { rowNumber: row.number, cells: values.slice(1).map(cellText) };
      }
      return;
    }
  } catch (error) {
    throw asFormatError(error);
  }
  throw new FileFormatError('The workbook has no worksheet.');
}

function asFormatError(error: unknown): Error {
  if (error instanceof FileFormatError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new FileFormatError(`The file is not a readable Excel workbook (.xlsx): ${detail}`);
}
