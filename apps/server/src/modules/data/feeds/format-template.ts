import { stringify } from 'csv-stringify/sync';
import { FIELD_HINTS } from './field-hints.ts';
import { fieldsOfEntry } from './import-formats.ts';
import type { ColumnEntry, MappingFile } from './mapping-schema.ts';

/** An entry's example cell of row `i` (0 or 1): a value of its table, a count, or its field's. */
function exampleOf(format: MappingFile, entry: ColumnEntry, i: 0 | 1): string {
  if (entry.table !== undefined) {
    const keys = Object.keys(format.tables[entry.table] ?? {});
    return keys[i] ?? keys[0] ?? '';
  }
  const [field] = fieldsOfEntry(format, entry);
  return field ? FIELD_HINTS[field].examples[i] : '';
}

/**
 * A format's template (issue 27): its headers and two example rows, as a CSV (UTF-8 with a BOM,
 * so Excel shows accents right) a data manager fills in. A sum's columns each get a count.
 */
export function formatTemplateCsv(format: MappingFile): string {
  const headers: string[] = [];
  const rows: [string[], string[]] = [[], []];
  for (const entry of format.columns) {
    if (entry.sumOf) {
      for (const column of entry.sumOf) {
        headers.push(column);
        rows[0].push('10');
        rows[1].push('12');
      }
    } else if (entry.column !== undefined) {
      headers.push(entry.column);
      rows[0].push(exampleOf(format, entry, 0));
      rows[1].push(exampleOf(format, entry, 1));
    }
  }
  return `\uFEFF${stringify([headers, ...rows], { record_delimiter: '\r\n' })}`;
}
