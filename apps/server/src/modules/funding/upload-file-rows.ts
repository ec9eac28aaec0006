import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

export type AllowanceFileType = 'csv' | 'xlsx';

/** The file cannot be read as a whole (not CSV, not a workbook): the upload is INVALID. */
export class AllowanceFileError extends Error {}

export interface AllowanceFileRow {
  /** As a spreadsheet shows it: the header is row 1. */
  rowNumber: number;
  cells: string[];
}

/**
 * The rows of an allowance file held in memory (at most 5 MB: the data module's streaming
 * reader is for files a hundred times larger). CSV: UTF-8, a BOM dropped, comma-separated,
 * quoted cells may span lines. XLSX: the first worksheet, cells as a spreadsheet exports them.
 */
export async function readAllowanceFile(
  bytes: Buffer,
  type: AllowanceFileType,
): Promise<AllowanceFileRow[]> {
  return type === 'csv' ? csvRows(bytes) : xlsxRows(bytes);
}

function csvRows(bytes: Buffer): AllowanceFileRow[] {
  try {
    const records = parse(bytes, {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as unknown as { record: string[]; info: { lines: number; records: number } }[];
    return records.map(({ record, info }) => ({ rowNumber: info.records, cells: record }));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new AllowanceFileError(`The file is not valid CSV: ${detail}`);
  }
}

/** A cell as text, the way a spreadsheet would export it. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    // Whole numbers as digits: a student ID typed as a number stays as typed.
    if (Number.isInteger(value)) return BigInt(value).toString();
    // A formula's binary result (=100*1.1 is 110.00000000000001) as the amount it shows.
    const cents = Math.round(value * 100);
    return Math.abs(value - cents / 100) < 1e-6 ? String(cents / 100) : String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return String(value);
}

async function xlsxRows(bytes: Buffer): Promise<AllowanceFileRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new AllowanceFileError(`The file is not a valid .xlsx workbook: ${detail}`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AllowanceFileError('The workbook has no worksheet.');
  const rows: AllowanceFileRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    // row.values is 1-based: index 0 is always empty.
    const cells: string[] = [];
    for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
    rows.push({ rowNumber: row.number, cells });
  });
  return rows;
}
