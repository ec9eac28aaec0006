import type { MailDraft } from '../mail/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

export interface ResetMailInput {
  /** `setup`: a new account's first password; `reset`: the owner asked for a reset. */
  kind: 'setup' | 'reset';
  to: string;
  name: string;
  /** The store website's title, e.g. "Bookstore B Campus Store". */
  site: string;
  link: string;
  /** How long the link works. */
  hours: number;
}

/** The set-password and reset-password e-mails, as plain text with an HTML alternative. */
export function resetMail(input: ResetMailInput): MailDraft {
  const setup = input.kind === 'setup';
  const subject = setup
    ? `Set your password for ${input.site}`
    : `Reset your password for ${input.site}`;
  const intro = setup
    ? `An account has been created for you on ${input.site}. Choose your password with this link:`
    : `We received a request to reset the password of your account on ${input.site}. Choose a new password with this link:`;
  const validity = `The link works once and expires in ${input.hours === 1 ? 'one hour' : `${input.hours} hours`}.`;
  const ignore = setup
    ? 'If you did not expect this account, you can ignore this e-mail.'
    : 'If you did not ask for this, ignore this e-mail: your password stays as it is.';
  const text = [`Hello ${input.name},`, '', intro, '', input.link, '', validity, ignore, ''].join(
    '\n',
  );
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${setup ? 'Set your password' : 'Reset your password'}</a></p>`,
    `<p>${escapeHtml(validity)} ${escapeHtml(ignore)}</p>`,
  ].join('\n');
  return { to: input.to, subject, text, html };
}
