import type { FastifyInstance } from 'fastify';
import {
  createIaChargeFile,
  downloadIaChargeFile,
  getIaChargeFileLayout,
  getIaChargeFiles,
  IA_CHARGE_MESSAGES as M,
  previewIaChargeFile,
  saveIaChargeFileLayout,
  shortTermName,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { iaDivisionTerm, iaDivisions, requireIaStoreWide } from '../programs/program-access.ts';
import { chargeFileCsv, chargeFileName } from './charge-csv.ts';
import {
  chargeFileLayout,
  chargeFileLines,
  chargeFiles,
  fundedTotals,
  saveChargeFileLayout,
} from './charge-file-repository.ts';
import { deadlinePassed, previewChargeFile, runChargeFile } from './charge-run.ts';

const TAGS = ['inclusive-access'];

/** Charge files (issue 32, point 4): packages/contracts/src/inclusive-access/charges.ts. */
export function registerChargeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, getIaChargeFiles, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const { locationId } = request.session;
    const term = await iaDivisionTerm(db, locationId, params.termId, await iaDivisions(request));
    const today = isoDay(deps.now());
    return {
      // Named as every screen names a term (cut at the first hyphen); the file keeps the whole.
      term: {
        ...term,
        termName: shortTermName(term.termName),
        deadlinePassed: deadlinePassed(term, today),
      },
      files: await chargeFiles(db, params.termId),
      funded: await fundedTotals(db, params.termId),
      today,
    };
  });

  route(app, previewIaChargeFile, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const divisions = await iaDivisions(request);
    const today = isoDay(deps.now());
    return previewChargeFile(db, request.session.locationId, params.termId, divisions, today);
  });

  route(
    app,
    createIaChargeFile,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, request, reply }) => {
      const { locationId, accountId } = request.session;
      const now = deps.now();
      const run = await runChargeFile(db, {
        locationId,
        termId: params.termId,
        divisions: await iaDivisions(request),
        accountId,
        today: isoDay(now),
        now,
      });
      const [file] =
        run.fileId === null ? [] : await chargeFiles(db, params.termId, { fileId: run.fileId });
      reply.code(201);
      return {
        file: file ?? null,
        fundedCharges: run.fundedCharges,
        fundedCredits: run.fundedCredits,
      };
    },
  );

  route(
    app,
    downloadIaChargeFile,
    { tags: TAGS, errors: [404] },
    async ({ params, request, reply }) => {
      const { locationId } = request.session;
      const term = await iaDivisionTerm(db, locationId, params.termId, await iaDivisions(request));
      const [file] = await chargeFiles(db, params.termId, { number: params.fileNumber });
      if (!file) throw AppError.notFound(M.fileNotFound, 'fileNumber');
      const { columns } = await chargeFileLayout(db, locationId);
      const csv = chargeFileCsv(columns, await chargeFileLines(db, file.fileId));
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${chargeFileName(term.termName, file.number)}"`,
        )
        .header('cache-control', 'no-store')
        .send(csv) as never;
    },
  );

  route(app, getIaChargeFileLayout, { tags: TAGS }, async ({ request }) => {
    await iaDivisions(request);
    return chargeFileLayout(db, request.session.locationId);
  });

  route(app, saveIaChargeFileLayout, { tags: TAGS }, async ({ body, request }) => {
    await requireIaStoreWide(request, M.layoutStoreWide);
    const { locationId, accountId } = request.session;
    await saveChargeFileLayout(db, locationId, accountId, body.columns, deps.now());
    return chargeFileLayout(db, locationId);
  });
}
