import {
  AUTH_HEADER,
  MAX_ALLOWANCE_FILE_BYTES,
  ROLES_VERSION_HEADER,
  allowanceUpload,
  apiError,
  fillPath,
  uploadAllowances,
  type AllowanceUpload,
} from '@csp/contracts';
import {
  ApiRequestError,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  reportApiResponse,
} from '../../../lib/api-client.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadAllowanceRequest {
  accountId: number;
  token: string;
  sourceId: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const ACCEPTED_ALLOWANCE_FILES = '.csv,.xlsx';

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * Why a chosen file cannot be sent, before sending it, in words close to the server's (which
 * refuses the same files with a 400 naming `fileName` or `file`).
 */
export function allowanceFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!(extensionOf(file.name) in CONTENT_TYPES)) {
    return `“${file.name}” is not a .csv or .xlsx file.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_ALLOWANCE_FILE_BYTES) return `“${file.name}” is larger than 5 MB.`;
  return null;
}

function readAnswer(xhr: XMLHttpRequest): AllowanceUpload {
  let json: unknown;
  try {
    json = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
  } catch {
    json = undefined;
  }
  if (xhr.status < 200 || xhr.status >= 300) {
    const parsed = apiError.safeParse(json);
    if (parsed.success)
      throw new ApiRequestError(xhr.status, parsed.data.message, parsed.data.field);
    throw new ApiRequestError(xhr.status, DEFAULT_ERROR_MESSAGE);
  }
  const parsed = allowanceUpload.safeParse(json);
  if (!parsed.success) throw new ApiRequestError(xhr.status, DEFAULT_ERROR_MESSAGE);
  return parsed.data;
}

/**
 * Sends an allowance file as the request body with XMLHttpRequest (fetch reports no upload
 * progress). The server checks every row and answers the report; nothing is written yet.
 */
export function uploadAllowanceFile(request: UploadAllowanceRequest): Promise<AllowanceUpload> {
  const problem = allowanceFileProblem(request.file);
  if (problem) return Promise.reject(new ApiRequestError(400, problem, 'file'));
  const url = `${fillPath(uploadAllowances.path, {
    userAccountId: request.accountId,
    sourceId: request.sourceId,
  })}?${new URLSearchParams({ fileName: request.file.name })}`;

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(uploadAllowances.method, url);
    xhr.setRequestHeader(AUTH_HEADER, request.token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(
      'Content-Type',
      CONTENT_TYPES[extensionOf(request.file.name)] ?? 'application/octet-stream',
    );
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : request.file.size;
      request.onProgress?.({ loaded: event.loaded, total });
    };
    xhr.onload = () => {
      reportStatus(xhr, request.token);
      try {
        resolve(readAnswer(xhr));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new ApiRequestError(0, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.send(request.file);
  });
}

/** The session hears this answer like any other (a 401 ends it, a roles change refreshes). */
function reportStatus(xhr: XMLHttpRequest, token: string): void {
  if (xhr.status < 200 || xhr.status > 599) return;
  const headers = new Headers();
  const rolesVersion = xhr.getResponseHeader(ROLES_VERSION_HEADER);
  if (rolesVersion !== null) headers.set(ROLES_VERSION_HEADER, rolesVersion);
  reportApiResponse(new Response(null, { status: xhr.status, headers }), token);
}
