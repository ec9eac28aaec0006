import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { FUNDING_MANAGER_ACCESS } from './funding-access.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { pagedResponse, pageNumber, pageSize } from '../common/paging.ts';
import { FUNDING_UPLOAD_STATUSES } from './funding-labels.ts';
import { FUNDING_BASE, sourceParams } from './funding-sources.ts';

export const uploadParams = z.object({ userAccountId: dbIdParam, uploadId: dbIdParam });

/** One reason rows were rejected, with how many rows it rejected. */
export const allowanceUploadReason = z.object({
  column: z.string(),
  message: z.string(),
  rows: z.number().int(),
});

/**
 * An allowance file's report: every row checked against the source and the store (unknown
 * student, duplicate in the file or in the source, bad amount, over the per-student cap, over
 * the budget left) before anything is written. Applying writes the valid rows at once.
 */
export const allowanceUpload = z.object({
  uploadId: z.number().int(),
  sourceId: z.number().int(),
  fileName: z.string(),
  status: z.enum(FUNDING_UPLOAD_STATUSES),
  createdAt: z.string(),
  createdByName: z.string(),
  appliedAt: z.string().nullable(),
  appliedByName: z.string().nullable(),
  /** Data rows read (the header not counted). */
  rowsRead: z.number().int(),
  rowsValid: z.number().int(),
  rowsRejected: z.number().int(),
  /** The sum of the valid rows' amounts. */
  validCents: z.number().int(),
  /** The budget left to allocate when the file was checked. */
  remainingCents: z.number().int(),
  reasons: z.array(allowanceUploadReason),
  /** Why no row can be applied (a missing column, an empty file), else null. */
  errorMessage: z.string().nullable(),
});
export type AllowanceUpload = z.infer<typeof allowanceUpload>;

/**
 * Upload an allowance file: the body is the file itself (CSV, or XLSX's first sheet; columns
 * ALLOWANCE_FILE_COLUMNS, header row first), at most MAX_ALLOWANCE_FILE_BYTES. Checked at once;
 * answers the report. 400 naming `fileName` or `file`.
 */
export const uploadAllowances = endpoint({
  method: 'POST',
  path: `${FUNDING_BASE}/sources/:sourceId/uploads`,
  summary: 'Upload an allowance file (the raw body) to be checked row by row; nothing is written',
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  query: z.object({
    fileName: withoutNul(z.string().trim().min(1, 'must name the file').max(255)),
  }),
  response: allowanceUpload,
});

export const getAllowanceUploads = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/sources/:sourceId/uploads`,
  summary: "A source's allowance files, newest first (at most 50)",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  response: z.object({ uploads: z.array(allowanceUpload) }),
});

export const getAllowanceUpload = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/uploads/:uploadId`,
  summary: "One allowance file's report",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: uploadParams,
  response: allowanceUpload,
});

export const allowanceUploadIssue = z.object({
  /** The row's line in the file counting the header as 1 (as a spreadsheet shows it). */
  rowNumber: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});

export const getAllowanceUploadIssues = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/uploads/:uploadId/issues`,
  summary: "One page of an allowance file's rejected rows, in file order",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: uploadParams,
  query: z.object({ page: pageNumber.default(1), pageSize: pageSize.default(25) }),
  response: pagedResponse('issues', allowanceUploadIssue),
});

/**
 * Writes the file's valid rows (allowances, ALLOCATION entries, voucher codes) in one
 * transaction, checked again under the source's lock: 409 SOURCE_CHANGED_SINCE_CHECK when a
 * row valid at the check no longer is. Applying an applied file answers it as it is.
 */
export const applyAllowanceUpload = endpoint({
  method: 'POST',
  path: `${FUNDING_BASE}/uploads/:uploadId/apply`,
  summary: "Applies an allowance file's valid rows at once; applying it again changes nothing",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: uploadParams,
  response: allowanceUpload,
});
