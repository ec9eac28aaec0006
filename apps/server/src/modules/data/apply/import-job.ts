import type { ImportFileType } from '@csp/contracts';
import type { CsvDialect } from '../../../lib/uploads/csv-dialect.ts';
import type { ChosenColumns } from '../feeds/column-mapping.ts';
import type { ImportRow } from '../import-repository.ts';
import { chosenColumnsOf, csvDialectOf } from '../import-summary.ts';

/** What a check or an apply of an import reads: its file, how, and where it writes. */
export interface ImportJob {
  importId: number;
  locationId: number;
  divisionId: number | null;
  formatId: string;
  fileType: ImportFileType;
  storedPath: string | null;
  /** How a CSV file is read (null: a workbook). */
  csv: CsvDialect | null;
  /** How its columns are matched to the format's (null: as the format names them, or not yet). */
  columns: ChosenColumns | null;
  /** The uploaded file's name and who uploaded it (what imported adoptions' history names). */
  fileName: string;
  uploadedBy: number;
}

/** The check or apply job of an import, as its row describes it. */
export function importJobOf(row: ImportRow): ImportJob {
  return {
    importId: row.id,
    locationId: row.locationId,
    divisionId: row.divisionId,
    formatId: row.formatId,
    fileType: row.fileType,
    storedPath: row.storedPath,
    csv: csvDialectOf(row),
    columns: chosenColumnsOf(row),
    fileName: row.fileName,
    uploadedBy: row.createdBy,
  };
}
