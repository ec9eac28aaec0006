import type { FastifyInstance } from 'fastify';
import { getImportTemplate, mapImportColumns } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../lib/route.ts';
import { recheckWithColumns } from './column-mapping-repository.ts';
import { dataManager, dataReader } from './data-access.ts';
import { DATA_MESSAGES as M } from './data-messages.ts';
import { importJobOf, type ImportJobs } from './apply/import-jobs.ts';
import { choiceProblems, headerKeyOf, type ChosenColumns, type FileColumn } from './feeds/column-mapping.ts';
import { formatById } from './feeds/import-formats.ts';
import { formatTemplateCsv } from './feeds/format-template.ts';
import { findImport } from './import-repository.ts';

const TAGS = ['data'];

/**
 * The column mapping of uploads whose headers are not their format's (issue 27), and each
 * format's template to fill in.
 */
export function registerColumnRoutes(app: FastifyInstance, deps: AppDeps, jobs: ImportJobs): void {
  const { db } = deps;

  route(app, getImportTemplate, { tags: TAGS, errors: [404] }, async ({ params, request, reply }) => {
    await dataReader(db, request);
    const format = formatById(params.formatId);
    if (!format) throw AppError.notFound(M.noFormat(params.formatId), 'formatId');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${format.formatId}-template.csv"`)
      .send(formatTemplateCsv(format)) as never;
  });

  // The file is checked again with the columns chosen (202); the same columns sent twice check
  // it twice, which changes nothing but the time it takes. A mapping to save is saved by the
  // check, once it ends with rows to apply.
  route(
    app,
    mapImportColumns,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, body, request, reply }) => {
      const session = await dataManager(db, request);
      const row = await findImport(db, session.locationId, params.importId);
      if (!row) throw AppError.notFound(M.importNotFound, 'importId');
      const format = formatById(row.formatId);
      const fileColumns = row.fileColumns as FileColumn[] | null;
      if (!format || !fileColumns || !row.storedPath) {
        throw AppError.conflict(M.notMappable, 'importId');
      }
      const twice = body.columns.find((c, i) => body.columns.findIndex((o) => o.key === c.key) !== i);
      if (twice) throw AppError.badRequest(M.columnTwice(twice.key), `columns.${twice.key}`);
      const columns = Object.fromEntries(body.columns.map((c) => [c.key, c.choice]));
      const [problem] = choiceProblems(format, fileColumns, columns);
      if (problem) throw AppError.badRequest(problem.message, problem.field);
      const chosen: ChosenColumns = {
        columns,
        nameOrder: body.nameOrder,
        templateName: body.saveAs ?? null,
        saveAs: body.saveAs
          ? { headerKey: headerKeyOf(fileColumns.map((c) => c.header)), createdBy: session.accountId }
          : null,
      };
      if (!(await recheckWithColumns(db, session.locationId, row.id, chosen))) {
        throw AppError.conflict(M.notMappable, 'importId');
      }
      // Queued at once: the import is VALIDATING now, and only its check ends that.
      jobs.check(importJobOf({ ...row, status: 'VALIDATING', columnMapping: chosen }));
      const now = await findImport(db, session.locationId, row.id);
      if (!now) throw new Error('the import is not found');
      reply.code(202);
      return jobs.summaryOf(now);
    },
  );
}
