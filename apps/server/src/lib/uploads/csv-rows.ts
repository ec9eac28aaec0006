import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import {
  type CsvDialect,
  type CsvEncoding,
  DEFAULT_CSV_DIALECT,
  separatorChar,
} from './csv-dialect.ts';
import type { SheetRow } from './row-limits.ts';
import { SheetFormatError, SheetLimitError } from './sheet-errors.ts';
import { limitMessages as M, type UploadLimits } from './upload-limits.ts';

/**
 * The bytes of another encoding as UTF-8, which the parser reads. The decoder keeps a character
 * split between chunks for the next one, and drops a UTF-16 BOM.
 */
function toUtf8(encoding: CsvEncoding): Transform {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

/**
 * The records of a CSV file, one at a time, in its dialect (UTF-8 and comma-separated unless
 * said otherwise; a BOM is dropped). Quoted cells may span lines (the row number is the
 * record's, as a spreadsheet shows it). A record is held whole while it is parsed, so it may be
 * at most `maxRowChars` long.
 */
export async function* csvRows(
  path: string,
  limits: UploadLimits,
  dialect: CsvDialect = DEFAULT_CSV_DIALECT,
): AsyncGenerator<SheetRow> {
  const source = createReadStream(path);
  // UTF-8 goes to the parser as it is, as it always has.
  const decoder = dialect.encoding === 'utf-8' ? null : toUtf8(dialect.encoding);
  const parser = (decoder ? source.pipe(decoder) : source).pipe(
    parse({
      bom: true,
      delimiter: separatorChar(dialect.separator),
      // Each record is numbered here, not by the parser's `info` option: that option builds an
      // object of the parser's state for every record, seven times the reading's cost (a million
      // rows: 5.6 s against 0.7 s). The parser's info.records is this same count.
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: limits.maxRowChars,
    }),
  );
  // pipe() does not pass on the file's own errors: the parser ends with them instead.
  source.on('error', (error) => parser.destroy(error));
  decoder?.on('error', (error) => parser.destroy(error));
  let lastRow = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      lastRow += 1;
      yield { rowNumber: lastRow, cells: record };
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
    decoder?.destroy();
    source.destroy();
  }
}
