import { ADOPTION_TYPE } from '@csp/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import type { AccessibleCourse } from '../course-access.ts';
import {
  futureAdoptionRecipients,
  listFutureAdoptions,
  recordNotice,
  settleNotice,
  type FutureAdoptionLine,
} from './future-adoptions-repository.ts';
import { mailSender, senderLine, storeSenderName, takeMailAllowance } from '../../mail/index.ts';
import { formatEan13 } from '../wizard/titles.ts';
import { ADOPTION_MESSAGES as M } from '../messages.ts';
import { isoDay } from './sections.ts';

/** A second press within this long answers the first sending instead of mailing again. */
const RESEND_GUARD_MS = 60_000;
const NOTICE_KIND = 'FUTURE_ADOPTIONS';

const mmddyyyy = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

function describe(lines: FutureAdoptionLine[]): string[] {
  const byAdoption = new Map<number, FutureAdoptionLine[]>();
  for (const line of lines) {
    byAdoption.set(line.adoptionMaterialId, [
      ...(byAdoption.get(line.adoptionMaterialId) ?? []),
      line,
    ]);
  }
  return [...byAdoption.values()].map((group) => {
    const a = group[0]!;
    const what = a.noTextRequired
      ? 'No text required'
      : [
          a.title ?? 'Untitled material',
          a.author && `by ${a.author}`,
          a.edition && `edition ${a.edition}`,
          a.publisher,
          a.ean13 && `ISBN ${formatEan13(a.ean13)}`,
          a.required ? 'required' : 'optional',
        ]
          .filter(Boolean)
          .join(', ');
    const sections = group.map((l) => `${l.sectionCode} (starts ${mmddyyyy(l.startDate)})`);
    const kind = a.adoptionType === ADOPTION_TYPE.AUTO ? 'course adoption' : 'section adoption';
    return `- ${what} [${kind}]: sections ${sections.join(', ')}`;
  });
}

/**
 * E-mails the course's instructors and submitters the adoptions on its sections that start in
 * the future. Only the course-materials team and submitters may send it (instructors receive
 * it). The sending is recorded first, so a double press or a retry within a minute answers
 * the first sending and mails nobody twice. Each sending counts against the hourly limits of
 * the account and the store (modules/mail); the e-mail names who sent it, and replies go to them.
 */
export async function sendFutureAdoptions(
  deps: AppDeps,
  log: FastifyBaseLogger,
  session: Session,
  course: AccessibleCourse & { label: string },
): Promise<{ recipients: string[]; notDelivered: string[]; adoptionCount: number }> {
  // It speaks for every section, so it needs an adopt action on the course itself.
  if (
    !course.courseActions.includes('ADOPT_CMA_TEAM') &&
    !course.courseActions.includes('ADOPT_COURSE')
  )
    throw AppError.forbidden(M.mayNotSendFutureAdoptions);
  const now = deps.now();
  const today = isoDay(now);
  const lines = await listFutureAdoptions(deps.db, course.ancestry.courseId, today);
  const adoptionCount = new Set(lines.map((l) => l.adoptionMaterialId)).size;
  if (adoptionCount === 0) throw AppError.conflict(M.noFutureAdoptions);
  const submitters = [
    ...new Set(lines.map((l) => l.createdBy).filter((id): id is number => id !== null)),
  ];
  const recipients = await futureAdoptionRecipients(
    deps.db,
    course.ancestry.courseId,
    today,
    submitters,
  );
  if (recipients.length === 0) throw AppError.conflict(M.noFutureAdoptionRecipients);
  const allowance = await takeMailAllowance(deps.throttle, 'futureAdoptions', session);
  const sent = await recordNotice(
    deps.db,
    {
      locationId: session.locationId,
      courseId: course.ancestry.courseId,
      senderAccountId: session.accountId,
      kind: NOTICE_KIND,
      recipients,
      adoptionCount,
    },
    now,
    new Date(now.getTime() - RESEND_GUARD_MS),
  );
  if (!sent.isNew) {
    await allowance.refund();
    return { ...sent, notDelivered: [] };
  }
  const sender = await mailSender(deps.db, session.accountId);
  const text = [
    `These course materials are adopted for ${course.label} sections that start in the future:`,
    '',
    ...describe(lines),
    '',
    'You can review them on the course in the portal.',
    ...(sender ? ['', senderLine(sender)] : []),
  ].join('\n');
  const replyTo = sender?.email;
  const fromName = await storeSenderName(deps.db, session.locationId);
  // Sent while the user waits (a handful of addresses), each on its own: one refused address
  // does not stop the others, and the answer says who was reached.
  const delivered: string[] = [];
  const notDelivered: string[] = [];
  for (const to of recipients) {
    try {
      const subject = `Adopted materials for ${course.label}`;
      await deps.mailer.send({ fromName, to, subject, text, ...(replyTo && { replyTo }) });
      delivered.push(to);
    } catch (error) {
      log.warn({ err: error, to }, 'future adoptions mail refused');
      notDelivered.push(to);
    }
  }
  // Nobody reached: nothing is recorded, so trying again sends.
  await settleNotice(deps.db, sent.id, delivered);
  if (delivered.length === 0) {
    await allowance.refund();
    throw AppError.badGateway(M.futureAdoptionsNotSent);
  }
  return { recipients: delivered, notDelivered, adoptionCount };
}
