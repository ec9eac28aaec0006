import type { ImportFileType } from '@csp/contracts';
import type { CsvDialect } from '../../../lib/uploads/csv-dialect.ts';
import { tidy } from './cell-checks.ts';
import { readFileRows } from './file-rows.ts';
import type { FileColumn } from '../feeds/column-mapping.ts';

/** Rows whose values a column mapping shows beside each column. */
const SAMPLE_ROWS = 3;
const SAMPLE_CHARS = 60;

/**
 * The file's header and the first values of each column, read from its start only (the
 * reading thread stops there): what the column mapping shows. Null for a file without rows.
 */
export async function sampleFile(
  path: string,
  fileType: ImportFileType,
  csv: CsvDialect | null,
): Promise<{ header: string[]; columns: FileColumn[]; rows: number } | null> {
  let header: string[] | null = null;
  const rows: string[][] = [];
  for await (const row of readFileRows(path, fileType, csv)) {
    if (!header) header = row.cells;
    else rows.push(row.cells);
    if (rows.length >= SAMPLE_ROWS) break;
  }
  if (!header) return null;
  const columns = header.flatMap((text, index) => {
    const name = tidy(text);
    if (name === '') return [];
    // Each value once: "e.g. CHEM, CHEM" says less than "e.g. CHEM".
    const samples = [
      ...new Set(rows.map((cells) => tidy(cells[index] ?? '').slice(0, SAMPLE_CHARS))),
    ].filter((value) => value !== '');
    return [{ header: name, samples }];
  });
  return { header, columns, rows: rows.length };
}
