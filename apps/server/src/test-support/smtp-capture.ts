import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface CapturedMail {
  to: string[];
  /** The raw RFC 822 message. */
  raw: string;
}

/** A local SMTP server that keeps what it receives, for tests that follow e-mailed links. */
export interface SmtpCapture {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** Recipients the server refuses (550), as a mail server does an unknown mailbox. */
  refuse: Set<string>;
  /**
   * From the `after`-th message on, each message's acceptance waits until `release()`: a
   * sender stays mid-send, as with a slow mail server. `holding` resolves once one waits.
   */
  holdAfter(after: number): { holding: Promise<void>; release(): void };
  /** Resolves with the first message to `to` not yet taken, waiting up to `timeoutMs`. */
  take(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const waiters: (() => void)[] = [];
  const refuse = new Set<string>();
  let hold: { after: number; gate: Promise<void>; onHeld: () => void } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuse.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        };
        if (hold && messages.length + 1 >= hold.after) {
          hold.onHeld();
          void hold.gate.then(accept);
        } else {
          accept();
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string) =>
    messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse,
    holdAfter(after) {
      let release!: () => void;
      let onHeld!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const holding = new Promise<void>((resolve) => (onHeld = resolve));
      hold = { after, gate, onHeld };
      return {
        holding,
        release: () => {
          hold = null;
          release();
        },
      };
    },
    async take(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read links in a message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const RESET_LINK = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_%-]+/;

/**
 * The first `.../reset-password?token=...` link in a message: a raw SMTP message is
 * quoted-printable, a message handed to the mailer is plain text. Plain text is read as it is,
 * since decoding it would turn a token that starts with two hex digits ("token=41g…") into
 * something else.
 */
export function resetLinkIn(raw: string): URL {
  const isQuotedPrintable = /content-transfer-encoding:\s*quoted-printable/i.test(raw);
  const match = RESET_LINK.exec(isQuotedPrintable ? decodeQuotedPrintable(raw) : raw);
  if (!match) throw new Error(`no reset link in message:\n${raw}`);
  return new URL(match[0]);
}

/**
 * The base64 body of a message's first attachment whose headers name `filenameSuffix` (e.g.
 * ".xlsx"), decoded. Enough MIME for what nodemailer writes: parts split on the boundary, the
 * attachment's headers, a blank line, then base64 lines.
 */
export function attachmentIn(raw: string, filenameSuffix: string): Buffer {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error('message has no MIME boundary');
  for (const part of raw.split(`--${boundary}`)) {
    const [headers = '', ...body] = part.split(/\r?\n\r?\n/);
    const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
    if (
      !new RegExp(`filename="?[^"\\r\\n]*${filenameSuffix.replace('.', '\\.')}`, 'i').test(unfolded)
    )
      continue;
    return Buffer.from(body.join('').replace(/\s+/g, ''), 'base64');
  }
  throw new Error(`no attachment named *${filenameSuffix}`);
}
