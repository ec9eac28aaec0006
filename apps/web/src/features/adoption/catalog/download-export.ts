import { AUTH_HEADER, XLSX_CONTENT_TYPE, apiError, exportCatalog, fillPath } from '@csp/contracts';
import type { CourseListRequest } from '@csp/contracts';
import {
  ApiRequestError,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  reportApiResponse,
} from '../../../lib/api-client.ts';

export const FALLBACK_FILENAME = 'course-catalog.xlsx';

/**
 * The file name from a Content-Disposition header: the UTF-8 `filename*` when given, else the
 * plain `filename`. Any folder part is dropped; the browser saves into its downloads folder.
 */
export function filenameFrom(disposition: string | null): string {
  if (!disposition) return FALLBACK_FILENAME;
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
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : FALLBACK_FILENAME;
}

async function failure(response: Response): Promise<ApiRequestError> {
  try {
    const parsed = apiError.safeParse(await response.json());
    if (parsed.success) {
      return new ApiRequestError(response.status, parsed.data.message, parsed.data.field);
    }
  } catch {
    // not JSON: fall through to the default text
  }
  return new ApiRequestError(response.status, DEFAULT_ERROR_MESSAGE);
}

/**
 * Asks for the workbook itself and saves it under the server's file name. The typed API client
 * reads JSON only, so this is a plain fetch with the same token header (its answer reported to
 * the session like every other call); the file goes through a Blob because a link cannot carry
 * the Auth-Token header.
 */
export async function downloadCatalog(
  userAccountId: number,
  token: string,
  body: CourseListRequest,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(fillPath(exportCatalog.path, { userAccountId }), {
      method: exportCatalog.method,
      headers: {
        [AUTH_HEADER]: token,
        Accept: `${XLSX_CONTENT_TYPE}, application/json`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, NETWORK_ERROR_MESSAGE);
  }
  reportApiResponse(response, token);
  if (!response.ok) throw await failure(response);

  const filename = filenameFrom(response.headers.get('Content-Disposition'));
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
