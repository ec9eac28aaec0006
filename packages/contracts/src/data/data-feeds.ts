/** The registrar and distributor feeds a store keeps its data from (issue 13, part 2). */
export const DATA_FEEDS = [
  'DIVISIONS_TERMS',
  'COURSES_SECTIONS',
  'PROFESSORS',
  'STUDENTS_ENROLLMENTS',
  'PRODUCTS_PRICES',
  'ADOPTION_HISTORY',
] as const;
export type DataFeed = (typeof DATA_FEEDS)[number];
export const DATA_FEED_LABELS: Record<DataFeed, string> = {
  DIVISIONS_TERMS: 'Divisions and terms',
  COURSES_SECTIONS: 'Courses and sections',
  PROFESSORS: 'Professors',
  STUDENTS_ENROLLMENTS: 'Students and enrollments',
  PRODUCTS_PRICES: 'Products and prices',
  ADOPTION_HISTORY: 'Adoption history',
};

/**
 * An import's life: the upload is read and every row validated (nothing written), then a data
 * manager applies it in one transaction. INVALID: no row can be applied. FAILED: reading or
 * applying stopped on an error (nothing applied) or the server restarted mid-way. EXPIRED:
 * checked but not applied within UNAPPLIED_UPLOAD_DAYS, so its file was deleted.
 * NEEDS_MAPPING: the file's columns are not the format's own and no saved mapping fits them:
 * the data manager matches them (a mapping is proposed), then the file is checked.
 */
export const IMPORT_STATUSES = [
  'VALIDATING',
  'VALIDATED',
  'INVALID',
  'APPLYING',
  'APPLIED',
  'FAILED',
  'EXPIRED',
  'NEEDS_MAPPING',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  VALIDATING: 'Checking the file',
  VALIDATED: 'Checked, ready to apply',
  INVALID: 'No row can be applied',
  APPLYING: 'Applying',
  APPLIED: 'Applied',
  FAILED: 'Failed',
  EXPIRED: 'Not applied in time: file deleted',
  NEEDS_MAPPING: 'Columns to match',
};

/** Days a checked upload waits to be applied before its file is deleted (it is EXPIRED then). */
export const UNAPPLIED_UPLOAD_DAYS = 7;

/**
 * How a CSV file's values are separated and its text encoded: detected from the file's start
 * unless the uploader chooses (Excel saves "CSV" with semicolons in many languages, and
 * "Unicode text" as UTF-16 with tabs).
 */
export const CSV_SEPARATORS = ['comma', 'semicolon', 'tab'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];
export const CSV_SEPARATOR_LABELS: Record<CsvSeparator, string> = {
  comma: 'Commas',
  semicolon: 'Semicolons',
  tab: 'Tabs',
};
export const CSV_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
export const CSV_ENCODING_LABELS: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European, Latin-1)',
};

/** What an upload may be: CSV (comma, UTF-8, a header row) or an Excel workbook's first sheet. */
export const IMPORT_FILE_TYPES = ['csv', 'xlsx'] as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPES)[number];
/** The largest upload accepted (400,000 enrolment rows are about 40 MB). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

/** Refusal to a caller without DATA_MANAGER (imports) or without either data action (status). */
export const DATA_MANAGER_REFUSAL = 'You do not have permission to import data.';
export const DATA_STATUS_REFUSAL = 'You do not have permission to view the data integration status.';

/**
 * How a file writes a person's name (a professors column): "Last, First", "First Last" (the
 * rest after the first word is the surname, kept whole) or "First Middle Last" (the last word
 * and the particles before it are the surname). A name with a comma is "Last, First" anyway.
 */
export const NAME_ORDERS = ['last-first', 'first-last', 'first-middle-last'] as const;
export type NameOrder = (typeof NAME_ORDERS)[number];
export const NAME_ORDER_LABELS: Record<NameOrder, string> = {
  'last-first': 'Last, First',
  'first-last': 'First Last',
  'first-middle-last': 'First Middle Last',
};
