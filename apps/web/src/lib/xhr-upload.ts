import { AUTH_HEADER, ROLES_VERSION_HEADER, XLSX_CONTENT_TYPE, apiError } from '@csp/contracts';
import type { z } from 'zod';
import {
  ApiRequestError,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  reportApiResponse,
} from './api-client.ts';

/** How far the browser has sent the file. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The XMLHttpRequest to use; tests hand in a fake. */
export type XhrFactory = () => XMLHttpRequest;

/** The types the spreadsheet uploads send, by file extension. */
export const SPREADSHEET_CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: XLSX_CONTENT_TYPE,
} as const;

export interface XhrUploadRequest<T> {
  method: string;
  /** The path with its query. */
  url: string;
  token: string;
  file: File;
  contentType: string;
  /** The contract's answer: anything else is the default error. */
  answer: z.ZodType<T>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export function uploadAbortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer as the rest of the app reads API answers: the contract's shape or the server's message. */
function readAnswer<T>(xhr: XMLHttpRequest, answer: z.ZodType<T>): T {
  const json = parseJson(xhr.responseText);
  if (xhr.status < 200 || xhr.status >= 300) {
    const parsed = apiError.safeParse(json);
    if (parsed.success)
      throw new ApiRequestError(xhr.status, parsed.data.message, parsed.data.field);
    throw new ApiRequestError(xhr.status, DEFAULT_ERROR_MESSAGE);
  }
  const parsed = answer.safeParse(json);
  if (!parsed.success) throw new ApiRequestError(xhr.status, DEFAULT_ERROR_MESSAGE);
  return parsed.data;
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

/**
 * Sends a file as the request body with XMLHttpRequest, because fetch reports no upload
 * progress. The body is the File itself, so the browser streams it from disk and never reads
 * a large file into memory. Aborting the signal cancels the upload (an AbortError).
 */
export function uploadWithXhr<T>(
  request: XhrUploadRequest<T>,
  createXhr: XhrFactory = () => new XMLHttpRequest(),
): Promise<T> {
  if (request.signal?.aborted) return Promise.reject(uploadAbortError());
  return new Promise((resolve, reject) => {
    const xhr = createXhr();
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => request.signal?.removeEventListener('abort', onAbort);

    xhr.open(request.method, request.url);
    xhr.setRequestHeader(AUTH_HEADER, request.token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', request.contentType);
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : request.file.size;
      request.onProgress?.({ loaded: event.loaded, total });
    };
    xhr.onload = () => {
      settle();
      reportStatus(xhr, request.token);
      try {
        resolve(readAnswer(xhr, request.answer));
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
      reject(uploadAbortError());
    };
    xhr.send(request.file);
  });
}
