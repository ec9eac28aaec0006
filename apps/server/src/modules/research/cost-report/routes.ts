import type { FastifyInstance } from 'fastify';
import { getCostReport, getCostReportTerms } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import { sendWorkbook } from '../../../lib/xlsx.ts';
import { sectionReader } from '../section-access.ts';
import { costReport, costReportTerms } from './service.ts';
import { costReportWorkbook } from './xlsx.ts';

const TAGS = ['research'];

/** A term's name as a file name part: "Fall 2026" -> "fall-2026". */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The textbook cost report (issue 31, point 6): its term choices and the report of a term, as
 * JSON or, with format=xlsx, a workbook named cost-report-<term>.xlsx. VIEW_SECTION somewhere
 * (403 otherwise); only sections in the caller's scope of their own store count.
 */
export function registerCostReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, getCostReportTerms, { tags: TAGS }, async ({ request }) => {
    const { session, grants } = await sectionReader(db, request);
    return costReportTerms(db, grants, session.locationId);
  });

  route(app, getCostReport, { tags: TAGS, errors: [404] }, async ({ query, request, reply }) => {
    const { session, grants } = await sectionReader(db, request);
    const report = await costReport(db, grants, session.locationId, query.termId);
    if (query.format === 'xlsx') {
      const name = `cost-report-${slug(report.term.termName)}-${report.term.termId}.xlsx`;
      return sendWorkbook(reply, await costReportWorkbook(report), name) as never;
    }
    return report;
  });
}
