import { MAX_IMPORT_BYTES, type ImportFileType } from '@csp/contracts';
import { countSheetRows, readSheetRows, type SheetRow } from '../../../lib/uploads/sheet-reader.ts';
import type { UploadLimits } from '../../../lib/uploads/upload-limits.ts';
import type { CsvDialect } from '../../../lib/uploads/csv-dialect.ts';

/**
 * What reading one import may hold (ADR 0018): a CSV record (or a workbook's row) is held
 * whole while it is parsed, an unclosed quote would otherwise make the rest of the file one
 * record; a workbook's shared strings (the text of its cells, each distinct text once) are held
 * for the whole read. Mutable so a test can lower them.
 */
export const READ_LIMITS = {
  csvRecordChars: 2 ** 20,
  sharedStringChars: 64_000_000,
  sharedStrings: 2_000_000,
};

/**
 * An import's limits (ADR 0022): a million rows (400,000 enrolments are 45 MB of CSV), cells
 * of at most 32,767 characters (Excel's own limit), 1,000 columns, a workbook unpacking to at
 * most 1 GB (a million rows of twenty columns as Excel writes them is about 700 MB of XML).
 * Rows are handed on as they are read, never all held: no limit on the text in all. The
 * reading thread's heap holds the shared texts (64 million characters at most): 384 MiB.
 */
export function importLimits(): UploadLimits {
  return {
    fileKind: 'an import',
    maxBytes: MAX_IMPORT_BYTES,
    maxUnpackedBytes: 2 ** 30,
    maxRows: 1_000_000,
    maxColumns: 1000,
    maxCellChars: 32_767,
    maxRowChars: READ_LIMITS.csvRecordChars,
    // Each cell's own text counted, shared texts once per use: a million rows of 32 cells
    // reusing one long shared text would otherwise be a terabyte to read.
    maxTextChars: 2 ** 30,
    maxSharedStrings: READ_LIMITS.sharedStrings,
    maxSharedStringChars: READ_LIMITS.sharedStringChars,
    workerHeapMiB: 384,
  };
}

export type FileRow = SheetRow;

/**
 * The rows of an uploaded file, read from disk by a worker thread as they are needed (a file
 * of 400,000 rows is never held in memory, and the event loop never parses: ADR 0022), blank
 * rows left out. CSV: in its dialect (separator and encoding, detected at upload; a BOM is
 * dropped), quoted cells may span lines; a row may
 * have fewer cells than the header (the missing ones are empty, as a spreadsheet exports
 * trailing empty cells); more cells are the caller's to reject (import-run.ts). XLSX: the
 * first sheet. A limit the file breaks, or a file that is not what its name says, stops the
 * read with a SheetReadError naming it.
 */
export function readFileRows(
  path: string,
  type: ImportFileType,
  csv: CsvDialect | null,
): AsyncGenerator<FileRow> {
  return readSheetRows(path, type, { limits: importLimits(), numbers: 'plain', csv: csv ?? undefined });
}

/** Reads the whole file within the limits (nothing handed on): answers its data rows. */
export function countFileRows(
  path: string,
  type: ImportFileType,
  csv: CsvDialect | null,
): Promise<number> {
  return countSheetRows(path, type, { limits: importLimits(), numbers: 'plain', csv: csv ?? undefined });
}
