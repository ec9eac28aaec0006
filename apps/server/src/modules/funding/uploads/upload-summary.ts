import type { AllowanceUpload, FundingUploadStatus } from '@csp/contracts';
import type { UploadRow } from './upload-repository.ts';

/** An upload's report as the client reads it. */
export function toUploadSummary(row: UploadRow): AllowanceUpload {
  return {
    uploadId: row.id,
    sourceId: row.sourceId,
    fileName: row.fileName,
    status: row.status as FundingUploadStatus,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    appliedAt: row.appliedAt?.toISOString() ?? null,
    appliedByName: row.appliedByName,
    rowsRead: row.rowsRead,
    rowsValid: row.rowsValid,
    rowsRejected: row.rowsRejected,
    validCents: row.validCents,
    remainingCents: row.remainingCents,
    reasons: Array.isArray(row.reasons) ? (row.reasons as AllowanceUpload['reasons']) : [],
    errorMessage: row.errorMessage,
  };
}
