import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { resetLinkIn, startSmtpCapture } from '../test-support/smtp-capture.ts';
import { createMailer, mailFromAddress } from './mailer.ts';

const message = {
  fromName: 'Springfield Campus Store',
  to: 'reader@store-a.test',
  subject: 'Reset your password for Store A',
  text: 'Open http://store-a.test/reset-password?token=abc_DEF-123 to continue.',
  html: '<p>Open the link.</p>',
};

describe('mailFromAddress', () => {
  it('takes the address of MAIL_FROM, named or bare', () => {
    expect(mailFromAddress('Campus Store Portal <no-reply@localhost>')).toBe('no-reply@localhost');
    expect(mailFromAddress(' no-reply@store.example.edu ')).toBe('no-reply@store.example.edu');
  });
});

describe('createMailer', () => {
  it('writes an .eml file in DATA_DIR/mail and logs its path when SMTP_URL is unset', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'csp-mailer-'));
    try {
      const info = vi.fn();
      const mailer = createMailer(
        { smtpUrl: undefined, mailFrom: 'Portal <p@x.test>', dataDir },
        { info },
      );
      await mailer.send(message);
      const files = await readdir(join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/reader@store-a\.test-[0-9a-f]{8}\.eml$/);
      const file = join(dataDir, 'mail', files[0] ?? '');
      const raw = await readFile(file, 'utf8');
      expect(raw).toMatch(/^Subject: Reset your password for Store A$/m);
      expect(raw).toMatch(/^To: reader@store-a\.test$/m);
      // The store's name on MAIL_FROM's address, not MAIL_FROM's own name.
      expect(raw).toMatch(/^From: Springfield Campus Store <p@x\.test>$/m);
      expect(resetLinkIn(raw).searchParams.get('token')).toBe('abc_DEF-123');
      expect(info).toHaveBeenCalledWith({ file }, expect.any(String));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const smtp = await startSmtpCapture();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'p@x.test', dataDir: tmpdir() });
      await mailer.send(message);
      const mail = await smtp.take('reader@store-a.test');
      expect(mail.raw).toMatch(/^Subject: Reset your password for Store A$/m);
      expect(mail.raw).toMatch(/^From: Springfield Campus Store <p@x\.test>\r?$/m);
    } finally {
      await smtp.close();
    }
  });
});
