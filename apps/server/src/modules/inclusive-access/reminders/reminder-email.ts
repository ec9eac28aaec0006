import { formatMoney, IA_STUDENT_PAGE_PATH, shortTermName } from '@csp/contracts';
import { escapeHtml } from '../../../lib/escape-html.ts';
import type { MailDraft } from '../../mail/index.ts';
import type { ClaimedReminder, ReminderSection } from './reminder-repository.ts';

/** 'YYYY-MM-DD' as the US date the store prints (MM/DD/YYYY). */
function usDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${month}/${day}/${year}`;
}

/** The student's own page on the store's website, where they ask for a sign-in link. */
export function studentPageLink(origin: string): string {
  return `${origin}${IA_STUDENT_PAGE_PATH}`;
}

function sectionLabel(s: ReminderSection): string {
  return `${s.departmentCode} ${s.courseCode} – ${s.sectionCode}: ${s.courseName}`;
}

function priceOf(s: ReminderSection): number {
  return s.materials.reduce((sum, m) => sum + m.priceCents, 0);
}

function standing(s: ReminderSection): string {
  return s.participating
    ? `You are in: ${formatMoney(priceOf(s))} will be charged to your student account.`
    : 'You are not in: nothing will be charged.';
}

/**
 * A reminder to a student (issue 32, point 3): each of their inclusive-access sections of the
 * term with its materials and prices and whether they are in, the opt-out deadline, and the
 * link to their own page, in plain text and simple HTML.
 */
export function reminderMessage(
  reminder: ClaimedReminder,
  sections: readonly ReminderSection[],
  store: { name: string; origin: string },
): MailDraft {
  const term = shortTermName(reminder.termName);
  const deadline = usDate(reminder.deadline);
  const link = studentPageLink(store.origin);
  const intro =
    reminder.kind === 'TERM_START'
      ? `Your course materials for these ${term} sections are digital and ready from the first day of class (inclusive access).`
      : `The deadline to opt out of (or back into) your inclusive-access course materials for ${term} is ${deadline}, in ${sectionsWord(sections.length)} below.`;
  const choose = `You can opt out or back in until ${deadline} on your course access page: ${link} (ask there for a sign-in link to this address).`;
  const text = [
    `Hello ${reminder.firstName},`,
    '',
    intro,
    '',
    ...sections.flatMap((s) => [
      `- ${sectionLabel(s)}`,
      ...s.materials.map((m) => `  ${m.title}: ${formatMoney(m.priceCents)}`),
      `  ${standing(s)}`,
    ]),
    '',
    choose,
    '',
    'Thank you,',
    store.name,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(reminder.firstName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...sections.map(
      (s) =>
        `<li><strong>${escapeHtml(sectionLabel(s))}</strong><ul>${s.materials
          .map((m) => `<li>${escapeHtml(m.title)}: ${escapeHtml(formatMoney(m.priceCents))}</li>`)
          .join('')}</ul>${escapeHtml(standing(s))}</li>`,
    ),
    '</ul>',
    `<p>You can opt out or back in until ${escapeHtml(deadline)} on <a href="${escapeHtml(link)}">your course access page</a> (ask there for a sign-in link to this address).</p>`,
    `<p>Thank you,<br>${escapeHtml(store.name)}</p>`,
  ].join('\n');
  const subject =
    reminder.kind === 'TERM_START'
      ? `${store.name}: your ${term} course materials (opt out by ${deadline})`
      : `${store.name}: opt-out deadline ${deadline} for your ${term} course materials`;
  return { to: reminder.email.trim(), subject, text, html };
}

function sectionsWord(n: number): string {
  return n === 1 ? 'the section' : `the ${n} sections`;
}
