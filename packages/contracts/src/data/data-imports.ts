import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { termFields } from '../common/term-fields.ts';
import {
  CSV_ENCODINGS,
  CSV_SEPARATORS,
  DATA_FEEDS,
  IMPORT_FILE_TYPES,
  IMPORT_STATUSES,
} from './data-feeds.ts';
import { importColumnMapping } from './column-mapping.ts';

/**
 * Data Summary (docs/behaviour/routes-and-guard.md#routes /data-summary, docs/behaviour/roles.md#derived-capabilities view data integration status). The status is for
 * DATA_FULL_REPORTER or DATA_MANAGER; uploads and applying them are for DATA_MANAGER (403 with
 * DATA_MANAGER_REFUSAL otherwise). Every call answers the caller's own store only: an import id
 * of another store is a 404 naming `importId`.
 */
export const dataAccountParams = z.object({ userAccountId: dbIdParam });
export const importParams = z.object({ userAccountId: dbIdParam, importId: dbIdParam });

/** One column of a format's mapping file, for the screen that explains a format. */
export const importFormatColumn = z.object({
  /** The header in the file. */
  column: z.string(),
  /** What it fills, in words (e.g. "Section code"). */
  field: z.string(),
  required: z.boolean(),
  note: z.string(),
});

/** A file format the store can import, described by its mapping file (no code per format). */
export const importFormat = z.object({
  formatId: z.string(),
  name: z.string(),
  /** The feeds a file of this format fills (a section list may fill professors too). */
  feeds: z.array(z.enum(DATA_FEEDS)),
  description: z.string(),
  /** Where files of this shape come from, with their licence where known. */
  source: z.string(),
  /** Whether the upload must name the division its rows belong to (the file has no column). */
  needsDivision: z.boolean(),
  columns: z.array(importFormatColumn),
});
export type ImportFormat = z.infer<typeof importFormat>;

export const getImportFormats = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/data/formats`,
  summary: 'The file formats the store can import, each from its mapping file',
  auth: true,
  access: { kind: 'action', anyOf: ['DATA_FULL_REPORTER', 'DATA_MANAGER'], scope: 'store' },
  params: dataAccountParams,
  response: z.object({ formats: z.array(importFormat) }),
});

/** How many records of one kind an import added, changed or found as they were. */
export const importEntityCounts = z.object({
  /** e.g. "sections", "courses", "professors", "students", "enrollments", "titles", "terms". */
  entity: z.string(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});

/** One reason rows were rejected, with how many rows it rejected. */
export const importReason = z.object({
  column: z.string(),
  message: z.string(),
  rows: z.number().int(),
});

export const importSummary = z.object({
  importId: z.number().int(),
  formatId: z.string(),
  formatName: z.string(),
  feeds: z.array(z.enum(DATA_FEEDS)),
  fileName: z.string(),
  fileType: z.enum(IMPORT_FILE_TYPES),
  fileBytes: z.number().int(),
  divisionId: z.number().int().nullable(),
  divisionName: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  createdAt: z.string(),
  createdByName: z.string(),
  /** When applying ended (APPLIED or FAILED after apply), else null. */
  appliedAt: z.string().nullable(),
  /** Data rows read (the header not counted). */
  rowsRead: z.number().int(),
  rowsValid: z.number().int(),
  rowsRejected: z.number().int(),
  /**
   * Per row, once validated (what applying would do, from a dry run) and once applied (what it
   * did): a row is added when it created its main record, updated when it changed anything,
   * unchanged otherwise. Zero while validating.
   */
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** The same per kind of record. */
  entities: z.array(importEntityCounts),
  /** The most common rejection reasons, most rows first (at most 20). */
  reasons: z.array(importReason),
  /**
   * Rows kept although an optional value of theirs could not be taken (a professor's name in
   * another shape, a bad price): the value is left out, the row's required data goes in.
   */
  rowsWarned: z.number().int(),
  /** The most common of those warnings, most rows first (at most 20). */
  warnings: z.array(importReason),
  /**
   * How the file's columns are matched to the format's when its headers are not the format's
   * own (null: they are); while NEEDS_MAPPING, the proposal to confirm or change.
   */
  columnMapping: importColumnMapping.nullable(),
  /** How a CSV file was read (null for a workbook); `chosen` when the uploader chose it. */
  csvDialect: z
    .object({
      separator: z.enum(CSV_SEPARATORS),
      encoding: z.enum(CSV_ENCODINGS),
      chosen: z.boolean(),
    })
    .nullable(),
  /**
   * On the embedded database, applying is one transaction on its one connection, so the portal
   * answers no one until it ends (ADR 0042): about how many seconds applying this file's valid
   * rows takes there, when that is long enough to tell the data manager first. Null on
   * PostgreSQL (other requests keep answering) and for a file applied in a few seconds.
   */
  applyPauseSeconds: z.number().int().nullable(),
  /** While VALIDATING or APPLYING: rows done of the rows to do (total null until known). */
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }).nullable(),
  /** Why it FAILED or is INVALID, in words. */
  errorMessage: z.string().nullable(),
  /** Terms the file's rows fall in (names), so the report says where the data lands. */
  terms: z.array(z.string()),
});
export type ImportSummary = z.infer<typeof importSummary>;

/**
 * Upload a feed file. The body is the file itself (Content-Type text/csv, or the xlsx type, or
 * application/octet-stream with the type taken from `fileName`), streamed to disk and never held
 * in memory whole. Answers 202 with the import VALIDATING; poll getImport for the report.
 * 400 naming `formatId`, `divisionId` (required by the format, or of another store: 404),
 * `fileName` (neither .csv nor .xlsx) or `file` (empty, too large: 413).
 */
export const uploadImport = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/data/imports`,
  summary: 'Upload a feed file (the raw body) to be validated; nothing is written to the store',
  auth: true,
  access: { kind: 'action', anyOf: ['DATA_MANAGER'], held: 'storeWide', scope: 'store' },
  params: dataAccountParams,
  query: z.object({
    formatId: z.string().min(1).max(100),
    fileName: z.string().min(1).max(255),
    divisionId: dbIdParam.optional(),
    /** A CSV file's separator and encoding, when the uploader chooses (else detected). */
    separator: z.enum(CSV_SEPARATORS).optional(),
    encoding: z.enum(CSV_ENCODINGS).optional(),
  }),
  response: importSummary,
  success: { json: [202] },
});

