import type { FastifyInstance } from 'fastify';
import {
  FUNDING_MESSAGES as M,
  applyAllowanceUpload,
  getAllowanceUpload,
  getAllowanceUploadIssues,
  getAllowanceUploads,
  uploadAllowances,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { route } from '../../../lib/route.ts';
import {
  isStream,
  removeUpload,
  storeUpload,
  takeBodyAsFile,
} from '../../../lib/uploads/receive-upload.ts';
import { fundingManager } from '../funding-access.ts';
import { findSource } from '../sources/source-repository.ts';
import { applyUpload } from './upload-apply.ts';
import { ALLOWANCE_FILE_LIMITS, type AllowanceFileType } from './upload-file-rows.ts';
import { findUpload, sourceUploads, uploadIssuesPage } from './upload-repository.ts';
import { checkUpload } from './upload-service.ts';
import { toUploadSummary } from './upload-summary.ts';

const TAGS = ['funding'];
/** The newest files a source's list shows. */
const UPLOADS_LISTED = 50;

function fileTypeOf(fileName: string): AllowanceFileType {
  const extension = /\.(csv|xlsx)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (!extension) throw AppError.badRequest(M.badFileName, 'fileName');
  return extension as AllowanceFileType;
}

/**
 * Allowance files (report-then-apply, ADR 0019): the upload's body is the file itself, taken by
 * a content-type parser of this scope only (the app's JSON parser and body limit stay as they
 * are elsewhere); its list, report, rejected rows and apply. MANAGE_VOUCHERS, own store only.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  void app.register(async (scope) => {
    // Any content type, or none, is the file itself: clients label CSV files text/plain,
    // application/vnd.ms-excel or nothing. JSON keeps the app's parser and is not a file.
    takeBodyAsFile(scope, ALLOWANCE_FILE_LIMITS.maxBytes);

    route(scope, uploadAllowances, { tags: TAGS, errors: [404, 413] }, async (input) => {
      const { params, query, request } = input;
      const session = await fundingManager(db, request);
      if (!(await findSource(db, session.locationId, params.sourceId))) {
        throw AppError.notFound(M.sourceNotFound, 'sourceId');
      }
      const type = fileTypeOf(query.fileName);
      const body: unknown = request.body;
      if (body !== undefined && body !== null && !isStream(body)) {
        throw AppError.badRequest(M.notAFile, 'file');
      }
      // Streamed to a private file (5 MB at most), read from there by a worker thread.
      const stored = isStream(body)
        ? await storeUpload(body, ALLOWANCE_FILE_LIMITS, { interrupted: M.interruptedUpload })
        : null;
      try {
        return await checkUpload(
          db,
          session,
          params.sourceId,
          {
            fileName: query.fileName.trim(),
            type,
            path: stored?.path ?? null,
            bytes: stored?.bytes ?? 0,
          },
          deps.now(),
        );
      } finally {
        await removeUpload(stored?.path);
      }
    });
  });

  route(app, getAllowanceUploads, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const session = await fundingManager(db, request);
    if (!(await findSource(db, session.locationId, params.sourceId))) {
      throw AppError.notFound(M.sourceNotFound, 'sourceId');
    }
    const rows = await sourceUploads(db, params.sourceId, UPLOADS_LISTED);
    return { uploads: rows.map(toUploadSummary) };
  });

  route(app, getAllowanceUpload, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const session = await fundingManager(db, request);
    const row = await findUpload(db, session.locationId, params.uploadId);
    if (!row) throw AppError.notFound(M.uploadNotFound, 'uploadId');
    return toUploadSummary(row);
  });

  route(
    app,
    getAllowanceUploadIssues,
    { tags: TAGS, errors: [404] },
    async ({ params, query, request }) => {
      const session = await fundingManager(db, request);
      const row = await findUpload(db, session.locationId, params.uploadId);
      if (!row) throw AppError.notFound(M.uploadNotFound, 'uploadId');
      const page = await uploadIssuesPage(db, row.id, query.page, query.pageSize);
      return { issues: page.issues, recordCount: page.total };
    },
  );

  route(
    app,
    applyAllowanceUpload,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, request }) => {
      const session = await fundingManager(db, request);
      return applyUpload(db, session, params.uploadId, deps.now());
    },
  );
}
