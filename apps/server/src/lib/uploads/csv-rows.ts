import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type { SheetRow } from './row-limits.ts';
import { SheetFormatError, SheetLimitError } from './sheet-errors.ts';
import { limitMessages as M, type UploadLimits } from './upload-limits.ts';

/**
 * The records of a CSV file, one at a time: UTF-8 (a BOM is dropped), comma-separated, quoted
 * cells may span lines (the row number is the record's, as a spreadsheet shows it). A record
 * is held whole while it is parsed, so it may be at most `maxRowChars` long.
 */
export async function* csvRows(path: string, limits: UploadLimits): AsyncGenerator<SheetRow> {
  const source = createReadStream(path);
  const parser = source.pipe(
    parse({
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: limits.maxRowChars,
    }),
  );
  // pipe() does not pass on the file's own errors: the parser ends with them instead.
  source.on('error', (error) => parser.destroy(error));
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
      throw new SheetLimitError(M.csvRowTooLong(limits, lastRow + 1));
    }
    if (typeof (error as { syscall?: unknown }).syscall === 'string') throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new SheetFormatError(`The file is not valid CSV: ${detail}`);
  } finally {
    parser.destroy();
    source.destroy();
  }
}
