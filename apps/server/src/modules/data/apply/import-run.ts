import type { ImportFileType, ImportSummary } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { DivisionsTermsRun } from '../feeds/divisions-terms-kind.ts';
import { countFileRows, readFileRows, type FileRow } from '../checks/file-rows.ts';
import type { KindId } from '../feeds/import-fields.ts';
import { Tally, type ImportOrigin, type KindContext, type KindRun, type Mode } from '../feeds/import-kind.ts';
import { AdoptionHistoryRun } from '../feeds/adoption-history-kind.ts';
import { lockStoreImports } from '../import-repository.ts';
import { IssueRecorder, type RecordedIssue } from '../checks/issue-recorder.ts';
import type { MappingFile } from '../feeds/mapping-schema.ts';
import type { CsvDialect } from '../../../lib/uploads/csv-dialect.ts';
import { ProductsRun } from '../feeds/products-kind.ts';
import { ProfessorsRun } from '../feeds/professors-kind.ts';
import { HeaderError, RowMapper, type CellIssue } from '../checks/row-mapper.ts';
import { SectionsRun } from '../feeds/sections-kind.ts';
import { deferSectionFacts, refreshSectionFacts } from './section-facts-repository.ts';
import { StoreCatalog } from './store-catalog.ts';
import { StudentsRun } from '../feeds/students-kind.ts';
import { TableGrowth } from './table-growth.ts';

/**
 * The server is shutting down: the run stops at the next row, before anything more is read or
 * written (an apply's transaction rolls back whole), and its job releases the import.
 */
export class ImportInterrupted extends Error {
  constructor() {
    super('the server is shutting down');
  }
}

/** Rows per look-up batch (pass 1) and per compare-and-write chunk (pass 2). */
export const CHUNK_ROWS = 5000;

export interface RunOptions {
  db: Db;
  mapping: MappingFile;
  path: string;
  fileType: ImportFileType;
  /** How a CSV file is read (null: a workbook). */
  csv: CsvDialect | null;
  locationId: number;
  divisionId: number | null;
  mode: Mode;
  /** The import being run (imported records carry it). */
  origin: ImportOrigin;
  /** Aborted when the server shuts down: the run throws ImportInterrupted at the next row. */
  signal?: AbortSignal;
  /** Rows done of the rows to do; the total is null while the first pass counts them. */
  onProgress(done: number, total: number | null): void | Promise<void>;
  /** Where validation keeps the first issues (applying has kept them already: null). */
  keepIssues: ((issues: RecordedIssue[]) => Promise<void>) | null;
  /**
   * Applying: records the result inside the apply's transaction, so the import is APPLIED
   * exactly when its writes commit (a failure here rolls them back).
   */
  onApplied?: (tx: Db, result: RunResult) => Promise<void>;
}

export type RunResult = Pick<
  ImportSummary,
  | 'rowsRead'
  | 'rowsValid'
  | 'rowsRejected'
  | 'added'
  | 'updated'
  | 'unchanged'
  | 'entities'
  | 'reasons'
  | 'rowsWarned'
  | 'warnings'
  | 'terms'
>;

function kindRun(kind: KindId, ctx: KindContext): KindRun<unknown> {
  switch (kind) {
    case 'divisions-terms':
      return new DivisionsTermsRun(ctx) as KindRun<unknown>;
    case 'sections':
      return new SectionsRun(ctx) as KindRun<unknown>;
    case 'professors':
      return new ProfessorsRun(ctx) as KindRun<unknown>;
    case 'students-enrollments':
      return new StudentsRun(ctx) as KindRun<unknown>;
    case 'products':
      return new ProductsRun(ctx) as KindRun<unknown>;
    case 'adoption-history':
      return new AdoptionHistoryRun(ctx) as KindRun<unknown>;
  }
}

/**
 * A CSV row with more cells than the header, one of them not empty: a comma in an unquoted
 * value shifts every later column, so none of its cells can be trusted. (Fewer cells are empty
 * ones a spreadsheet left off; a workbook's cells are placed by column and cannot shift.)
 */
function extraCells(row: FileRow, headerWidth: number, fileType: ImportFileType): CellIssue[] {
  if (fileType !== 'csv' || row.cells.length <= headerWidth) return [];
  // Empty cells past the header (a comma at the end of every row) shift nothing.
  if (row.cells.slice(headerWidth).every((cell) => cell.trim() === '')) return [];
  return [
    {
      column: '',
      value: `${row.cells.length} cells, the header has ${headerWidth}`,
      message:
        'has more cells than the header has columns: a value with a comma in it must be in double quotes',
    },
  ];
}

/** The data rows of the file (the reader leaves blank rows out), after its header row. */
async function* dataRows(
  o: Pick<RunOptions, 'path' | 'fileType' | 'csv'>,
  onHeader: (header: FileRow) => void,
): AsyncGenerator<FileRow> {
  let header = false;
  for await (const row of readFileRows(o.path, o.fileType, o.csv)) {
    if (!header) {
      header = true;
      onHeader(row);
      continue;
    }
    yield row;
  }
  if (!header) throw new HeaderError('The file is empty: it needs a header row and rows of data.');
}

