import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_IMPORT_BYTES, uploadImport, type ImportFileType } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { findDivision } from '../catalog/index.ts';
import { dataManager } from './data-access.ts';
import { DATA_MESSAGES as M } from './data-messages.ts';
import { formatById } from './import-formats.ts';
import type { ImportJobs } from './import-jobs.ts';
import { findImport, insertImport } from './import-repository.ts';
import { toSummary } from './import-summary.ts';
import { removeUpload, storeUpload } from './upload-store.ts';

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

function isStream(body: unknown): body is Readable {
  return typeof (body as Readable | undefined)?.pipe === 'function';
}

/** The file's type from its name, checked against the content type it was sent as. */
function fileTypeOf(request: FastifyRequest, fileName: string): ImportFileType {
  const extension = /\.(csv|xlsx)$/i.exec(fileName.trim())?.[1]?.toLowerCase() as
    | ImportFileType
    | undefined;
  if (!extension) throw new AppError(400, M.badFileName, 'fileName');
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const sent = FILE_TYPES[contentType];
  if (sent && sent !== extension) {
    throw new AppError(400, M.typeMismatch(extension, contentType), 'fileName');
  }
  return extension;
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
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      '*',
      { bodyLimit: MAX_IMPORT_BYTES },
      (_request, payload, done) => done(null, payload),
    );

    route(scope, uploadImport, { tags: ['data'], errors: [404, 413] }, async (input) => {
      const { query, request, reply } = input;
      const session = await dataManager(db, request);
      const mapping = formatById(query.formatId);
      if (!mapping) throw new AppError(400, M.noFormat(query.formatId), 'formatId');
      const fileType = fileTypeOf(request, query.fileName);
      let divisionId: number | null = null;
      if (mapping.needsDivision) {
        if (query.divisionId === undefined) throw new AppError(400, M.divisionNeeded, 'divisionId');
        if (!(await findDivision(db, session.locationId, query.divisionId))) {
          throw new AppError(404, M.divisionNotFound, 'divisionId');
        }
        divisionId = query.divisionId;
      }
      if (!isStream(request.body)) throw new AppError(400, M.notAFile, 'file');
      if (Number(request.headers['content-length'] ?? 0) > MAX_IMPORT_BYTES) {
        throw new AppError(413, M.tooLarge, 'file');
      }
      const stored = await storeUpload(request.body, MAX_IMPORT_BYTES);
      let importId: number;
      try {
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
        });
      } catch (error) {
        await removeUpload(stored.path);
        throw error;
      }
      const row = await findImport(db, session.locationId, importId);
      if (!row) throw new Error('the new import is not found');
      jobs.check({
        importId,
        locationId: session.locationId,
        divisionId,
        formatId: mapping.formatId,
        fileType,
        storedPath: stored.path,
      });
      reply.code(202);
      return toSummary(row, jobs.liveProgress(importId));
    });
  });
}
