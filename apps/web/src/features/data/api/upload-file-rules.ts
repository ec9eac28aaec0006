import { IMPORT_FILE_TYPES, type ImportFileType } from '@csp/contracts';
import { formatBytes } from '../report/report-format.ts';

/** What the file picker offers: the types the server reads. */
export const ACCEPTED_FILE_TYPES = IMPORT_FILE_TYPES.map((type) => `.${type}`).join(',');

/** The type a file name says it is, or null when it is neither CSV nor XLSX. */
export function fileTypeOf(fileName: string): ImportFileType | null {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return IMPORT_FILE_TYPES.find((type) => type === extension) ?? null;
}

/**
 * Why a chosen file cannot be sent, before sending it: the server refuses the same files (a
 * 400 naming `fileName` or `file`), but a clerk should not wait for a 40 MB upload to hear it.
 */
export function uploadProblem(
  file: Pick<File, 'name' | 'size'>,
  maxBytes: number,
): { field: 'fileName' | 'file'; message: string } | null {
  if (!fileTypeOf(file.name)) {
    return { field: 'fileName', message: `“${file.name}” is not a .csv or .xlsx file.` };
  }
  if (file.size === 0) return { field: 'file', message: `“${file.name}” is empty.` };
  if (file.size > maxBytes) {
    return {
      field: 'file',
      message: `“${file.name}” is ${formatBytes(file.size)}; the largest file accepted is ${formatBytes(maxBytes)}.`,
    };
  }
  return null;
}
