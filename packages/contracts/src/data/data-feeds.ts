/** The registrar and distributor feeds a store keeps its data from (issue 13, part 2). */
export const DATA_FEEDS = [
  'DIVISIONS_TERMS',
  'COURSES_SECTIONS',
  'PROFESSORS',
  'STUDENTS_ENROLLMENTS',
  'PRODUCTS_PRICES',
] as const;
export type DataFeed = (typeof DATA_FEEDS)[number];
export const DATA_FEED_LABELS: Record<DataFeed, string> = {
  DIVISIONS_TERMS: 'Divisions and terms',
  COURSES_SECTIONS: 'Courses and sections',
  PROFESSORS: 'Professors',
  STUDENTS_ENROLLMENTS: 'Students and enrollments',
  PRODUCTS_PRICES: 'Products and prices',
};

/**
 * An import's life: the upload is read and every row validated (nothing written), then a data
 * manager applies it in one transaction. INVALID: no row can be applied. FAILED: reading or
 * applying stopped on an error (nothing applied) or the server restarted mid-way.
 */
export const IMPORT_STATUSES = [
  'VALIDATING',
  'VALIDATED',
  'INVALID',
  'APPLYING',
  'APPLIED',
  'FAILED',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  VALIDATING: 'Checking the file',
  VALIDATED: 'Checked, ready to apply',
  INVALID: 'No row can be applied',
  APPLYING: 'Applying',
  APPLIED: 'Applied',
  FAILED: 'Failed',
};

/** What an upload may be: CSV (comma, UTF-8, a header row) or an Excel workbook's first sheet. */
export const IMPORT_FILE_TYPES = ['csv', 'xlsx'] as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPES)[number];
/** The largest upload accepted (400,000 enrolment rows are about 40 MB). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

/** Refusal to a caller without DATA_MANAGER (imports) or without either data action (status). */
export const DATA_MANAGER_REFUSAL = 'You do not have permission to import data.';
export const DATA_STATUS_REFUSAL = 'You do not have permission to view the data integration status.';
