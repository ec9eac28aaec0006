import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DATA_FEEDS, type ImportFormat } from '@csp/contracts';
import { checkCell, CellError } from '../checks/cell-checks.ts';
import { FIELDS, KINDS, type FieldName } from './import-fields.ts';
import { mappingFile, type ColumnEntry, type MappingFile } from './mapping-schema.ts';

export const MAPPINGS_FOLDER = fileURLToPath(new URL('./mappings/', import.meta.url));

/** A mapping file that cannot describe a format: the server refuses to start with it. */
export class MappingError extends Error {}

/** The fields an entry fills: its field, or every field its table's entries give. */
export function fieldsOfEntry(mapping: MappingFile, entry: ColumnEntry): FieldName[] {
  if (entry.field) return [entry.field];
  const table = mapping.tables[entry.table ?? ''] ?? {};
  const fields = new Set<FieldName>();
  for (const values of Object.values(table)) {
    for (const field of Object.keys(values) as FieldName[]) fields.add(field);
  }
  return [...fields];
}

/** The rules a mapping must keep beyond its shape, each a sentence naming what is wrong. */
function problemsOf(mapping: MappingFile): string[] {
  const kind = KINDS[mapping.kind];
  const problems: string[] = [];
  const mapped = new Map<FieldName, number>();
  for (const entry of mapping.columns) {
    const where = entry.column ?? entry.sumOf?.join(' + ') ?? entry.value ?? '';
    if (entry.table && !mapping.tables[entry.table]) {
      problems.push(`column "${where}" names table "${entry.table}", which is not in tables`);
    }
    for (const field of fieldsOfEntry(mapping, entry)) {
      if (!kind.fields.includes(field)) {
        problems.push(`field ${field} is not one a ${mapping.kind} format fills`);
      }
      mapped.set(field, (mapped.get(field) ?? 0) + 1);
    }
    if (entry.sumOf && (!entry.field || FIELDS[entry.field].type.kind !== 'count')) {
      problems.push(`sumOf "${where}" must fill a count field`);
    }
    const people = entry.field !== undefined && FIELDS[entry.field].type.kind === 'people';
    if (entry.split && !people) problems.push(`split on "${where}" is only for a people field`);
    if (entry.names && !people) problems.push(`names on "${where}" is only for a people field`);
  }
  for (const [field, times] of mapped) {
    if (times > 1) problems.push(`field ${field} is filled by ${times} columns`);
  }
  for (const field of kind.required) {
    if (!mapped.has(field)) problems.push(`a ${mapping.kind} format must fill ${field}`);
  }
  if (mapping.kind === 'products' && !mapped.has('isbn13') && !mapped.has('isbn10')) {
    problems.push('a products format must fill isbn13 or isbn10');
  }
  if (kind.usesDivision && mapping.needsDivision === mapped.has('divisionName')) {
    problems.push(
      mapping.needsDivision
        ? 'needsDivision is true, so no column may fill divisionName'
        : 'fill divisionName from a column, or set needsDivision',
    );
  }
  if (!kind.usesDivision && mapping.needsDivision) {
    problems.push(`a ${mapping.kind} format has no division to need`);
  }
  for (const feed of mapping.feeds) {
    if (!kind.feeds.includes(feed)) problems.push(`a ${mapping.kind} format does not fill ${feed}`);
  }
  for (const [name, table] of Object.entries(mapping.tables)) {
    for (const [key, values] of Object.entries(table)) {
      for (const [field, value] of Object.entries(values) as [FieldName, string][]) {
        try {
          checkCell(FIELDS[field].type, value);
        } catch (error) {
          if (!(error instanceof CellError)) throw error;
          problems.push(`tables.${name}.${key}.${field} ${error.message}`);
        }
      }
    }
  }
  return problems;
}

/** Reads and checks one mapping file; the format id must be the file's name. */
export function parseMapping(fileName: string, json: string): MappingFile {
  const parsed = mappingFile.safeParse(JSON.parse(json));
  if (!parsed.success) {
    throw new MappingError(`${fileName}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const problems = problemsOf(parsed.data);
  if (`${parsed.data.formatId}.json` !== fileName) {
    problems.push(`formatId must be the file's name (${fileName.replace(/\.json$/, '')})`);
  }
  if (problems.length) throw new MappingError(`${fileName}: ${problems.join('; ')}`);
  return parsed.data;
}

function loadMappings(): ReadonlyMap<string, MappingFile> {
  const formats = new Map<string, MappingFile>();
  for (const name of readdirSync(MAPPINGS_FOLDER).filter((n) => n.endsWith('.json')).sort()) {
    const mapping = parseMapping(name, readFileSync(`${MAPPINGS_FOLDER}${name}`, 'utf8'));
    formats.set(mapping.formatId, mapping);
  }
  return formats;
}

/** Every format the store can import, read once from the module's mapping files. */
const MAPPINGS = loadMappings();

export function formatById(formatId: string): MappingFile | undefined {
  return MAPPINGS.get(formatId);
}

/** The header text of an entry: its column, its summed columns, or its value for every row. */
export function columnLabel(entry: ColumnEntry): string {
  return entry.column ?? entry.sumOf?.join(', ') ?? `(every row: ${entry.value ?? ''})`;
}

/** A format as the Data Summary screen explains it. */
export function describeFormat(mapping: MappingFile): ImportFormat {
  return {
    formatId: mapping.formatId,
    name: mapping.name,
    feeds: mapping.feeds,
    description: mapping.description,
    source: mapping.source,
    needsDivision: mapping.needsDivision,
    columns: mapping.columns.map((entry) => ({
      column: columnLabel(entry),
      field: entry.field
        ? FIELDS[entry.field].label
        : fieldsOfEntry(mapping, entry)
            .map((f) => FIELDS[f].label)
            .join(', '),
      required: entry.required,
      note: entry.note,
    })),
  };
}

/** Formats in the order of the feed they fill first, then by name. */
export function allFormats(): ImportFormat[] {
  const order = (m: MappingFile) => DATA_FEEDS.indexOf(m.feeds[0] ?? 'DIVISIONS_TERMS');
  return [...MAPPINGS.values()]
    .sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name))
    .map(describeFormat);
}
