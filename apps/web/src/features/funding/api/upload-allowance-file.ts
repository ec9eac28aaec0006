import {
  MAX_ALLOWANCE_FILE_BYTES,
  allowanceUpload,
  fillPath,
  uploadAllowances,
  type AllowanceUpload,
} from '@csp/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  SPREADSHEET_CONTENT_TYPES,
  uploadWithXhr,
  type UploadProgress,
  type XhrFactory,
} from '../../../lib/xhr-upload.ts';

export type { UploadProgress } from '../../../lib/xhr-upload.ts';

export interface UploadAllowanceRequest {
  accountId: number;
  token: string;
  sourceId: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export const ACCEPTED_ALLOWANCE_FILES = '.csv,.xlsx';

/** The spreadsheet type a file name says it is, or null when it is neither CSV nor XLSX. */
function typeOf(name: string): keyof typeof SPREADSHEET_CONTENT_TYPES | null {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'xlsx' ? extension : null;
}

/**
 * Why a chosen file cannot be sent, before sending it, in words close to the server's (which
 * refuses the same files with a 400 naming `fileName` or `file`).
 */
export function allowanceFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!typeOf(file.name)) return `“${file.name}” is not a .csv or .xlsx file.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_ALLOWANCE_FILE_BYTES) return `“${file.name}” is larger than 5 MB.`;
  return null;
}

/**
 * Sends an allowance file with its progress (lib/xhr-upload.ts). The server checks every row
 * and answers the report; nothing is written yet.
 */
export function uploadAllowanceFile(
  request: UploadAllowanceRequest,
  createXhr?: XhrFactory,
): Promise<AllowanceUpload> {
  const problem = allowanceFileProblem(request.file);
  if (problem) return Promise.reject(new ApiRequestError(400, problem, 'file'));
  const type = typeOf(request.file.name);
  const path = fillPath(uploadAllowances.path, {
    userAccountId: request.accountId,
    sourceId: request.sourceId,
  });
  return uploadWithXhr(
    {
      method: uploadAllowances.method,
      url: `${path}?${new URLSearchParams({ fileName: request.file.name })}`,
      token: request.token,
      file: request.file,
      contentType: type ? SPREADSHEET_CONTENT_TYPES[type] : 'application/octet-stream',
      answer: allowanceUpload,
      onProgress: request.onProgress,
      signal: request.signal,
    },
    createXhr,
  );
}