export const getImports = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/data/imports`,
  summary: "The store's imports, newest first (at most 50)",
  auth: true,
  access: { kind: 'action', anyOf: ['DATA_FULL_REPORTER', 'DATA_MANAGER'], scope: 'store' },
  params: dataAccountParams,
  response: z.object({ imports: z.array(importSummary) }),
});

export const getImport = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/data/imports/:importId`,
  summary: 'One import: its status, progress and validation report',
  auth: true,
  access: { kind: 'action', anyOf: ['DATA_FULL_REPORTER', 'DATA_MANAGER'], scope: 'store' },
  params: importParams,
  response: importSummary,
});

/** One rejected cell (or row, when `column` is empty) of an upload, or a warning. */
export const importIssue = z.object({
  /** The row's line in the file counting the header as 1 (as a spreadsheet shows it). */
  rowNumber: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
  /** The row was kept without this value (an optional one), rather than rejected. */
  warning: z.boolean(),
});
export type ImportIssue = z.infer<typeof importIssue>;

export const getImportIssues = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/data/imports/:importId/issues`,
  summary: "An import's rejected rows, by row number (the first 10,000 are kept)",
  auth: true,
  access: { kind: 'action', anyOf: ['DATA_FULL_REPORTER', 'DATA_MANAGER'], scope: 'store' },
  params: importParams,
  query: z.object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ issues: z.array(importIssue), total: z.number().int() }),
});

/**
 * Apply a VALIDATED import in one transaction (202, APPLYING; poll getImport). Applying again,
 * or while it applies, answers its current state and does nothing twice. 409 when it is not
 * VALIDATED (INVALID, FAILED or still VALIDATING).
 */
export const applyImport = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/data/imports/:importId/apply`,
  summary: "Apply a validated import's valid rows in one transaction",
  auth: true,
  access: { kind: 'action', anyOf: ['DATA_MANAGER'], held: 'storeWide', scope: 'store' },
  params: importParams,
  response: importSummary,
  /** 202 while it applies, 200 once applied. */
  success: { json: [200, 202] },
});

/** What the store holds for one term now. */
export const termHoldings = z.object({
  divisionId: z.number().int(),
  divisionName: z.string(),
  ...termFields,
  courses: z.number().int(),
  sections: z.number().int(),
  professors: z.number().int(),
  enrollments: z.number().int(),
  adoptions: z.number().int(),
});
export type TermHoldings = z.infer<typeof termHoldings>;

export const getDataIntegrationStatus = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/data/status`,
  summary:
    'The data integration status: the last import of each feed and what the store holds per term (DATA_FULL_REPORTER or DATA_MANAGER)',
  auth: true,
  access: { kind: 'action', anyOf: ['DATA_FULL_REPORTER', 'DATA_MANAGER'], scope: 'store' },
  params: dataAccountParams,
  response: z.object({
    feeds: z.array(
      z.object({
        feed: z.enum(DATA_FEEDS),
        /** The newest upload of the feed, whatever became of it (a failure shows). */
        lastImport: importSummary.nullable(),
        /** The newest import of the feed that was applied: what the store's data is from. */
        lastApplied: importSummary.nullable(),
      }),
    ),
    /** The store's divisions, sorted by name (an import names the one its rows belong to). */
    divisions: z.array(z.object({ divisionId: z.number().int(), divisionName: z.string() })),
    /** Terms newest first. */
    terms: z.array(termHoldings),
    students: z.number().int(),
    products: z.number().int(),
  }),
});
