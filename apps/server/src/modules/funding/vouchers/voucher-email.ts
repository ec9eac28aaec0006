import type { FastifyBaseLogger } from 'fastify';
import { FUNDING_MESSAGES as M, formatMoney } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { isoDay } from '../../../lib/iso-day.ts';
import { retryOnDeadlock } from '../../../lib/retry-deadlock.ts';
import type { Session } from '../../../lib/session.ts';
import {
  mailSender,
  senderLine,
  storeMail,
  takeMailAllowance,
  type MailDraft,
  type MailSender,
} from '../../mail/index.ts';
import { recordFundingActivity } from '../ledger/activity-repository.ts';
import { usDay, windowText } from '../sources/source-eligibility.ts';
import { markVoucherEmailed, voucherRows } from './voucher-repository.ts';
import { voucherContents } from './voucher-pdf-documents.ts';
import type { VoucherContent } from './voucher-pdf.ts';
import { escapeHtml } from '../../../lib/escape-html.ts';

const NOT_SENT = 'The voucher could not be e-mailed: the mail server refused it. Try again later.';

/**
 * The voucher e-mail, in plain text and simple HTML, signed with the website's name and saying
 * which member of the store's staff sent it.
 */
export function voucherMessage(
  to: string,
  v: VoucherContent,
  siteName: string,
  sender: MailSender | null,
): MailDraft {
  const first = v.studentName.split(' ')[0] ?? v.studentName;
  const facts: [string, string][] = [
    ['Funding source', v.sourceName],
    ['Voucher code', v.voucherCode],
    ['Amount allocated', formatMoney(v.allocatedCents)],
    [`Balance on ${usDay(v.asOf)}`, formatMoney(v.balanceCents)],
    ['Can be used', windowText(v.chargeStartsOn, v.chargeEndsOn)],
    ['Pays for', v.eligibility],
  ];
  const intro = `${siteName} has course materials funding for you from ${v.sourceName}.`;
  const how =
    'Show this code at the store counter, or give it when you order your course materials. Funding pays for course materials only; tax and shipping are yours.';
  const text = [
    `Hello ${first},`,
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    how,
    '',
    'Thank you,',
    siteName,
    ...(sender ? ['', senderLine(sender)] : []),
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(first)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p style="font-size:24px;font-family:monospace"><strong>${escapeHtml(v.voucherCode)}</strong></p>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...facts.map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p>${escapeHtml(how)}</p>`,
    `<p>Thank you,<br>${escapeHtml(siteName)}</p>`,
    ...(sender ? [`<p>${escapeHtml(senderLine(sender))}</p>`] : []),
  ].join('\n');
  return { to, subject: `Your course materials voucher from ${siteName}`, text, html };
}

/**
 * emailVoucher: mails the voucher to the student's address while the caller waits (the answer
 * says it was sent), then records when (emailed_at) and a VOUCHER_EMAILED activity entry. A
 * student without an address is a 400; a mail server that refuses is a 502 and records nothing.
 * Each voucher e-mailed counts against the hourly limits of the account and the store (429 over
 * them, modules/mail); one the mail server refused does not.
 */
export async function emailVoucherOf(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'throttle'>,
  log: FastifyBaseLogger,
  session: Session,
  allowanceId: number,
  siteName: string,
  now: Date,
): Promise<{ sentTo: string; emailedAt: string }> {
  const { db } = deps;
  const [row] = await voucherRows(db, session.locationId, { allowanceId }, 1);
  if (!row) throw AppError.notFound(M.allowanceNotFound, 'allowanceId');
  const to = row.email.trim();
  if (to === '') throw AppError.badRequest(M.noStudentEmail, 'allowanceId');
  const [content] = await voucherContents(db, [row], isoDay(now));
  if (!content) throw AppError.notFound(M.allowanceNotFound, 'allowanceId');
  const allowance = await takeMailAllowance(deps.throttle, 'voucher', session);
  const sender = await mailSender(db, session.accountId);
  try {
    await deps.mailer.send(
      await storeMail(db, session.locationId, voucherMessage(to, content, siteName, sender)),
    );
  } catch (error) {
    await allowance.refund();
    log.warn({ err: error, allowanceId }, 'voucher mail refused');
    throw AppError.badGateway(NOT_SENT);
  }
  // The allowance row is updated while orders may hold its lock: a deadlock's victim runs again.
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      await markVoucherEmailed(tx, session.locationId, allowanceId, now);
      await recordFundingActivity(tx, [
        {
          locationId: session.locationId,
          sourceId: row.sourceId,
          allowanceId,
          actorAccountId: session.accountId,
          action: 'VOUCHER_EMAILED',
          summary: `Voucher of student ${row.studentIdNum} e-mailed to ${to}`,
          details: { to },
          at: now,
        },
      ]);
    }),
  );
  return { sentTo: to, emailedAt: now.toISOString() };
}
