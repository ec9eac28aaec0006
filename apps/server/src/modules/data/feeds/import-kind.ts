import type { ImportSummary } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { FIELDS, type FieldName } from './import-fields.ts';
import type { MappingFile } from './mapping-schema.ts';
import type { CellIssue, FieldValues, RowMapper } from '../checks/row-mapper.ts';
import type { StoreCatalog } from '../apply/store-catalog.ts';
import type { TableGrowth } from '../apply/table-growth.ts';
import type { ImportTable } from '../apply/table-stats-repository.ts';
import type { Classified } from '../apply/recordset-repository.ts';

type ImportEntityCounts = ImportSummary['entities'][number];

/** What a row or a record came to: created, changed, or found as the file says. */
export type Outcome = 'added' | 'updated' | 'unchanged';

/** Validation compares with the store and writes nothing; applying writes too. */
export type Mode = 'dry' | 'apply';

/** A checked value as the file wrote it (prices in dollars, not cents). */
function shown(field: FieldName, value: unknown): string {
  if (FIELDS[field].type.kind === 'money' && typeof value === 'number') return (value / 100).toFixed(2);
  return String(value);
}

/** How many of the compared records the store does not have yet. */
export function missing(classes: readonly Classified[]): number {
  return classes.filter((c) => !c.exists).length;
}

export function outcomeOf(exists: boolean, differs: boolean): Outcome {
  if (!exists) return 'added';
  return differs ? 'updated' : 'unchanged';
}

/**
 * Tallies a chunk of a kind with one record per natural key (titles, professors): each record
 * its compared outcome, then each row the outcome of the record it named (a row repeating an
 * earlier record's key counts as that record did).
 */
export function tallyChunk(
  tally: Tally,
  entity: string,
  classes: readonly Classified[],
  records: readonly { outcome: Outcome | null }[],
  rows: readonly { outcome: Outcome | null }[],
): void {
  for (const c of classes) {
    const record = records[c.i];
    if (!record) continue;
    record.outcome = outcomeOf(c.exists, c.differs);
    tally.entity(entity, record.outcome);
  }
  for (const row of rows) tally.row(row.outcome ?? 'unchanged');
}

/** The counts of a pass: per row and per kind of record, and the terms the rows fall in. */
export class Tally {
  readonly rows: Record<Outcome, number> = { added: 0, updated: 0, unchanged: 0 };
  private readonly entities = new Map<string, Record<Outcome, number>>();
  readonly terms = new Set<string>();

  row(outcome: Outcome): void {
    this.rows[outcome]++;
  }

  entity(name: string, outcome: Outcome, count = 1): void {
    const counts = this.entities.get(name) ?? { added: 0, updated: 0, unchanged: 0 };
    counts[outcome] += count;
    this.entities.set(name, counts);
  }

  /** Every kind of record the format writes, in its order, zero when none was met. */
  entityList(names: readonly string[]): ImportEntityCounts[] {
    return names.map((entity) => ({
      entity,
      ...(this.entities.get(entity) ?? { added: 0, updated: 0, unchanged: 0 }),
    }));
  }
}

export interface KindContext {
  locationId: number;
  /** The upload's division, for formats whose file has no division column. */
  divisionId: number | null;
  catalog: StoreCatalog;
  mapper: RowMapper;
  mapping: MappingFile;
  tally: Tally;
  /** While applying: the planner's statistics kept up with what the import adds. */
  growth: TableGrowth | null;
  /** While applying: the sections whose kept facts the import changed (refreshed at the end). */
  touchedSections: Set<number>;
  /** Which import writes, from which file, by whom and when (what imported records are marked with). */
  stamp: ImportOrigin;
}

/** An import as the records it writes name it (adoption history entries). */
export interface ImportOrigin {
  importId: number;
  fileName: string;
  accountId: number;
  at: Date;
}

export type Built<R> = { record: R; issues?: undefined } | { issues: CellIssue[] };

/**
 * One kind of feed file (divisions and terms, sections, professors, students and enrolments,
 * products) read in two passes (ADR 0018). Pass 1 builds each row's record, checks what it
 * refers to and admits it in file order: rows of one record merge, a row that contradicts an
 * earlier one is rejected. Pass 2 takes the admitted rows again and flushes them in chunks:
 * each chunk's records are compared with the store in a few set-based statements (and, when
 * applying, written by a few more), and each row counts as what its record came to.
 */
export abstract class KindRun<R> {
  constructor(protected readonly ctx: KindContext) {}

  /** The kinds of record it counts, in the order the report lists them. */
  abstract readonly entities: readonly string[];

