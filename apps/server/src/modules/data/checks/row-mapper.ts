import { CellError, checkCell, decodeHtmlEntities, MAX_COUNT, tidy, unreadableCharacter } from './cell-checks.ts';
import { FIELDS, KINDS, type FieldName, type FieldValue } from '../feeds/import-fields.ts';
import { peopleIn } from './person-names.ts';
import { columnLabel, fieldsOfEntry } from '../feeds/import-formats.ts';
import type { ColumnEntry, MappingFile } from '../feeds/mapping-schema.ts';

/** One rejected cell (or row, with `column` empty). Messages never carry the value: reasons group by them. */
export interface CellIssue {
  column: string;
  value: string;
  message: string;
}

/** The header lacks a column the format requires: no row can be read. */
export class HeaderError extends Error {}

/** The header lacks columns the format names (a file of other headers: its columns are to be matched). */
export class MissingColumnsError extends HeaderError {}

/** The checked values of a row's fields; a field absent here was not given (empty or unknown). */
export type FieldValues = Partial<Record<FieldName, FieldValue>>;

interface EntryPlan {
  entry: ColumnEntry;
  label: string;
  /** Cell index of each column (one, or each summed column). */
  indexes: number[];
  unknown: ReadonlySet<string>;
  /** A bad value is left out with a warning, not a reason to reject the row (KindSpec.details). */
  detail: boolean;
  /** The entry's `match`: the value is its first group. */
  match: RegExp | null;
}

/** A header as a file's columns are found by: tidied, lower case. */
export const headerKey = (text: string) => tidy(text).toLowerCase();

/**
 * Why a header row read as one column holds the names of several: the file's values are
 * separated by semicolons or tabs (as spreadsheets save "CSV" in some languages), not commas.
 */
export function separatorHint(header: readonly string[]): string | undefined {
  const named = header.filter((text) => text.trim() !== '');
  const only = named.length === 1 ? named[0]! : '';
  const separator = only.includes(';') ? 'semicolons' : only.includes('\t') ? 'tabs' : null;
  if (!separator) return undefined;
  return `Its values seem to be separated by ${separator}, not commas: upload it again with "Values separated by" set to ${separator} (or left to detection), or save it as an .xlsx workbook.`;
}

/**
 * Turns a file's rows into field values by a mapping file: finds each column in the header,
 * then tidies, decodes, looks up and checks each cell. The kind of the format applies the
 * rules across fields afterwards.
 */
export class RowMapper {
  private readonly columns = new Map<FieldName, string>();

  private constructor(
    private readonly mapping: MappingFile,
    private readonly plans: readonly EntryPlan[],
  ) {
    for (const plan of plans) {
      for (const field of fieldsOfEntry(mapping, plan.entry)) this.columns.set(field, plan.label);
    }
  }

  /** The mapper of a file whose header row is `header`; a HeaderError names missing columns. */
  static fromHeader(mapping: MappingFile, header: readonly string[]): RowMapper {
    const positions = new Map<string, number>();
    const twice = new Set<string>();
    header.forEach((text, index) => {
      const key = headerKey(text);
      if (key && positions.has(key)) twice.add(key);
      else if (key) positions.set(key, index);
    });
    // Two columns of one name: which one holds the values is anyone's guess.
    const ambiguous = mapping.columns
      .flatMap((entry) => (entry.column !== undefined ? [entry.column] : (entry.sumOf ?? [])))
      .filter((name) => twice.has(headerKey(name)));
    if (ambiguous.length > 0) {
      throw new HeaderError(
        `The file has more than one column ${ambiguous.map((n) => `"${n}"`).join(', ')}: keep one of them (which one holds the values cannot be told).`,
      );
    }
    const missing: string[] = [];
    const plans: EntryPlan[] = [];
    for (const entry of mapping.columns) {
      if (entry.value !== undefined) {
        // One value for every row: no column to find (its cell is the value itself).
        plans.push({ entry, label: columnLabel(entry), indexes: [], unknown: new Set(), detail: false, match: null });
        continue;
      }
      const names = entry.column !== undefined ? [entry.column] : (entry.sumOf ?? []);
      const indexes = names.map((n) => positions.get(headerKey(n)) ?? -1);
      const absent = names.filter((_, i) => indexes[i] === -1);
      const words = fieldsOfEntry(mapping, entry)
        .map((f) => FIELDS[f].label)
        .join(', ');
      if (absent.length === 0) {
        const detail =
          !entry.required &&
          fieldsOfEntry(mapping, entry).every((f) => KINDS[mapping.kind].details.includes(f));
        plans.push({
          entry,
          label: columnLabel(entry),
          indexes,
          unknown: new Set(entry.unknown),
          detail,
          match: entry.match === undefined ? null : new RegExp(entry.match),
        });
      } else if (entry.required || absent.length < names.length) {
        missing.push(...absent.map((name) => `"${name}" (${words})`));
      }
    }
    if (missing.length > 0) {
      throw new MissingColumnsError(
        `The file has no column ${missing.join(', ')}. ${separatorHint(header) ?? `Is it a file of the format "${mapping.name}"?`}`,
      );
    }
    return new RowMapper(mapping, plans);
  }

