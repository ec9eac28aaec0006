import { sql } from 'drizzle-orm';
import { CSV_ENCODINGS, CSV_SEPARATORS, IMPORT_FILE_TYPES, IMPORT_STATUSES } from '@csp/contracts';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, reference, instant } from './columns.ts';
import { tenantKey, requiredAccount, creationStamp } from './tenant-columns.ts';
import { divisions } from './catalog.ts';

/**
 * One uploaded feed file and what became of it (issue 13, part 2): validated first (a dry run,
 * nothing kept), then applied in one transaction. The data integration status reads the last
 * applied import of each feed from here.
 */
export const dataImports = pgTable(
  'data_imports',
  {
    ...tenantKey(),
    /** The mapping file's id (e.g. `uiuc-grades-by-crn`). */
    formatId: text().notNull(),
    /** The feeds the format fills (DATA_FEEDS), as the format said at upload. */
    feeds: text().array().notNull(),
    fileName: text().notNull(),
    fileType: text({ enum: IMPORT_FILE_TYPES }).notNull(),
    fileBytes: bigint({ mode: 'number' }).notNull().default(0),
    /** The file's SHA-256, so a report can say "the same file as import N". */
    sha256: text().notNull().default(''),
    /** Where the upload waits on the server's disk until it is applied (removed after). */
    storedPath: text(),
    divisionId: integer().references(() => divisions.id),
    status: text({ enum: IMPORT_STATUSES }).notNull(),
    ...creationStamp(requiredAccount()),
    appliedAt: instant(),
    rowsRead: integer().notNull().default(0),
    rowsValid: integer().notNull().default(0),
    rowsRejected: integer().notNull().default(0),
    added: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    /** Per kind of record: [{entity, added, updated, unchanged}]. */
    entities: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The most common rejection reasons: [{column, message, rows}]. */
    reasons: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Rows kept without an optional value that could not be taken (a warning each). */
    rowsWarned: integer().notNull().default(0),
    /** The most common warnings: [{column, message, rows}]. */
    warnings: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** How a CSV file was read (detected at upload unless the uploader chose): null for xlsx. */
    csvSeparator: text({ enum: CSV_SEPARATORS }),
    csvEncoding: text({ enum: CSV_ENCODINGS }),
    /** Whether the uploader chose the CSV dialect rather than leaving it to detection. */
    csvDialectChosen: boolean().notNull().default(false),
    /**
     * The file's columns when its headers are not the format's own: [{header, samples}], and
     * how they are matched ({columns, nameOrder, templateName}; proposed while NEEDS_MAPPING).
     */
    fileColumns: jsonb(),
    columnMapping: jsonb(),
    /** Term names the rows fall in. */
    terms: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    progressDone: integer().notNull().default(0),
    progressTotal: integer(),
    errorMessage: text(),
  },
  (t) => [
    index('data_imports_location_created_idx').on(t.locationId, t.createdAt, t.id),
    // Checked uploads still waiting on disk: the 7-day sweep reads only these.
    index('data_imports_unapplied_idx')
      .on(t.createdAt)
      .where(sql`status in ('VALIDATED', 'NEEDS_MAPPING') and stored_path is not null`),
  ],
);

/** A rejected cell or row of an import (the first 10,000 of each import are kept). */
export const dataImportIssues = pgTable(
  'data_import_issues',
  {
    id: identityId(),
    importId: reference(() => dataImports.id, { onDelete: 'cascade' }),
    rowNumber: integer().notNull(),
    column: text().notNull().default(''),
    value: text().notNull().default(''),
    message: text().notNull(),
    /** A warning (the row was kept without this value), not a rejection. */
    warning: boolean().notNull().default(false),
  },
  (t) => [index('data_import_issues_import_row_idx').on(t.importId, t.rowNumber, t.id)],
);

/**
 * A store's saved column mapping of a format (issue 27): the next file of the format with the
 * same headers (`headerKey`, the tidied lower-case headers in order) is mapped by it without a
 * click. Saving the mapping of the same headers again replaces it.
 */
export const importColumnMappings = pgTable(
  'import_column_mappings',
  {
    ...tenantKey(),
    formatId: text().notNull(),
    name: text().notNull(),
    headerKey: text().notNull(),
    /** {columns: {formatHeader: choice}, nameOrder}. */
    mapping: jsonb().notNull(),
    ...creationStamp(requiredAccount()),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_column_mappings_headers_idx').on(t.locationId, t.formatId, t.headerKey),
  ],
);
