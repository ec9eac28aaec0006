import { AUTH_HEADER, apiError } from '@csp/contracts';
import {
  ApiRequestError,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  reportApiResponse,
} from './api-client.ts';

/**
 * The file name from a Content-Disposition header: the UTF-8 `filename*` when given, else the
 * plain `filename`. Any folder part is dropped; the browser saves into its downloads folder.
 */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+'[^']*')?("?)([^";]+)\1/i.exec(disposition);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2]);
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
    name = (plain?.[1] ?? plain?.[2])?.trim();
  }
  return name?.split(/[\\/]/).pop()?.trim() || fallback;
}

/** A refused download as the rest of the app reads refusals: the server's message and field. */
async function failure(response: Response): Promise<ApiRequestError> {
  try {
    const parsed = apiError.safeParse(await response.json());
    if (parsed.success) {
      return new ApiRequestError(response.status, parsed.data.message, parsed.data.field);
    }
  } catch {
    // not JSON: the default text below
  }
  return new ApiRequestError(response.status, DEFAULT_ERROR_MESSAGE);
}

/** Hands a Blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export interface FileDownload {
  url: string;
  method: string;
  token: string;
  /** The name to save under when the server gives none. */
  fallbackName: string;
  /** The Accept header: what the file may be (a refusal is JSON either way). */
  accept?: string;
  /** A JSON body, for a file asked for with the list's filters. */
  body?: unknown;
}

/**
 * Fetches a file (a PDF, a workbook) with the Auth-Token header and saves it under the
 * server's name, which it returns. The typed API client reads JSON only, and a link cannot
 * carry the header, so the file goes through a Blob; the answer is reported to the session
 * like every other call (a 401 ends it).
 */
export async function downloadFile(request: FileDownload): Promise<string> {
  const headers: Record<string, string> = {
    [AUTH_HEADER]: request.token,
    Accept: request.accept ?? '*/*',
  };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
  } catch {
    throw new ApiRequestError(0, NETWORK_ERROR_MESSAGE);
  }
  reportApiResponse(response, request.token);
  if (!response.ok) throw await failure(response);
  const filename = filenameFrom(response.headers.get('Content-Disposition'), request.fallbackName);
  saveBlob(await response.blob(), filename);
  return filename;
}
