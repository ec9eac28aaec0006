import type { MailDraft } from '../../mail/index.ts';
import type { ReminderCandidate } from './repository.ts';
import { cityLine, isCompleteReturnAddress, returnAddressOf } from '../../print/index.ts';
import { daysUntil, type ReminderKind } from './windows.ts';
import { escapeHtml } from '../../../lib/escape-html.ts';

/** One student's reminder: their rentals in one window, from one store. */
export interface StudentReminder {
  kind: ReminderKind;
  /** Sorted by due date; every row names the same student and store. */
  rentals: readonly ReminderCandidate[];
}

/** 'YYYY-MM-DD' as the US date the store prints (MM/DD/YYYY). */
export function usDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${month}/${day}/${year}`;
}

function whenText(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 1) return `in ${days} days`;
  return days === -1 ? 'yesterday' : `${-days} days ago`;
}

/** The store's return address lines, or none when it is incomplete. */
function returnAddressLines(store: ReminderCandidate): string[] {
  const address = returnAddressOf({
    storeName: store.storeName,
    name: store.returnAddressName,
    streetOne: store.returnStreetOne,
    streetTwo: store.returnStreetTwo,
    city: store.returnCity,
    state: store.returnState,
    postalCode: store.returnPostalCode,
    phone: store.returnPhone,
  });
  if (!isCompleteReturnAddress(address)) return [];
  return [
    address.name,
    address.streetOne,
    ...(address.streetTwo ? [address.streetTwo] : []),
    cityLine(address),
    ...(address.phone ? [`Phone: ${address.phone}`] : []),
  ];
}

/**
 * The reminder e-mail: the rentals (title, ISBN, serial, due date) and how to return them, in
 * plain text and simple HTML. Subject and wording name the earliest due date of the list.
 */
export function reminderMessage(reminder: StudentReminder, now: Date): MailDraft {
  const [first] = reminder.rentals;
  if (!first) throw new Error('a reminder lists at least one rental');
  const overdue = reminder.kind === 'OVERDUE_1';
  const due = usDate(first.dueDate);
  const when = whenText(daysUntil(now, first.dueDate));
  const subject = overdue
    ? `Your rental textbooks were due on ${due}`
    : `Your rental textbooks are due on ${due}`;
  const intro = overdue
    ? `The rental textbooks below were due ${when} (${due}). Please return them as soon as you can.`
    : `The rental textbooks below are due ${when} (${due}). Please return them by their due date.`;
  const items = reminder.rentals.map((r) => ({
    line: `${r.title} (ISBN ${r.isbn}), serial ${r.serial}, due ${usDate(r.dueDate)}`,
    cells: [r.title, r.isbn, r.serial, usDate(r.dueDate)],
  }));
  const address = returnAddressLines(first);
  const counter = `Bring them to the ${first.storeName} counter`;
  const howText =
    address.length > 0
      ? `${counter}, or mail them to:\n${address.map((l) => `  ${l}`).join('\n')}`
      : `${counter}.`;
  const text = [
    `Hello ${first.firstName},`,
    '',
    `This is a reminder from ${first.storeName}.`,
    intro,
    '',
    ...items.map((i) => `- ${i.line}`),
    '',
    'How to return them:',
    howText,
    '',
    `Thank you,`,
    first.storeName,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(first.firstName)},</p>`,
    `<p>This is a reminder from ${escapeHtml(first.storeName)}. ${escapeHtml(intro)}</p>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    '<thead><tr><th align="left">Title</th><th align="left">ISBN</th><th align="left">Serial</th><th align="left">Due</th></tr></thead>',
    '<tbody>',
    ...items.map((i) => `<tr>${i.cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`),
    '</tbody></table>',
    `<p><strong>How to return them:</strong> ${escapeHtml(counter)}${
      address.length > 0 ? `, or mail them to:<br>${address.map(escapeHtml).join('<br>')}` : '.'
    }</p>`,
    `<p>Thank you,<br>${escapeHtml(first.storeName)}</p>`,
  ].join('\n');
  return { to: first.email, subject, text, html };
}
