import { formatMoney, IA_STUDENT_PAGE_PATH, type IaStudentSection } from '@csp/contracts';
import { escapeHtml } from '../../../lib/escape-html.ts';
import type { MailDraft } from '../../mail/index.ts';

/** The student page's address on the store's website (origin from configuration only). */
export function studentPageLink(origin: string, token?: string): string {
  const page = `${origin.replace(/\/+$/, '')}${IA_STUDENT_PAGE_PATH}`;
  return token === undefined ? page : `${page}?token=${encodeURIComponent(token)}`;
}

function draft(to: string, subject: string, lines: string[], link: { href: string; text: string }) {
  const text = [...lines.slice(0, 2), '', link.href, '', ...lines.slice(2), ''].join('\n');
  const html = [
    ...lines.slice(0, 2).map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
    ...lines.slice(2).map((l) => `<p>${escapeHtml(l)}</p>`),
  ].join('\n');
  return { to, subject, text, html } satisfies MailDraft;
}

/** The e-mailed sign-in link to the student's own page. */
export function signInLinkMail(input: {
  to: string;
  firstName: string;
  site: string;
  link: string;
  minutes: number;
}): MailDraft {
  return draft(
    input.to,
    `Your sign-in link for course materials at ${input.site}`,
    [
      `Hello ${input.firstName},`,
      `Open this link to see your course materials charged to your student account and to opt out or back in:`,
      `The link works once and expires in ${input.minutes} minutes.`,
      'If you did not ask for it, ignore this e-mail: nothing changes.',
    ],
    { href: input.link, text: 'Open my course materials' },
  );
}

/** The confirmation after a real change: the section, the new status, the amount, the deadline. */
export function choiceConfirmationMail(input: {
  to: string;
  firstName: string;
  site: string;
  section: IaStudentSection;
  pageLink: string;
  byStaff: boolean;
}): MailDraft {
  const { section } = input;
  const amount = formatMoney(section.totalCents);
  const status = section.participating
    ? `You are in: the materials are yours and ${amount} will be charged to your student account.`
    : `You have opted out: you will not be charged ${amount}, and you need to get the materials another way.`;
  const who = input.byStaff ? 'The store changed' : 'You changed';
  const deadline = section.deadline
    ? `You can change your mind until the end of ${section.deadline}.`
    : 'The deadline for changes is not set yet.';
  return draft(
    input.to,
    `${section.participating ? 'You are in' : 'You opted out'}: ${section.sectionName} course materials`,
    [
      `Hello ${input.firstName},`,
      `${who} your choice for ${section.sectionName} (${section.courseTitle}, ${section.termName}). ${status}`,
      deadline,
      `This e-mail was sent by ${input.site}.`,
    ],
    { href: input.pageLink, text: 'See my course materials' },
  );
}
