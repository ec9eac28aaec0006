import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { reference, instant } from './columns.ts';
import { tenantKey, accountLink, requiredAccount, creationStamp } from './tenant-columns.ts';
import { fundingSources } from './funding.ts';

/** An allowance file: its rows checked (report kept here), then applied at once. */
export const fundingUploads = pgTable(
  'funding_uploads',
  {
    ...tenantKey(),
    sourceId: reference(() => fundingSources.id),
    fileName: text().notNull(),
    /** FUNDING_UPLOAD_STATUSES. */
    status: text().notNull(),
    rowsRead: integer().notNull().default(0),
    rowsValid: integer().notNull().default(0),
    rowsRejected: integer().notNull().default(0),
    validCents: integer().notNull().default(0),
    remainingCents: integer().notNull().default(0),
    /** [{ column, message, rows }], most rows first. */
    reasons: jsonb().notNull().default([]),
    errorMessage: text(),
    /** The valid rows to write on apply: [{ rowNumber, studentId, amountCents, note }]. */
    validRows: jsonb().notNull().default([]),
    ...creationStamp(requiredAccount()),
    appliedBy: accountLink(),
    appliedAt: instant(),
  },
  (t) => [index('funding_uploads_source_idx').on(t.sourceId, t.createdAt.desc())],
);

export const fundingUploadIssues = pgTable(
  'funding_upload_issues',
  {
    uploadId: reference(() => fundingUploads.id, { onDelete: 'cascade' }),
    rowNumber: integer().notNull(),
    column: text().notNull(),
    value: text().notNull(),
    message: text().notNull(),
  },
  (t) => [index('funding_upload_issues_upload_idx').on(t.uploadId, t.rowNumber)],
);
