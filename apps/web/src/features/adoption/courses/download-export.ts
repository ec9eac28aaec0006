import { XLSX_CONTENT_TYPE, exportCatalog, fillPath } from '@csp/contracts';
import type { CourseListRequest } from '@csp/contracts';
import { downloadFile, filenameFrom as filenameOr } from '../../../lib/download-file.ts';

export const FALLBACK_FILENAME = 'course-catalog.xlsx';

/** The file name from a Content-Disposition header, or the export's own name when it has none. */
export function filenameFrom(disposition: string | null): string {
  return filenameOr(disposition, FALLBACK_FILENAME);
}

/**
 * Asks for the workbook of the list as filtered and saves it under the server's file name
 * (lib/download-file.ts: the token header, the session told of the answer, a Blob saved).
 */
export function downloadCourseExport(
  userAccountId: number,
  token: string,
  body: CourseListRequest,
): Promise<string> {
  return downloadFile({
    url: fillPath(exportCatalog.path, { userAccountId }),
    method: exportCatalog.method,
    token,
    fallbackName: FALLBACK_FILENAME,
    accept: `${XLSX_CONTENT_TYPE}, application/json`,
    body,
  });
}
