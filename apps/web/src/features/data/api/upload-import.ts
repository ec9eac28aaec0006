import {
  MAX_IMPORT_BYTES,
  fillPath,
  importSummary,
  uploadImport,
  type CsvEncoding,
  type CsvSeparator,
  type ImportSummary,
} from '@csp/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  SPREADSHEET_CONTENT_TYPES,
  uploadWithXhr,
  type UploadProgress,
  type XhrFactory,
} from '../../../lib/xhr-upload.ts';
import { fileTypeOf, uploadProblem } from './upload-file-rules.ts';

export type { UploadProgress, XhrFactory } from '../../../lib/xhr-upload.ts';

export interface UploadImportRequest {
  accountId: number;
  token: string;
  file: File;
  formatId: string;
  divisionId: number | null;
  /** A CSV file's dialect as chosen; empty or absent: detected by the server. */
  separator?: CsvSeparator | '';
  encoding?: CsvEncoding | '';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function uploadUrl(request: UploadImportRequest): string {
  const query = new URLSearchParams({ formatId: request.formatId, fileName: request.file.name });
  if (request.divisionId !== null) query.set('divisionId', String(request.divisionId));
  if (request.separator) query.set('separator', request.separator);
  if (request.encoding) query.set('encoding', request.encoding);
  return `${fillPath(uploadImport.path, { userAccountId: request.accountId })}?${query}`;
}

/**
 * Sends a feed file with its progress (lib/xhr-upload.ts). The body is the File itself, so a
 * 40 MB feed is never read into memory. What the server would refuse for the file alone (type,
 * empty, too large) is refused here before anything is sent, in the server's own words.
 */
export function uploadImportFile(
  request: UploadImportRequest,
  createXhr?: XhrFactory,
): Promise<ImportSummary> {
  const problem = uploadProblem(request.file, MAX_IMPORT_BYTES);
  if (problem) return Promise.reject(new ApiRequestError(400, problem.message, problem.field));
  const type = fileTypeOf(request.file.name);
  return uploadWithXhr(
    {
      method: uploadImport.method,
      url: uploadUrl(request),
      token: request.token,
      file: request.file,
      contentType: type ? SPREADSHEET_CONTENT_TYPES[type] : 'application/octet-stream',
      answer: importSummary,
      onProgress: request.onProgress,
      signal: request.signal,
    },
    createXhr,
  );
}
