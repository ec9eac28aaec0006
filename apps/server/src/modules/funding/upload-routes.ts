import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  FUNDING_MESSAGES as M,
  MAX_ALLOWANCE_FILE_BYTES,
  applyAllowanceUpload,
  getAllowanceUpload,
  getAllowanceUploadIssues,
  getAllowanceUploads,
  uploadAllowances,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { fundingManager } from './funding-access.ts';
import { findSource } from './source-repository.ts';
import { applyUpload } from './upload-apply.ts';
import type { AllowanceFileType } from './upload-file-rows.ts';
import { findUpload, sourceUploads, uploadIssuesPage } from './upload-repository.ts';
import { checkUpload } from './upload-service.ts';
import { toUploadSummary } from './upload-summary.ts';

const TAGS = ['funding'];
/** The newest files a source's list shows. */
const UPLOADS_LISTED = 50;

function isStream(body: unknown): body is Readable {
  return typeof (body as Readable | undefined)?.pipe === 'function';
}

/** The body read whole, at most `limit` bytes (413 naming file beyond it). */
async function readBody(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > limit) {
      body.destroy();
      throw new AppError(413, M.tooLarge, 'file');
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

function fileTypeOf(fileName: string): AllowanceFileType {
  const extension = /\.(csv|xlsx)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (!extension) throw new AppError(400, M.badFileName, 'fileName');
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
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      '*',
      { bodyLimit: MAX_ALLOWANCE_FILE_BYTES },
      (_request, payload, done) => done(null, payload),
    );

    route(scope, uploadAllowances, { tags: TAGS, errors: [404, 413] }, async (input) => {
      const { params, query, request } = input;
      const session = await fundingManager(db, request);
      if (!(await findSource(db, session.locationId, params.sourceId))) {
        throw new AppError(404, M.sourceNotFound, 'sourceId');
      }
      const type = fileTypeOf(query.fileName);
      const body: unknown = request.body;
      if (body !== undefined && body !== null && !isStream(body)) {
        throw new AppError(400, M.notAFile, 'file');
      }
      if (Number(request.headers['content-length'] ?? 0) > MAX_ALLOWANCE_FILE_BYTES) {
        throw new AppError(413, M.tooLarge, 'file');
      }
      const bytes = isStream(body)
        ? await readBody(body, MAX_ALLOWANCE_FILE_BYTES)
        : Buffer.alloc(0);
      return checkUpload(
        db,
        session,
        params.sourceId,
        { fileName: query.fileName.trim(), type, bytes },
        deps.now(),
      );
    });
  });

  route(app, getAllowanceUploads, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const session = await fundingManager(db, request);
    if (!(await findSource(db, session.locationId, params.sourceId))) {
      throw new AppError(404, M.sourceNotFound, 'sourceId');
    }
    const rows = await sourceUploads(db, params.sourceId, UPLOADS_LISTED);
    return { uploads: rows.map(toUploadSummary) };
  });

  route(app, getAllowanceUpload, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const session = await fundingManager(db, request);
    const row = await findUpload(db, session.locationId, params.uploadId);
    if (!row) throw new AppError(404, M.uploadNotFound, 'uploadId');
    return toUploadSummary(row);
  });

  route(
    app,
    getAllowanceUploadIssues,
    { tags: TAGS, errors: [404] },
    async ({ params, query, request }) => {
      const session = await fundingManager(db, request);
      const row = await findUpload(db, session.locationId, params.uploadId);
      if (!row) throw new AppError(404, M.uploadNotFound, 'uploadId');
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
