import type { ImportSummary } from '@csp/contracts';
import type { CsvDialect } from '../../lib/uploads/csv-dialect.ts';
import { formatById } from './feeds/import-formats.ts';
import { describeColumns, type ChosenColumns, type FileColumn } from './feeds/column-mapping.ts';
import type { ImportRow } from './import-repository.ts';
import { applyPauseSeconds } from './apply/embedded-pause.ts';

export interface Progress {
  done: number;
  total: number | null;
}

const RUNNING = new Set(['VALIDATING', 'APPLYING']);
/** An import about to be applied, or being applied (what the pause estimate is for). */
const TO_APPLY = new Set(['VALIDATED', 'APPLYING']);

/** How an import's columns are matched to its format's (null: its headers are the format's own). */
export function chosenColumnsOf(row: ImportRow): ChosenColumns | null {
  return (row.columnMapping as ChosenColumns | null) ?? null;
}

function columnMappingOf(row: ImportRow) {
  const format = formatById(row.formatId);
  const chosen = chosenColumnsOf(row);
  if (!format || !chosen || !row.fileColumns) return null;
  return describeColumns(format, row.fileColumns as FileColumn[], chosen);
}

/** How an import's CSV file is read (null: a workbook). */
export function csvDialectOf(row: ImportRow): CsvDialect | null {
  return row.csvSeparator && row.csvEncoding
    ? { separator: row.csvSeparator, encoding: row.csvEncoding }
    : null;
}

function csvDialectWithChoice(row: ImportRow): ImportSummary['csvDialect'] {
  const dialect = csvDialectOf(row);
  return dialect && { ...dialect, chosen: row.csvDialectChosen };
}

/**
 * An import as the contract shows it. `live` is the progress this process keeps of a job it
 * runs; another process's job shows the progress last saved on the row. `engine` is the
 * database the import applies to.
 */
export function toSummary(
  row: ImportRow,
  live: Progress | undefined,
  engine: 'pglite' | 'postgres',
): ImportSummary {
  const progress = RUNNING.has(row.status)
    ? (live ?? { done: row.progressDone, total: row.progressTotal })
    : null;
  return {
    importId: row.id,
    formatId: row.formatId,
    formatName: formatById(row.formatId)?.name ?? row.formatId,
    feeds: row.feeds as ImportSummary['feeds'],
    fileName: row.fileName,
    fileType: row.fileType,
    fileBytes: Number(row.fileBytes),
    divisionId: row.divisionId,
    divisionName: row.divisionName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    appliedAt: row.appliedAt ? row.appliedAt.toISOString() : null,
    rowsRead: row.rowsRead,
    rowsValid: row.rowsValid,
    rowsRejected: row.rowsRejected,
    added: row.added,
    updated: row.updated,
    unchanged: row.unchanged,
    entities: row.entities as ImportSummary['entities'],
    reasons: row.reasons as ImportSummary['reasons'],
    rowsWarned: row.rowsWarned,
    warnings: row.warnings as ImportSummary['warnings'],
    columnMapping: columnMappingOf(row),
    csvDialect: csvDialectWithChoice(row),
    applyPauseSeconds: TO_APPLY.has(row.status) ? applyPauseSeconds(engine, row.rowsValid) : null,
    progress,
    errorMessage: row.errorMessage,
    terms: row.terms,
  };
}
