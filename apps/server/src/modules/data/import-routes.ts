import type { FastifyInstance } from 'fastify';
import {
  applyImport,
  getImport,
  getImportFormats,
  getImportIssues,
  getImports,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { route } from '../../lib/route.ts';
import { dataManager, dataReader } from './data-access.ts';
import { DATA_MESSAGES as M } from './data-messages.ts';
import { allFormats } from './feeds/import-formats.ts';
import { importJobOf, type CheckedFigures, type ImportJobs } from './apply/import-jobs.ts';
import { claimForApply, findImport, listImports, listIssues } from './import-repository.ts';
import { registerUploadRoute } from './upload-route.ts';

const TAGS = ['data'];
const LIST_LIMIT = 50;

/** Imports (docs/behaviour/routes-and-guard.md#routes Data Summary): formats, upload, the reports, and applying. */
export function registerImportRoutes(app: FastifyInstance, deps: AppDeps, jobs: ImportJobs): void {
  const { db } = deps;
  const found = async (locationId: number, importId: number) => {
    const row = await findImport(db, locationId, importId);
    if (!row) throw AppError.notFound( M.importNotFound, 'importId');
    return row;
  };

  route(app, getImportFormats, { tags: TAGS }, async ({ request }) => {
    await dataReader(db, request);
    return { formats: allFormats() };
  });

  registerUploadRoute(app, deps, jobs);

  route(app, getImports, { tags: TAGS }, async ({ request }) => {
    const session = await dataReader(db, request);
    const rows = await listImports(db, session.locationId, LIST_LIMIT);
    return { imports: rows.map((row) => jobs.summaryOf(row)) };
  });

  route(app, getImport, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const session = await dataReader(db, request);
    const row = await found(session.locationId, params.importId);
    return jobs.summaryOf(row);
  });

  route(app, getImportIssues, { tags: TAGS, errors: [404] }, async ({ params, query, request }) => {
    const session = await dataReader(db, request);
    await found(session.locationId, params.importId);
    const page = await listIssues(db, params.importId, query.offset, query.limit);
    return {
      issues: page.issues.map(({ rowNumber, column, value, message, warning }) => ({
        rowNumber,
        column,
        value,
        message,
        warning,
      })),
      total: page.total,
    };
  });

  // 202 while it applies (this call started it, or an earlier one did); 200 once applied. The
  // answer is the state read before this call's job starts, so it does not depend on how fast
  // the job runs; a job that fails leaves the import VALIDATED again, saying why (ADR 0022).
  route(
    app,
    applyImport,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, request, reply }) => {
      const session = await dataManager(db, request);
      await found(session.locationId, params.importId);
      const claimed = await claimForApply(db, session.locationId, params.importId);
      const now = await found(session.locationId, params.importId);
      if (claimed) {
        // The row as claimed (read after the claim): its file, columns and checked figures.
        jobs.apply(importJobOf(now), now.rowsRead, {
          ...now,
          entities: now.entities as CheckedFigures['entities'],
        });
      } else if (now.status !== 'APPLYING' && now.status !== 'APPLIED') {
        throw AppError.conflict( M.notApplicable(now.status), 'importId');
      }
      if (now.status === 'APPLYING') reply.code(202);
      return jobs.summaryOf(now);
    },
  );
}
