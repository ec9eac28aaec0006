import type { ColumnChoice, ImportColumnMapping, NameOrder } from '@csp/contracts';
import { CellError, checkCell, tidy } from '../checks/cell-checks.ts';
import { headerKey } from '../checks/row-mapper.ts';
import { FIELD_HINTS } from './field-hints.ts';
import { FIELDS, type FieldName, type FieldType } from './import-fields.ts';
import { fieldsOfEntry } from './import-formats.ts';
import type { ColumnEntry, MappingFile } from './mapping-schema.ts';

/** A column of an uploaded file: its header and the first values of its rows. */
export interface FileColumn {
  header: string;
  samples: string[];
}

/** How an upload's columns are matched to its format's (kept on the import row). */
export interface ChosenColumns {
  /** By the format's own header of each column it reads from one column. */
  columns: Record<string, ColumnChoice>;
  nameOrder: NameOrder;
  /** The saved mapping it came from, or the name to save it under; null: proposed or chosen. */
  templateName: string | null;
  /** Save it under `templateName` once a check with it ends with rows to apply. */
  saveAs?: { headerKey: string; createdBy: number } | null;
}

/** A header as headers are compared: tidied, lower case, only letters and digits. */
const comparable = (header: string) => tidy(header).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The file's headers as one key: a saved mapping fits a file whose key is its own. */
export const headerKeyOf = (headers: readonly string[]) => headers.map(headerKey).join('\u0001');

/** The format's columns a file may map: those read from one column (sums keep theirs). */
export const mappableEntries = (format: MappingFile) =>
  format.columns.filter((e): e is ColumnEntry & { column: string } => e.column !== undefined);

const isPeople = (format: MappingFile, entry: ColumnEntry) =>
  fieldsOfEntry(format, entry).some((f) => FIELDS[f].type.kind === 'people');

/** Whether a value has a field's shape: the field's own check, and 13 digits for an ISBN-13. */
const SHAPES: Partial<Record<FieldName, (value: string) => boolean>> = {
  email: (value) => passes(FIELDS.email.type, value),
  isbn13: (value) => /^97[89]-?(\d-?){9}\d$/.test(value) && passes(FIELDS.isbn13.type, value),
};

function passes(type: FieldType, value: string): boolean {
  try {
    checkCell(type, value);
    return true;
  } catch (error) {
    if (error instanceof CellError) return false;
    throw error;
  }
}

/** The file's column for an entry: its own header, a synonym of its field, or its values' shape. */
function proposedHeader(format: MappingFile, entry: ColumnEntry & { column: string }, file: readonly FileColumn[]) {
  const byName = new Map(file.map((c) => [comparable(c.header), c.header]));
  const own = byName.get(comparable(entry.column));
  if (own !== undefined) return own;
  for (const field of fieldsOfEntry(format, entry)) {
    const synonyms = FIELD_HINTS[field].synonyms.map(comparable);
    for (const synonym of synonyms) {
      const found = byName.get(synonym);
      if (found !== undefined) return found;
    }
    // A header that starts with a synonym, the longest first: "isbn13_derived", "price_cad".
    for (const synonym of [...synonyms].sort((a, b) => b.length - a.length)) {
      const prefixed = synonym.length >= 4 && file.find((c) => comparable(c.header).startsWith(synonym));
      if (prefixed) return prefixed.header;
    }
    const shape = SHAPES[field];
    const shaped = shape && file.find((c) => c.samples.length > 0 && c.samples.every(shape));
    if (shaped) return shaped.header;
  }
  return undefined;
}

/** How names seem written: a comma in most is "Last, First"; else "First Last". */
function proposedNameOrder(samples: readonly string[]): NameOrder {
  const named = samples.filter((s) => s.trim() !== '');
  const commas = named.filter((s) => s.includes(',')).length;
  return named.length === 0 || commas * 2 >= named.length ? 'last-first' : 'first-last';
}

/** The mapping the product proposes for a file of other headers, for the user to confirm. */
export function proposeColumns(format: MappingFile, file: readonly FileColumn[]): ChosenColumns {
  const columns: Record<string, ColumnChoice> = {};
  let nameOrder: NameOrder = 'last-first';
  for (const entry of mappableEntries(format)) {
    const header = proposedHeader(format, entry, file);
    columns[entry.column] = header === undefined ? { source: 'none' } : { source: 'column', header };
    if (header !== undefined && isPeople(format, entry)) {
      nameOrder = proposedNameOrder(file.find((c) => c.header === header)?.samples ?? []);
    }
  }
  return { columns, nameOrder, templateName: null };
}

/** Why a choice cannot be taken, by the body field it concerns (`columns.<key>`). */
export function choiceProblems(
  format: MappingFile,
  file: readonly FileColumn[],
  columns: Record<string, ColumnChoice>,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const entries = new Map(mappableEntries(format).map((e) => [e.column, e]));
  const headers = new Set(file.map((c) => c.header));
  for (const [key, choice] of Object.entries(columns)) {
    if (!entries.has(key)) {
      problems.push({ field: `columns.${key}`, message: `The format has no column "${key}".` });
    } else if (choice.source === 'column' && !headers.has(choice.header)) {
      problems.push({ field: `columns.${key}`, message: `The file has no column "${choice.header}".` });
    }
  }
  for (const entry of entries.values()) {
    if (entry.required && (columns[entry.column]?.source ?? 'none') === 'none') {
      const words = fieldsOfEntry(format, entry).map((f) => FIELDS[f].label).join(', ');
      problems.push({
        field: `columns.${entry.column}`,
        message: `${words} is required: choose the file's column, or a value for every row.`,
      });
    }
  }
  return problems;
}

/** The format as the file's columns fill it: renamed, given values, or left out. */
export function mappedFormat(format: MappingFile, chosen: ChosenColumns): MappingFile {
  const columns = format.columns.flatMap((entry): ColumnEntry[] => {
    if (entry.column === undefined) return [entry];
    const choice = chosen.columns[entry.column] ?? { source: 'none' };
    const names = isPeople(format, entry) ? { names: chosen.nameOrder } : {};
    if (choice.source === 'column') return [{ ...entry, column: choice.header, ...names }];
    if (choice.source === 'value') {
      const { column: _, ...rest } = entry;
      return [{ ...rest, value: choice.value }];
    }
    return [];
  });
  return { ...format, columns };
}

/** The mapping as an import's summary shows it. */
export function describeColumns(
  format: MappingFile,
  file: readonly FileColumn[],
  chosen: ChosenColumns,
): ImportColumnMapping {
  return {
    fileColumns: file.map((c) => ({ header: c.header, samples: c.samples })),
    fields: mappableEntries(format).map((entry) => ({
      key: entry.column,
      label: fieldsOfEntry(format, entry).map((f) => FIELDS[f].label).join(', '),
      required: entry.required,
      people: isPeople(format, entry),
      choice: chosen.columns[entry.column] ?? { source: 'none' },
    })),
    nameOrder: chosen.nameOrder,
    templateName: chosen.templateName,
  };
}