/**
 * Reads an uploaded file twice, streaming (ADR 0018). Pass 1 checks every row and admits it
 * (rows of one record merge; contradictions and unknown references are rejected) without
 * touching the store but for look-ups. Pass 2 reads it again and, chunk by chunk, compares the
 * admitted records with the store: a dry run answers what applying would do; applying does
 * it, in one transaction under the store's import lock. Only keys and merged records stay in
 * memory, never the rows.
 */
export async function runImport(o: RunOptions): Promise<RunResult> {
  // Pass 0, the check only: the whole file within an import's limits, in the reading thread,
  // before any row is looked up (a file of too many rows is refused in seconds; ADR 0022).
  if (o.mode === 'dry') await countFileRows(o.path, o.fileType, o.csv);
  const catalog = await StoreCatalog.load(o.db, o.locationId);
  const tally = new Tally();
  const recorder = new IssueRecorder(o.keepIssues);
  let mapper: RowMapper | undefined;
  let headerWidth = 0;
  let kind: KindRun<unknown> | undefined;
  let context: KindContext | undefined;
  const onHeader = (header: FileRow) => {
    mapper = RowMapper.fromHeader(o.mapping, header.cells);
    headerWidth = header.cells.length;
    context = {
      locationId: o.locationId,
      divisionId: o.divisionId,
      catalog,
      mapper,
      mapping: o.mapping,
      tally,
      growth: null,
      touchedSections: new Set(),
      stamp: o.origin,
    };
    kind = kindRun(o.mapping.kind, context);
  };

  let rowsRead = 0;
  let batch: { rowNumber: number; record: unknown; warnings: CellIssue[] }[] = [];
  const admitBatch = async (run: KindRun<unknown>) => {
    await run.resolve(
      o.db,
      batch.map((b) => b.record),
    );
    for (const { rowNumber, record, warnings } of batch) {
      const issues = run.admit(rowNumber, record);
      // A rejected row's detail problems are named with its other ones: it is fixed once.
      if (issues.length > 0) recorder.reject(rowNumber, [...issues, ...warnings]);
      else recorder.warn(rowNumber, [...warnings, ...run.admittedWarnings(record)]);
    }
    batch = [];
    await recorder.flush();
    await o.onProgress(rowsRead, null);
  };
  for await (const row of dataRows(o, onHeader)) {
    if (!mapper || !kind) throw new Error('no header');
    if (o.signal?.aborted) throw new ImportInterrupted();
    rowsRead++;
    const extra = extraCells(row, headerWidth, o.fileType);
    if (extra.length > 0) {
      recorder.reject(row.rowNumber, extra);
      continue;
    }
    const { values, issues, warnings } = mapper.map(row.cells);
    const built = issues.length > 0 ? { issues } : kind.build(values);
    if (built.issues) {
      recorder.reject(row.rowNumber, [...built.issues, ...warnings]);
      continue;
    }
    batch.push({ rowNumber: row.rowNumber, record: built.record, warnings });
    if (batch.length >= CHUNK_ROWS) await admitBatch(kind);
  }
  if (!mapper || !kind) throw new HeaderError('The file is empty.');
  if (rowsRead === 0) throw new HeaderError('The file has a header row but no rows of data.');
  await admitBatch(kind);
  await recorder.flush(true);

  const run = kind;
  const rowMapper = mapper;
  const takeAll = async (db: Db) => {
    let done = 0;
    for await (const row of dataRows(o, () => undefined)) {
      if (o.signal?.aborted) throw new ImportInterrupted();
      done++;
      if (recorder.rejectedRows.has(row.rowNumber)) continue;
      const { values, issues } = rowMapper.map(row.cells);
      const built = issues.length > 0 ? { issues } : run.build(values);
      if (built.issues) throw new Error(`row ${row.rowNumber} read differently the second time`);
      run.take(row.rowNumber, built.record);
      if (run.pending() >= CHUNK_ROWS) {
        await run.flush(db, o.mode);
        await o.onProgress(done, rowsRead);
      }
    }
    await run.flush(db, o.mode);
    await o.onProgress(rowsRead, rowsRead);
  };
  const result = (): RunResult => ({
    rowsRead,
    rowsValid: rowsRead - recorder.rejected,
    rowsRejected: recorder.rejected,
    ...tally.rows,
    entities: tally.entityList(run.entities),
    reasons: recorder.topReasons(),
    rowsWarned: recorder.warned,
    warnings: recorder.topWarnings(),
    terms: [...tally.terms].sort(),
  });
  await o.onProgress(0, rowsRead);
  if (o.mode !== 'apply') {
    await takeAll(o.db);
    return result();
  }
  return o.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await lockStoreImports(db, o.locationId);
    await deferSectionFacts(db);
    if (!context) throw new Error('no header');
    context.growth = await TableGrowth.start(db);
    await takeAll(db);
    await refreshSectionFacts(db, [...context.touchedSections]);
    await context.growth.settle(db);
    const applied = result();
    await o.onApplied?.(db, applied);
    return applied;
  });
}