  /** The row's record from its checked values, or issues across fields (in memory). */
  abstract build(values: FieldValues): Built<R>;

  /** Pass 1: looks up what a batch of records refers to in the store (default: nothing). */
  async resolve(_db: Db, _records: readonly R[]): Promise<void> {}

  /** Pass 1, in file order: keeps the row's record; issues when it contradicts an earlier row. */
  abstract admit(rowNumber: number, record: R): CellIssue[];

  /** Pass 1, after a row was admitted: what it goes in without (warnings; default none). */
  admittedWarnings(_record: R): CellIssue[] {
    return [];
  }

  /** Pass 2: a row pass 1 admitted, waiting for the next flush. */
  abstract take(rowNumber: number, record: R): void;

  /** Pass 2: how many rows wait for a flush. */
  abstract pending(): number;

  /** Pass 2: compares the waiting records with the store (and writes them in apply mode). */
  abstract flush(db: Db, mode: Mode): Promise<void>;

  /** After a write that added `added` rows to `table` (see TableGrowth). */
  protected async grew(db: Db, table: ImportTable, added: number): Promise<void> {
    await this.ctx.growth?.grew(db, table, added);
  }

  /** Sections whose enrolments or professors the import changed (see import-run.ts). */
  protected touched(sectionIds: readonly number[]): void {
    for (const id of sectionIds) this.ctx.touchedSections.add(id);
  }

  /** An issue on the column a field is read from. */
  protected issue(field: FieldName, value: string, message: string): CellIssue {
    return { column: this.ctx.mapper.columnOf(field), value: value.slice(0, 200), message };
  }

  /** The store's division the row names (the import's own when its format names none), or an issue. */
  protected storeDivisionId(values: FieldValues, issues: CellIssue[]): number | null {
    if (this.ctx.mapping.needsDivision) return this.ctx.divisionId;
    const name = this.text(values, 'divisionName', issues);
    if (!name) return null;
    const division = this.ctx.catalog.division(name);
    if (!division) issues.push(this.issue('divisionName', name, 'is not a division of this store'));
    return division?.id ?? null;
  }

  /** A text field's value, or an issue saying it is required. */
  protected text(values: FieldValues, field: FieldName, issues: CellIssue[]): string {
    const value = values[field];
    if (typeof value === 'string') return value;
    issues.push(this.issue(field, '', 'is required'));
    return '';
  }

  protected optionalText(values: FieldValues, field: FieldName): string | null {
    const value = values[field];
    return typeof value === 'string' ? value : null;
  }

  protected optionalNumber(values: FieldValues, field: FieldName): number | null {
    const value = values[field];
    return typeof value === 'number' ? value : null;
  }

  /**
   * A row that says something else than the earlier row of the same record, field by field
   * (null is "not given" and never contradicts): issues, empty when the rows agree.
   */
  protected contradictions<T>(
    earlier: T,
    later: T,
    firstRow: number,
    fields: readonly (keyof T & FieldName)[],
    what: string,
  ): CellIssue[] {
    const issues: CellIssue[] = [];
    for (const field of fields) {
      const a = earlier[field];
      const b = later[field];
      if (a !== null && b !== null && a !== b) {
        issues.push(
          this.issue(
            field,
            `${shown(field, b)} (row ${firstRow} has ${shown(field, a)})`,
            `differs from an earlier row of the same ${what}`,
          ),
        );
      }
    }
    return issues;
  }
}

/** A record of a kind with one record per natural key, as pass 1 admitted it. */
export interface KeyedState<R> {
  firstRow: number;
  record: R;
  outcome: Outcome | null;
}

/**
 * A kind with one record per natural key (terms, sections, titles, professors): pass 1 keeps
 * each key's first row's state; pass 2 waits each chunk's records (a key's first row) and rows
 * (every row, counted as its key's record came to).
 */
export abstract class KeyedKindRun<R, S extends KeyedState<R> = KeyedState<R>> extends KindRun<R> {
  protected readonly admitted = new Map<string, S>();
  protected chunkRecords: S[] = [];
  protected chunkRows: S[] = [];

  /** The record's natural key. */
  protected abstract keyOf(record: R): string;

  take(rowNumber: number, record: R): void {
    const state = this.admitted.get(this.keyOf(record));
    if (!state) throw new Error(`row ${rowNumber} was not admitted`);
    if (state.firstRow === rowNumber) this.chunkRecords.push(state);
    this.chunkRows.push(state);
  }

  pending(): number {
    return this.chunkRows.length;
  }

  /** After a flush: the next chunk starts empty. */
  protected endChunk(): void {
    this.chunkRecords = [];
    this.chunkRows = [];
  }
}
