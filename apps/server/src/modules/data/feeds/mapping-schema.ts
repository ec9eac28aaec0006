import { z } from 'zod';
import { DATA_FEEDS, NAME_ORDERS } from '@csp/contracts';
import { FIELD_NAMES, KIND_IDS } from './import-fields.ts';

/**
 * The shape of a mapping file (mappings/<formatId>.json, documented in mappings/README.md):
 * which column of a file fills which field of which kind of writer. Formats are data: a new
 * registrar's layout is a new file, not a code branch.
 */
const columnEntry = z
  .strictObject({
    /** The header of the column (matched ignoring case and surrounding spaces). */
    column: z.string().min(1).optional(),
    /** Several numeric columns whose sum fills a count field (e.g. grade counts = enrolment). */
    sumOf: z.array(z.string().min(1)).min(1).optional(),
    /** Or one value for every row (a column mapping's constant: a division the file leaves out). */
    value: z.string().min(1).optional(),
    /** The field the cell fills. */
    field: z.enum(FIELD_NAMES).optional(),
    /** Or the name of a table in `tables` whose entry for the cell fills several fields. */
    table: z.string().min(1).optional(),
    /** The column must be in the header and every row must give a value. */
    required: z.boolean().default(false),
    /** Cell values meaning "not known" (never an error; the stored value is kept). */
    unknown: z.array(z.string()).default([]),
    /** Decode HTML entities ("&amp;") before checking. */
    decode: z.literal('html').optional(),
    /** Separator of several names in one people cell (default ";"). */
    split: z.string().min(1).optional(),
    /** How a people cell writes each name (default "Last, First"; checks/person-names.ts). */
    names: z.enum(NAME_ORDERS).optional(),
    /**
     * A regular expression whose first group is the value (the rest of the cell is left out):
     * one column read as two fields, UofT's `ENG234H1F` as department `ENG` and course `234H1F`.
     */
    match: z
      .string()
      .refine(
        (pattern) => {
          try {
            return new RegExp(`${pattern}|`).exec('')!.length > 1;
          } catch {
            return false;
          }
        },
        { message: 'must be a regular expression with a group' },
      )
      .optional(),
    /** What a reader of the format should know about the column. */
    note: z.string().default(''),
  })
  .refine((e) => [e.column, e.sumOf, e.value].filter((x) => x !== undefined).length === 1, {
    message: 'give exactly one of column, sumOf and value',
  })
  .refine((e) => (e.field === undefined) !== (e.table === undefined), {
    message: 'give exactly one of field and table',
  });
export type ColumnEntry = z.output<typeof columnEntry>;

export const mappingFile = z.strictObject({
  /** The file's own name without .json. */
  formatId: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  name: z.string().min(1),
  description: z.string().min(1),
  source: z.string().min(1),
  kind: z.enum(KIND_IDS),
  feeds: z.array(z.enum(DATA_FEEDS)).min(1),
  /** The file has no division column: the upload names the division. */
  needsDivision: z.boolean(),
  columns: z.array(columnEntry).min(1),
  /** Value tables: table name -> cell value -> field -> value (checked like a cell). */
  tables: z
    .record(z.string(), z.record(z.string(), z.partialRecord(z.enum(FIELD_NAMES), z.string())))
    .default({}),
});
export type MappingFile = z.output<typeof mappingFile>;
