import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XLSX_CONTENT_TYPE, type CourseListFilters } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import {
  mailSender,
  refuseUnknownRecipients,
  senderLine,
  storeSenderName,
  takeMailAllowance,
  type MailAllowance,
} from '../../mail/index.ts';
import { catalogWorkbookFile, ExportAbandoned, writeCatalogWorkbook } from './export.ts';
import { allListedCourses } from './list-repository.ts';
import type { CourseListQuery } from './list-query.ts';
import { isoDay } from '../course-detail/sections.ts';

const WORKBOOK_CREATOR = 'Campus Store Portal';

function exportFileName(now: Date): string {
  return `course-catalog-${isoDay(now)}.xlsx`;
}

/**
 * Answers the workbook as a download, streamed as it is written. The courses are read first, so
 * a refusal or a failure there is an ordinary error answer; once the headers are out a failure
 * cannot become one: the connection is cut instead and the browser reports a failed download
 * rather than saving a broken file as complete. A reader that goes away stops the work.
 */
export async function streamCatalogExport(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  list: CourseListQuery,
): Promise<FastifyReply> {
  const courses = await allListedCourses(deps.db, list);
  const body = new PassThrough();
  writeCatalogWorkbook(deps.db, list, courses, body, WORKBOOK_CREATOR).catch((error: unknown) => {
    if (error instanceof ExportAbandoned) return;
    request.log.error({ err: error }, 'catalog export failed while streaming');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${exportFileName(deps.now())}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** The same export to the same address within this long is a double press: sent once. */
const SAME_EXPORT_MS = 60_000;

/**
 * Counts an e-mailed export before any work: the same filters to the same address within a
 * minute are refused (409, a double press or a retry), and so is one over the hourly limits of
 * the account and the store (429, modules/mail). Returns what to give back if the mail is not
 * sent after all.
 */
async function guardExportMail(
  deps: AppDeps,
  session: Session,
  filters: CourseListFilters,
  to: string,
): Promise<{ giveBack: () => Promise<void> }> {
  const digest = createHash('sha256')
    .update(JSON.stringify(filters))
    .update('\u0000')
    .update(to.toLowerCase())
    .digest('base64url');
  const sameExport = `export-mail:${session.accountId}:${digest}`;
  const same = await deps.throttle.take([
    { key: sameExport, limit: { max: 1, windowMs: SAME_EXPORT_MS } },
  ]);
  if (!same.allowed)
    throw AppError.conflict(
      `This export was sent to ${to} less than a minute ago, or is being sent: look for it in that inbox in a few minutes.`,
    );
  let allowance: MailAllowance;
  try {
    allowance = await takeMailAllowance(deps.throttle, 'catalogExport', session);
  } catch (error) {
    await deps.throttle.clear([sameExport]);
    throw error;
  }
  return {
    giveBack: async () => {
      await deps.throttle.clear([sameExport]);
      await allowance.refund();
    },
  };
}

/**
 * E-mails the workbook to `overrideEmail` (someone the store knows, modules/mail), or else to
 * the caller's own address, and answers where it went once the message has been handed to the
 * mail server (so a failure is reported to the user, not lost in a log). The e-mail names who
 * sent it, and replies go to them.
 */
export async function emailCatalogExport(
  deps: AppDeps,
  request: FastifyRequest,
  session: Session,
  list: CourseListQuery,
  filters: CourseListFilters,
  overrideEmail: string | undefined,
): Promise<{ emailedTo: string; rowCount: number }> {
  const sender = await mailSender(deps.db, session.accountId);
  if (overrideEmail !== undefined) {
    await refuseUnknownRecipients(deps.db, session.locationId, 'overrideEmail', [overrideEmail]);
  }
  const to = overrideEmail ?? sender?.email;
  if (!to) {
    throw AppError.badRequest(
      'overrideEmail: your account has no e-mail address; give one to send the export to',
      'overrideEmail',
    );
  }
  const guard = await guardExportMail(deps, session, filters, to);
  const now = deps.now();
  let file: Awaited<ReturnType<typeof catalogWorkbookFile>>;
  try {
    const courses = await allListedCourses(deps.db, list);
    file = await catalogWorkbookFile(deps.db, list, courses, WORKBOOK_CREATOR);
  } catch (error) {
    // Not built: the same export may be asked for again at once.
    await guard.giveBack();
    throw error;
  }
  try {
    await deps.mailer.send({
      fromName: await storeSenderName(deps.db, session.locationId),
      to,
      subject: `Course catalog export (${file.rows} rows)`,
      text: [
        'The course catalog exported from the portal is attached as an Excel workbook.',
        '',
        `Rows: ${file.rows} (one per course, section and adopted material).`,
        `Sections starting ${list.search ? 'any time (a course search)' : `${list.window.from} to ${list.window.to}`}.`,
        ...(sender ? ['', senderLine(sender)] : []),
      ].join('\n'),
      ...(sender && { replyTo: sender.email }),
      attachments: [
        { filename: exportFileName(now), path: file.path, contentType: XLSX_CONTENT_TYPE },
      ],
    });
  } catch (error) {
    // Not sent: the same export may be asked for again at once.
    await guard.giveBack();
    request.log.error({ err: error }, 'catalog export could not be mailed');
    throw AppError.badGateway(
      'The export was built but could not be e-mailed. Try again, or download it instead.',
    );
  } finally {
    await file.cleanup();
  }
  return { emailedTo: to, rowCount: file.rows };
}
