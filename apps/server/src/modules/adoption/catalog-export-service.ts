import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XLSX_CONTENT_TYPE } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Session } from '../../lib/session.ts';
import { findAccountEmail } from './activity-repository.ts';
import { catalogWorkbookFile, writeCatalogWorkbook } from './catalog-export.ts';
import type { CourseListQuery } from './course-list-repository.ts';
import { isoDay } from './sections.ts';

const WORKBOOK_CREATOR = 'Campus Store Portal';

function exportFileName(now: Date): string {
  return `course-catalog-${isoDay(now)}.xlsx`;
}

/**
 * Answers the workbook as a download, streamed as it is written. Headers go out first, so a
 * failure half-way cannot become an error response: the connection is cut instead and the
 * browser reports a failed download rather than saving a broken file as complete.
 */
export function streamCatalogExport(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  list: CourseListQuery,
): FastifyReply {
  const body = new PassThrough();
  writeCatalogWorkbook(deps.db, list, body, WORKBOOK_CREATOR).catch((error: unknown) => {
    request.log.error({ err: error }, 'catalog export failed while streaming');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${exportFileName(deps.now())}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * E-mails the workbook to `overrideEmail`, or else to the caller's own address, and answers
 * where it went once the message has been handed to the mail server (so a failure is reported
 * to the user, not lost in a log).
 */
export async function emailCatalogExport(
  deps: AppDeps,
  request: FastifyRequest,
  session: Session,
  list: CourseListQuery,
  overrideEmail: string | undefined,
): Promise<{ emailedTo: string; rowCount: number }> {
  const to = overrideEmail ?? (await findAccountEmail(deps.db, session.accountId))?.email;
  if (!to) {
    throw new AppError(
      400,
      'overrideEmail: your account has no e-mail address; give one to send the export to',
      'overrideEmail',
    );
  }
  const now = deps.now();
  const file = await catalogWorkbookFile(deps.db, list, WORKBOOK_CREATOR);
  try {
    await deps.mailer.send({
      to,
      subject: `Course catalog export (${file.rows} rows)`,
      text: [
        'The course catalog you exported from the portal is attached as an Excel workbook.',
        '',
        `Rows: ${file.rows} (one per course, section and adopted material).`,
        `Sections starting ${list.search ? 'any time (a course search)' : `${list.window.from} to ${list.window.to}`}.`,
      ].join('\n'),
      attachments: [
        { filename: exportFileName(now), path: file.path, contentType: XLSX_CONTENT_TYPE },
      ],
    });
  } catch (error) {
    request.log.error({ err: error }, 'catalog export could not be mailed');
    throw new AppError(
      502,
      'The export was built but could not be e-mailed. Try again, or download it instead.',
    );
  } finally {
    await file.cleanup();
  }
  return { emailedTo: to, rowCount: file.rows };
}
