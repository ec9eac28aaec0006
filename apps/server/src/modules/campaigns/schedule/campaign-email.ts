import type { MailDraft } from '../../mail/index.ts';
import { escapeHtml } from '../../../lib/escape-html.ts';
import type { ClaimedMessage, MessageSection } from './message-repository.ts';

/** The web app's page an unsubscribe link opens (apps/web features/campaigns). */
export const UNSUBSCRIBE_PAGE_PATH = '/campaign-unsubscribe';

/** 'YYYY-MM-DD' as the US date the store prints (MM/DD/YYYY). */
function usDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${month}/${day}/${year}`;
}

/** The course's page in the portal, where its sections are adopted. */
export function coursePageLink(origin: string, section: MessageSection): string {
  const path = [section.divisionId, section.departmentCode, section.courseCode]
    .map((part) => encodeURIComponent(String(part)))
    .join('/');
  return `${origin}/adopt/course/${path}`;
}

/** The recipient's own courses page, where "Adopt the same as last time" is one click. */
export const MY_COURSES_PATH = '/my-courses';

export function unsubscribeLink(origin: string, token: string): string {
  return `${origin}${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

function sectionLabel(s: MessageSection): string {
  return `${s.departmentCode} ${s.courseCode} – ${s.sectionCode}: ${s.courseName}`;
}

function dueLine(message: ClaimedMessage): string {
  if (!message.deadline) return 'Please adopt their course materials as soon as you can.';
  const due = usDate(message.deadline);
  if (message.kind === 'DIGEST' || message.daysFromDeadline > 0) {
    return `Their course materials were due on ${due}.`;
  }
  if (message.daysFromDeadline === 0) return `Their course materials are due today, ${due}.`;
  return `Their course materials are due on ${due}.`;
}

function subjectOf(message: ClaimedMessage, sections: number, storeName: string): string {
  const count = sections === 1 ? '1 section' : `${sections} sections`;
  if (message.kind === 'DIGEST') {
    return `${message.termName}: ${count} of your department without course materials`;
  }
  const due = message.deadline ? ` (due ${usDate(message.deadline)})` : '';
  return `${storeName}: course materials for ${message.termName}${due}, ${count} to adopt`;
}

/**
 * A campaign e-mail: the sections still without an adoption, each with a link to its course's
 * page (a digest adds who each is assigned to), how to stop these e-mails, in plain text and
 * simple HTML. `List-Unsubscribe` lets a mail client offer the same link.
 */
export function campaignMessage(
  message: ClaimedMessage,
  sections: readonly MessageSection[],
  store: { name: string; origin: string },
): MailDraft {
  const digest = message.kind === 'DIGEST';
  const intro = digest
    ? `These sections of your department have no course materials adopted for ${message.termName}.`
    : `These sections you teach or adopt for have no course materials adopted for ${message.termName}.`;
  const rows = sections.map((s) => ({
    label: sectionLabel(s),
    assigned: digest ? s.assignedTo || 'No instructor assigned' : '',
    link: coursePageLink(store.origin, s),
  }));
  const stop = unsubscribeLink(store.origin, message.unsubscribeToken);
  const myCourses = `${store.origin}${MY_COURSES_PATH}`;
  const sameAsLastTime =
    'Using the same materials as last time? Your courses page does it in one step';
  const text = [
    `Hello ${message.recipientName},`,
    '',
    `${intro} ${dueLine(message)}`,
    '',
    ...rows.map(
      (r) => `- ${r.label}${r.assigned ? ` (assigned to ${r.assigned})` : ''}\n  ${r.link}`,
    ),
    '',
    digest
      ? 'Please ask the people they are assigned to to adopt them, or tell us if no materials are needed.'
      : 'Open each link to adopt, or to say no course materials are required.',
    ...(digest ? [] : ['', `${sameAsLastTime}: ${myCourses}`]),
    '',
    'Thank you,',
    store.name,
    '',
    `To stop getting these e-mails for ${message.termName}: ${stop}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(message.recipientName)},</p>`,
    `<p>${escapeHtml(intro)} ${escapeHtml(dueLine(message))}</p>`,
    '<ul>',
    ...rows.map(
      (r) =>
        `<li><a href="${escapeHtml(r.link)}">${escapeHtml(r.label)}</a>${
          r.assigned ? ` (assigned to ${escapeHtml(r.assigned)})` : ''
        }</li>`,
    ),
    '</ul>',
    ...(digest
      ? []
      : [`<p>${sameAsLastTime}: <a href="${escapeHtml(myCourses)}">your courses</a>.</p>`]),
    `<p>Thank you,<br>${escapeHtml(store.name)}</p>`,
    `<p style="font-size:small"><a href="${escapeHtml(stop)}">Stop getting these e-mails for ${escapeHtml(message.termName)}</a></p>`,
  ].join('\n');
  return {
    to: message.email,
    subject: subjectOf(message, sections.length, store.name),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${stop}>` },
  };
}
