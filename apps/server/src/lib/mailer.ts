import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { loadNodemailer } from './heavy-modules.ts';

/** One outgoing e-mail. */
export interface MailMessage {
  /**
   * The name it comes from, beside MAIL_FROM's address: the store's e-mail sender name
   * (modules/mail storeMail), so each store's mail says whose it is.
   */
  fromName: string;
  to: string;
  subject: string;
  text: string;
  /** Where replies go when not to the store's sender: the person the message is sent for. */
  replyTo?: string;
  html?: string;
  /** Extra header lines (a campaign e-mail's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** Files sent with the message (an export), read from disk when the message is built. */
  attachments?: { filename: string; path: string; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The logger calls the mailer makes; a pino / Fastify logger fits. */
type MailLogger = Pick<FastifyBaseLogger, 'info'>;

type Nodemailer = Awaited<ReturnType<typeof loadNodemailer>>;

/** The address of MAIL_FROM (`Name <address>` or a bare address); its name is the store's. */
export function mailFromAddress(mailFrom: string): string {
  const bracketed = /<([^<>\s]+)>\s*$/.exec(mailFrom);
  return bracketed?.[1] ?? mailFrom.trim();
}

/** Nodemailer's fields of a message: the store's name on MAIL_FROM's address. */
function envelopeOf(address: string, message: MailMessage) {
  const { fromName, ...rest } = message;
  return { from: { name: fromName, address }, ...rest };
}

function smtpTransport(nodemailer: Nodemailer, url: string) {
  // Bounded waits: a mail server that hangs fails a message in a minute, not nodemailer's
  // default ten (a run of voucher e-mails renews its claims well within that).
  return nodemailer.createTransport({
    url,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
}

function fileTransport(nodemailer: Nodemailer) {
  return nodemailer.createTransport({ streamTransport: true, buffer: true });
}

/**
 * Sends e-mail through SMTP_URL when it is set. Without it (development, demos, e2e), each
 * message is written as an RFC 822 `.eml` file in DATA_DIR/mail/ and its path logged, so a
 * reset link can still be followed.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  logger?: MailLogger,
): Mailer {
  const address = mailFromAddress(config.mailFrom);
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    let transport: ReturnType<typeof smtpTransport> | undefined;
    return {
      async send(message) {
        transport ??= smtpTransport(await loadNodemailer(), smtpUrl);
        const info = await transport.sendMail(envelopeOf(address, message));
        logger?.info({ messageId: info.messageId }, 'mail sent by SMTP');
      },
    };
  }

  const mailDir = join(config.dataDir, 'mail');
  let transport: ReturnType<typeof fileTransport> | undefined;
  return {
    async send(message) {
      transport ??= fileTransport(await loadNodemailer());
      const info = await transport.sendMail(envelopeOf(address, message));
      const content = info.message;
      if (!Buffer.isBuffer(content)) throw new Error('stream transport returned no buffer');
      // The outbox holds live set-password links: as private as the data folder itself.
      await mkdir(mailDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const recipient = message.to
        .toLowerCase()
        .replace(/[^a-z0-9@.-]/g, '_')
        .slice(0, 100);
      const file = join(mailDir, `${stamp}-${recipient}-${randomBytes(4).toString('hex')}.eml`);
      // Written under a temporary name and renamed, so a reader never sees half a message.
      await writeFile(`${file}.part`, content, { mode: 0o600 });
      await rename(`${file}.part`, file);
      logger?.info({ file }, 'mail written to file (SMTP_URL is not set)');
    },
  };
}
