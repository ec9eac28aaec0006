import { MAX_ALLOWANCE_FILE_BYTES, MAX_ALLOWANCE_FILE_ROWS } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import { readSheetRows, type SheetRow } from '../../../lib/uploads/sheet-reader.ts';
import { SheetLimitError, SheetReadError } from '../../../lib/uploads/sheet-errors.ts';
import type { UploadLimits } from '../../../lib/uploads/upload-limits.ts';
import { checkWorkbookDirectory } from '../../../lib/uploads/zip-parts.ts';

export type AllowanceFileType = 'csv' | 'xlsx';

/** The file cannot be read as a whole (not CSV, not a workbook): the upload is INVALID. */
export class AllowanceFileError extends Error {}

export type AllowanceFileRow = SheetRow;

/**
 * What an allowance file may be (ADR 0022): three short columns, a row per student. 50,000
 * rows of them are about 2 MB of CSV, and as a workbook's sheet 10 to 15 MB of XML (about
 * 250 bytes a row with its styles): 50 MB unpacked leaves room for notes and the rest of a
 * workbook, and refuses a zip bomb from its directory. A note is at most 500 characters (a
 * longer one is its row's issue): 1,000 characters a cell, 100 columns for a sheet exported
 * with more than the three. The rows are held whole while they are checked: 20 million
 * characters in all. The reading thread's heap holds the shared texts: 128 MiB.
 */
export const ALLOWANCE_FILE_LIMITS: UploadLimits = {
  fileKind: 'an allowance file',
  maxBytes: MAX_ALLOWANCE_FILE_BYTES,
  maxUnpackedBytes: 50 * 2 ** 20,
  maxRows: MAX_ALLOWANCE_FILE_ROWS,
  maxColumns: 100,
  maxCellChars: 1000,
  maxRowChars: 100_000,
  maxTextChars: 20_000_000,
  maxSharedStrings: 200_000,
  maxSharedStringChars: 20_000_000,
  workerHeapMiB: 128,
};

/**
 * The rows of a stored allowance file (blank rows left out), read in a worker thread within
 * ALLOWANCE_FILE_LIMITS: a limit it breaks is a 413 naming `file` and the limit. CSV: UTF-8, a
 * BOM dropped, comma-separated, quoted cells may span lines. XLSX: the first sheet, cells as a
 * spreadsheet exports them, amounts to the cent they show.
 */
export async function readAllowanceFile(
  path: string,
  type: AllowanceFileType,
): Promise<AllowanceFileRow[]> {
  const rows: AllowanceFileRow[] = [];
  try {
    // A zip bomb is refused from the workbook's directory, before a thread is asked to read.
    if (type === 'xlsx') await checkWorkbookDirectory(path, ALLOWANCE_FILE_LIMITS);
    for await (const row of readSheetRows(path, type, {
      limits: ALLOWANCE_FILE_LIMITS,
      numbers: 'cents',
    })) {
      rows.push(row);
    }
  } catch (error) {
    if (error instanceof SheetLimitError) throw AppError.tooLarge(error.message, 'file');
    if (error instanceof SheetReadError) throw new AllowanceFileError(error.message);
    throw error;
  }
  return rows;
}
