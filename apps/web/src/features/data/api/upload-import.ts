import {
  AUTH_HEADER,
  MAX_IMPORT_BYTES,
  ROLES_VERSION_HEADER,
  apiError,
  fillPath,
  importSummary,
  uploadImport,
  type ImportSummary,
} from '@csp/contracts';
import {
  ApiRequestError,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  reportApiResponse,
} from '../../../lib/api-client.ts';
import { fileTypeOf, uploadProblem } from './upload-file-rules.ts';

/** How far the browser has sent the file. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadImportRequest {
  accountId: number;
  token: string;
  file: File;
  formatId: string;
  divisionId: number | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The XMLHttpRequest to use; tests hand in a fake. */
export type XhrFactory = () => XMLHttpRequest;

function uploadUrl(request: UploadImportRequest): string {
  const query = new URLSearchParams({ formatId: request.formatId, fileName: request.file.name });
  if (request.divisionId !== null) query.set('divisionId', String(request.divisionId));
  return `${fillPath(uploadImport.path, { userAccountId: request.accountId })}?${query}`;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer as the rest of the app reads API answers: the contract's shape or the server's message. */
function readAnswer(xhr: XMLHttpRequest): ImportSummary {
  const json = parseJson(xhr.responseText);
  if (xhr.status < 200 || xhr.status >= 300) {
    const parsed = apiError.safeParse(json);
    if (parsed.success) throw new ApiRequestError(xhr.status, parsed.data.message, parsed.data.field);
    throw new ApiRequestError(xhr.status, DEFAULT_ERROR_MESSAGE);
  }
  const parsed = importSummary.safeParse(json);
  if (!parsed.success) throw new ApiRequestError(xhr.status, DEFAULT_ERROR_MESSAGE);
  return parsed.data;
}

/**
 * Sends a feed file as the request body with XMLHttpRequest, because fetch reports no upload
 * progress. The body is the File itself, so the browser streams it from disk and never reads
 * a 40 MB feed into memory. What the server would refuse for the file alone (type, empty, too
 * large) is refused here before anything is sent, in the server's own words.
 */
export function uploadImportFile(
  request: UploadImportRequest,
  createXhr: XhrFactory = () => new XMLHttpRequest(),
): Promise<ImportSummary> {
  const problem = uploadProblem(request.file, MAX_IMPORT_BYTES);
  if (problem) return Promise.reject(new ApiRequestError(400, problem.message, problem.field));
  if (request.signal?.aborted) return Promise.reject(abortError());
  const type = fileTypeOf(request.file.name);

  return new Promise((resolve, reject) => {
    const xhr = createXhr();
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => request.signal?.removeEventListener('abort', onAbort);

    xhr.open(uploadImport.method, uploadUrl(request));
    xhr.setRequestHeader(AUTH_HEADER, request.token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', type ? CONTENT_TYPES[type] : 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : request.file.size;
      request.onProgress?.({ loaded: event.loaded, total });
    };
    xhr.onload = () => {
      settle();
      reportStatus(xhr, request.token);
      try {
        resolve(readAnswer(xhr));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiRequestError(0, NETWORK_ERROR_MESSAGE));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.send(request.file);
  });
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/** The session hears this answer like any other (a 401 ends it, a roles change refreshes). */
function reportStatus(xhr: XMLHttpRequest, token: string): void {
  // 0 (no answer) is not a status a Response can carry, and tells the session nothing.
  if (xhr.status < 200 || xhr.status > 599) return;
  const headers = new Headers();
  const rolesVersion = xhr.getResponseHeader(ROLES_VERSION_HEADER);
  if (rolesVersion !== null) headers.set(ROLES_VERSION_HEADER, rolesVersion);
  reportApiResponse(new Response(null, { status: xhr.status, headers }), token);
}
