import { useState } from 'react';
import { fillPath } from '@csp/contracts';
import type { Endpoint } from '@csp/contracts';
import { useSession } from '../session/session-context.tsx';
import { downloadFile } from '../../lib/download-file.ts';

/** A file to fetch: the endpoint's path with its parameters, and any query. */
export interface FileRequest {
  endpoint: Pick<Endpoint, 'method' | 'path'>;
  params: Record<string, string | number>;
  query?: Record<string, string | number>;
  /** The name to save under when the server gives none. */
  fallbackName: string;
}

export function fileUrl(request: FileRequest): string {
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([key, value]) => [key, String(value)]),
  ).toString();
  return fillPath(request.endpoint.path, request.params) + (query ? `?${query}` : '');
}

/** Fetches a voucher PDF or a report workbook and saves it under the server's name. */
export function downloadEndpointFile(request: FileRequest, token: string): Promise<string> {
  return downloadFile({
    url: fileUrl(request),
    method: request.endpoint.method,
    token,
    fallbackName: request.fallbackName,
  });
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
      return await downloadEndpointFile(request, token);
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
      return null;
    } finally {
      setPending(null);
    }
  };
  return { download, pending, error, clearError: () => setError(null) };
}
