import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadImport, type ImportFileType } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { route } from '../../lib/route.ts';
import {
  fileBody,
  removeUpload,
  storeUpload,
  takeBodyAsFile,
  type StoredUpload,
} from '../../lib/uploads/receive-upload.ts';
import { SheetFormatError, SheetLimitError } from '../../lib/uploads/sheet-errors.ts';
import { checkWorkbookDirectory } from '../../lib/uploads/zip-parts.ts';
import { detectCsvDialect, type CsvDialect } from '../../lib/uploads/csv-dialect.ts';
import { findDivision } from '../catalog/index.ts';
import { dataManager } from './data-access.ts';
import { DATA_MESSAGES as M } from './data-messages.ts';
import { importLimits } from './checks/file-rows.ts';
import { formatById } from './feeds/import-formats.ts';
import { importJobOf, type ImportJobs } from './apply/import-jobs.ts';
import { findImport, insertImport } from './import-repository.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * The content types that say which type of file they carry; a file name saying another is a
 * mistake (null, or a type not listed: the file name decides). Browsers on Windows label a
 * .csv file application/vnd.ms-excel.
 */
const FILE_TYPES: Record<string, ImportFileType | null> = {
  'text/csv': 'csv',
  [XLSX_TYPE]: 'xlsx',
  'application/octet-stream': null,
  'application/vnd.ms-excel': null,
};

/** The file's type from its name, checked against the content type it was sent as. */
function fileTypeOf(request: FastifyRequest, fileName: string): ImportFileType {
  const extension = /\.(csv|xlsx)$/i.exec(fileName.trim())?.[1]?.toLowerCase() as
    | ImportFileType
    | undefined;
  if (!extension) throw AppError.badRequest( M.badFileName, 'fileName');
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const sent = FILE_TYPES[contentType];
  if (sent && sent !== extension) {
    throw AppError.badRequest( M.typeMismatch(extension, contentType), 'fileName');
  }
  return extension;
}

/**
 * The body streamed to a private file within an import's size. A workbook is refused (413)
 * when its directory already declares more than an import may unpack to: nothing is inflated,
 * so a zip bomb is refused at once. What it holds is read by the check, in the background.
 */
async function storeImportFile(body: ReturnType<typeof fileBody>, fileType: ImportFileType) {
  const limits = importLimits();
  const stored: StoredUpload = await storeUpload(body, limits, { interrupted: M.interruptedUpload });
  try {
    if (stored.bytes === 0) throw AppError.badRequest( M.emptyFile, 'file');
    if (fileType === 'xlsx') await checkWorkbookDirectory(stored.path, limits);
  } catch (error) {
    // A file that is no workbook at all is the check's to report (INVALID, saying so).
    if (error instanceof SheetFormatError) return stored;
    await removeUpload(stored.path);
    if (error instanceof SheetLimitError) throw AppError.tooLarge( error.message, 'file');
    throw error;
  }
  return stored;
}

/** A CSV file's dialect: what the uploader chose, the rest detected from the file's start. */
async function csvDialect(
  path: string,
  chosen: { separator?: CsvDialect['separator']; encoding?: CsvDialect['encoding'] },
): Promise<CsvDialect> {
  const detected =
    chosen.separator && chosen.encoding
      ? { separator: chosen.separator, encoding: chosen.encoding }
      : await detectCsvDialect(path);
  return {
    separator: chosen.separator ?? detected.separator,
    encoding: chosen.encoding ?? detected.encoding,
  };
}

/**
 * POST data/imports: the body is the file, streamed to disk by a content-type parser of this
 * route's own scope (the app's JSON parser and body limit stay as they are elsewhere). The
 * answer is 202 with the import VALIDATING; the check runs after it.
 */
export function registerUploadRoute(app: FastifyInstance, deps: AppDeps, jobs: ImportJobs): void {
  const { db } = deps;
  void app.register(async (scope) => {
    // Any content type, or none, is the file itself (its name decides its type): clients
    // label CSV files text/plain, application/vnd.ms-excel or nothing. Only JSON keeps the
    // app's parser, and is refused as not a file.
    takeBodyAsFile(scope, importLimits().maxBytes);

    route(scope, uploadImport, { tags: ['data'], errors: [404, 413] }, async (input) => {
      const { query, request, reply } = input;
      const session = await dataManager(db, request);
      const mapping = formatById(query.formatId);
      if (!mapping) throw AppError.badRequest( M.noFormat(query.formatId), 'formatId');
      const fileType = fileTypeOf(request, query.fileName);
      if (mapping.needsDivision && query.divisionId === undefined) {
        throw AppError.badRequest( M.divisionNeeded, 'divisionId');
      }
      // A division named is the store's own even where the format does not use it.
      if (
        query.divisionId !== undefined &&
        !(await findDivision(db, session.locationId, query.divisionId))
      ) {
        throw AppError.notFound( M.divisionNotFound, 'divisionId');
      }
      const divisionId = mapping.needsDivision ? (query.divisionId ?? null) : null;
      const stored = await storeImportFile(fileBody(request, M.notAFile), fileType);
      let importId: number;
      let csv: CsvDialect | null;
      try {
        csv = fileType === 'csv' ? await csvDialect(stored.path, query) : null;
        importId = await insertImport(db, {
          locationId: session.locationId,
          formatId: mapping.formatId,
          feeds: mapping.feeds,
          fileName: query.fileName.trim(),
          fileType,
          fileBytes: stored.bytes,
          sha256: stored.sha256,
          storedPath: stored.path,
          divisionId,
          status: 'VALIDATING',
          createdBy: session.accountId,
          csvSeparator: csv?.separator ?? null,
          csvEncoding: csv?.encoding ?? null,
          csvDialectChosen: query.separator !== undefined || query.encoding !== undefined,
        });
      } catch (error) {
        await removeUpload(stored.path);
        throw error;
      }
      const row = await findImport(db, session.locationId, importId);
      if (!row) throw new Error('the new import is not found');
      jobs.check(importJobOf(row));
      reply.code(202);
      return jobs.summaryOf(row);
    });
  });
}
