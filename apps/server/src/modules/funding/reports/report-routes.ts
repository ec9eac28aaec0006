import type { FastifyInstance } from 'fastify';
import { getAccessDayReport, getNearExpiryReport, getSpendingReport } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { fundingManager } from '../funding-access.ts';
import { accessDayReport } from './report-access-day.ts';
import { ACCESS_DAY_COLUMNS, NEAR_EXPIRY_COLUMNS, SPENDING_COLUMNS } from './report-columns.ts';
import { nearExpiryRows } from './report-near-expiry-repository.ts';
import { reportPage } from './report-page.ts';
import { spendingRows } from './report-spending-repository.ts';
import { sendWorkbook } from '../../../lib/xlsx.ts';
import { reportWorkbook } from './report-xlsx.ts';

const TAGS = ['funding'];

/**
 * The funding reports: spending by source and term, unspent allowances near expiry, the day-7
 * access report. Each answers JSON (the two that list students one page at a time, with totals
 * over every page), or with format=xlsx every row as a workbook named
 * funding-<report>-<today>.xlsx.
 */
export function registerReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const fileName = (report: string) => `funding-${report}-${isoDay(deps.now())}.xlsx`;

  route(app, getSpendingReport, { tags: TAGS }, async ({ query, request, reply }) => {
    const session = await fundingManager(db, request);
    const rows = await spendingRows(db, session.locationId);
    if (query.format === 'xlsx') {
      const workbook = await reportWorkbook('Spending', SPENDING_COLUMNS, rows);
      return sendWorkbook(reply, workbook, fileName('spending')) as never;
    }
    return { rows };
  });

  route(app, getNearExpiryReport, { tags: TAGS }, async ({ query, request, reply }) => {
    const session = await fundingManager(db, request);
    const report = await nearExpiryRows(
      db,
      session.locationId,
      isoDay(deps.now()),
      query.withinDays,
      reportPage(query),
    );
    if (query.format === 'xlsx') {
      const workbook = await reportWorkbook('Near expiry', NEAR_EXPIRY_COLUMNS, report.rows);
      return sendWorkbook(reply, workbook, fileName('near-expiry')) as never;
    }
    return report;
  });

  route(
    app,
    getAccessDayReport,
    { tags: TAGS, errors: [404] },
    async ({ query, request, reply }) => {
      const session = await fundingManager(db, request);
      const report = await accessDayReport(
        db,
        session.locationId,
        query.termId,
        isoDay(deps.now()),
        reportPage(query),
      );
      if (query.format === 'xlsx') {
        const workbook = await reportWorkbook('Access day', ACCESS_DAY_COLUMNS, report.rows);
        // The term in the name: a manager downloads one per term, and they sit side by side.
        const term = report.termName
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '');
        return sendWorkbook(reply, workbook, fileName(`access-day-${term}`)) as never;
      }
      return report;
    },
  );
}