  /** The column a field is read from (for issues the kind finds across fields). */
  columnOf(field: FieldName): string {
    return this.columns.get(field) ?? '';
  }

  /** Whether the file has a column for `field` (an absent optional column keeps stored values). */
  has(field: FieldName): boolean {
    return this.columns.has(field);
  }

  /**
   * A row's checked values, the issues that reject it, and the warnings of detail values left
   * out (the row goes in without them).
   */
  map(cells: readonly string[]): { values: FieldValues; issues: CellIssue[]; warnings: CellIssue[] } {
    const values: FieldValues = {};
    const issues: CellIssue[] = [];
    const warnings: CellIssue[] = [];
    for (const plan of this.plans) {
      const { entry, label } = plan;
      const problem = (message: string, value: string) =>
        (plan.detail ? warnings : issues).push({ column: label, value: value.slice(0, 200), message });
      const cell = (index: number) => {
        const text = tidy(entry.value ?? cells[index] ?? '');
        return entry.decode === 'html' ? decodeHtmlEntities(text) : text;
      };
      if (entry.sumOf) {
        this.sum(plan, cell, values, plan.detail ? warnings : issues);
        continue;
      }
      let value = cell(plan.indexes[0] ?? -1);
      const unreadable = unreadableCharacter(value);
      if (unreadable) {
        problem(unreadable, value);
        continue;
      }
      if (plan.match && value !== '' && !plan.unknown.has(value)) {
        const part = plan.match.exec(value)?.[1];
        if (part === undefined) {
          problem(`is not of the form the format reads (${entry.match})`, value);
          continue;
        }
        value = tidy(part);
      }
      if (value === '' || plan.unknown.has(value)) {
        if (entry.required && value === '') problem('is required', value);
        continue;
      }
      if (entry.table !== undefined) {
        const found = this.mapping.tables[entry.table]?.[value];
        if (!found) {
          const known = Object.keys(this.mapping.tables[entry.table] ?? {}).join(', ');
          problem(`is not in the format's table of ${entry.table} (it knows ${known})`, value);
          continue;
        }
        // Table values were checked when the mapping was loaded.
        for (const [field, text] of Object.entries(found) as [FieldName, string][]) {
          values[field] = checkCell(FIELDS[field].type, text);
        }
        continue;
      }
      const field = entry.field as FieldName;
      if (plan.detail && FIELDS[field].type.kind === 'people') {
        // Each name on its own: the names that read go in, each other one is a warning.
        const { people, problems } = peopleIn(value, entry.split ?? ';', entry.names ?? 'last-first');
        for (const p of problems) problem(p.message, p.name);
        if (people.length > 0) values[field] = people;
        continue;
      }
      try {
        values[field] = checkCell(FIELDS[field].type, value, entry.split, entry.names);
      } catch (error) {
        if (!(error instanceof CellError)) throw error;
        problem(error.message, value);
      }
    }
    return { values, issues, warnings };
  }

  /** A count that is the sum of several columns; any unknown cell makes the sum unknown. */
  private sum(
    plan: EntryPlan,
    cell: (index: number) => string,
    values: FieldValues,
    issues: CellIssue[],
  ): void {
    let total = 0;
    let unknown = false;
    let bad = false;
    plan.indexes.forEach((index, i) => {
      const value = cell(index);
      if (value === '' || plan.unknown.has(value)) unknown = true;
      else if (/^\d+$/.test(value)) total += Number(value);
      else {
        bad = true;
        const column = plan.entry.sumOf?.[i] ?? plan.label;
        issues.push({ column, value: value.slice(0, 200), message: 'is not a whole number' });
      }
    });
    if (bad || unknown) return;
    if (total > MAX_COUNT) {
      issues.push({
        column: plan.label,
        value: String(total),
        message: `adds up to more than ${MAX_COUNT.toLocaleString('en-US')}`,
      });
      return;
    }
    values[plan.entry.field as FieldName] = total;
  }
}
