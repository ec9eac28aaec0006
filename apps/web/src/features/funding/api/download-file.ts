import { useState } from 'react';
import { AUTH_HEADER, apiError, fillPath } from '@csp/contracts';
import type { Endpoint } from '@csp/contracts';
import { useSession } from '../../../app/session/session-context.tsx';
import {
  ApiRequestError,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  reportApiResponse,
} from '../../../lib/api-client.ts';

/** A file to fetch: the endpoint's path with its parameters, and any query. */
export interface FileRequest {
  endpoint: Pick<Endpoint, 'method' | 'path'>;
  params: Record<string, string | number>;
  query?: Record<string, string | number>;
  /** The name to save under when the server gives none. */
  fallbackName: string;
}

/**
 * The file name from a Content-Disposition header: the UTF-8 `filename*` when given, else the
 * plain `filename`; any folder part is dropped.
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

export function fileUrl(request: FileRequest): string {
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([key, value]) => [key, String(value)]),
  ).toString();
  return fillPath(request.endpoint.path, request.params) + (query ? `?${query}` : '');
}

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

/**
 * Fetches a PDF or workbook with the Auth-Token header and saves it under the server's name.
 * A link cannot carry the header, so the file goes through a Blob; the answer is reported to
 * the session like every other call (a 401 ends it).
 */
export async function downloadFile(request: FileRequest, token: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(fileUrl(request), {
      method: request.endpoint.method,
      headers: { [AUTH_HEADER]: token, Accept: '*/*' },
    });
  } catch {
    throw new ApiRequestError(0, NETWORK_ERROR_MESSAGE);
  }
  reportApiResponse(response, token);
  if (!response.ok) throw await failure(response);
  const filename = filenameFrom(response.headers.get('Content-Disposition'), request.fallbackName);
  saveBlob(await response.blob(), filename);
  return filename;
}

function saveBlob(blob: Blob, filename: string) {
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

/** A download a button starts: whether it is under way, and why it failed. */
export function useDownloadFile() {
  const token = useSession().session?.token;
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const download = async (request: FileRequest, key = request.fallbackName) => {
    if (!token || pending) return null;
    setPending(key);
    setError(null);
    try {
      return await downloadFile(request, token);
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
      return null;
    } finally {
      setPending(null);
    }
  };
  return { download, pending, error, clearError: () => setError(null) };
}
