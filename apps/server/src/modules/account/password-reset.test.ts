import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useUpMailAllowance } from '../../test-support/mail-allowance.ts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createUserAccount,
  fillPath,
  login,
  PASSWORD_MESSAGES,
  requestPasswordReset,
  resetPassword,
  resumeSession,
  validateResetToken,
} from '@csp/contracts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { auditLog, rememberSecrets, websites } from '../../db/schema/index.ts';
import { BackgroundTasks } from '../../lib/background-tasks.ts';
import { createMailer, type Mailer, type MailMessage } from '../../lib/mailer.ts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  FIXTURE_PASSWORD,
  loginAs,
  testConfig,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import {
  resetLinkIn,
  startSmtpCapture,
  type SmtpCapture,
} from '../../test-support/smtp-capture.ts';
import { sendPasswordSetupEmail } from './password-setup.ts';

const engines = await testEngines();
const NEW_PASSWORD = 'violet lantern orbit 42';
const HOUR = 60 * 60_000;

/** A mailer whose sends wait until the test releases them: the work after the answer stalls. */
function heldMailer(): Mailer & {
  delivered: MailMessage[];
  /** Resolves once a send has started (and is being held). */
  entered: Promise<void>;
  release(): void;
} {
  let entered!: () => void;
  let release!: () => void;
  const started = new Promise<void>((resolve) => (entered = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const mailer = {
    delivered: [] as MailMessage[],
    entered: started,
    release,
    async send(message: MailMessage) {
      entered();
      await released;
      mailer.delivered.push(message);
    },
  };
  return mailer;
}

describe.each(engines)('password reset (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let clockOffset = 0;
  let limiterClock = 0;
  let ipCounter = 0;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, {
      config: { smtpUrl: smtp.url },
      now: () => new Date(Date.now() + clockOffset),
      throttleClock: () => new Date(limiterClock),
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    clockOffset = 0;
    limiterClock += HOUR; // each test starts with fresh rate-limit windows
    ipCounter += 1;
  });

  const ip = () => `10.7.0.${ipCounter}`;
  const origin = (host: string) => `http://${host}`;
  const request = (email: string, host: string = FIXTURE_HOSTS.a, resetUrl?: string) =>
    ctx.app.inject({
      method: requestPasswordReset.method,
      url: requestPasswordReset.path,
      headers: { host },
      remoteAddress: ip(),
      payload: { email, resetUrl: resetUrl ?? `${origin(host)}/reset-password?token={token}` },
    });
  const validate = (token: string, host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({
      method: validateResetToken.method,
      url: validateResetToken.path,
      headers: { host },
      query: { token },
    });
  const reset = (token: string, newPassword: string, host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({
      method: resetPassword.method,
      url: resetPassword.path,
      headers: { host },
      payload: { token, newPassword },
    });
  const signIn = (userName: string, password: string, host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({
      method: login.method,
      url: login.path,
      headers: { host },
      remoteAddress: ip(),
      payload: { userName, password },
    });
  /**
   * Another app on this test's database with its own configuration (PORT, PUBLIC_URL), its own
   * website cache and background work; mail goes to the same SMTP capture unless `mailer` is set.
   */
  const otherApp = async (config: Partial<Config>, mailer?: Mailer) => {
    const background = new BackgroundTasks(console);
    const app = await buildApp({
      db: ctx.db,
      config: testConfig({ smtpUrl: smtp.url, ...config }),
      background,
      mailer,
      throttleClock: () => new Date(limiterClock),
    });
    await app.ready();
    return { app, background };
  };
  const requestOn = (app: FastifyInstance, email: string, host: string, resetUrl: string) =>
    app.inject({
      method: requestPasswordReset.method,
      url: requestPasswordReset.path,
      headers: { host },
      remoteAddress: ip(),
      payload: { email, resetUrl },
    });
  const setPublicUrl = (websiteId: number, publicUrl: string | null) =>
    ctx.db.update(websites).set({ publicUrl }).where(eq(websites.id, websiteId));

  /** Requests a reset and follows the e-mailed link: returns the link's token. */
  const mailedToken = async (email: string, host: string = FIXTURE_HOSTS.a) => {
    const res = await request(email, host);
    expect(res.statusCode).toBe(200);
    await ctx.background.drain();
    const mail = await smtp.take(email);
    const link = resetLinkIn(mail.raw);
    expect(link.origin).toBe(origin(host));
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token');
    if (!token) throw new Error('link without token');
    return { token, mail };
  };

  it('answers the same for an existing and an unknown e-mail, mailing only the account', async () => {
    const known = await request(ctx.fixture.accounts.submitterUnscoped.userName);
    const unknown = await request('nobody@store-a.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: PASSWORD_MESSAGES.resetRequested });

    const mail = await smtp.take(ctx.fixture.accounts.submitterUnscoped.userName);
    expect(mail.raw).toMatch(/^Subject: Reset your password for Store A Campus Store/m);
    await ctx.background.drain();
    expect(smtp.messages.some((m) => m.to.includes('nobody@store-a.test'))).toBe(false);
  });

  it('does not mail an inactive account, nor an account of another store', async () => {
    expect((await request(ctx.fixture.accounts.inactive.userName)).statusCode).toBe(200);
    expect((await request(ctx.fixture.accounts.storeB.userName)).statusCode).toBe(200);
    await ctx.background.drain();
    const to = smtp.messages.flatMap((m) => m.to);
    expect(to).not.toContain(ctx.fixture.accounts.inactive.userName);
    expect(to).not.toContain(ctx.fixture.accounts.storeB.userName);
  });

  it('validates the e-mailed token, resets once, then refuses it as used', async () => {
    const account = ctx.fixture.accounts.submitterDepartment;
    const remembered = await loginAs(ctx.app, FIXTURE_HOSTS.a, account.userName);
    const { token } = await mailedToken(account.userName);

    const valid = await validate(token);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({
      valid: true,
      userName: account.userName,
      firstPassword: false,
    });

    const done = await reset(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_MESSAGES.resetDone });

    const used = { message: PASSWORD_MESSAGES.tokenUsed, field: 'token' };
    expect((await validate(token)).json()).toEqual(used);
    const again = await reset(token, 'another fine password 7');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(used);

    expect((await signIn(account.userName, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(account.userName, FIXTURE_PASSWORD)).statusCode).toBe(401);

    const live = await ctx.db
      .select({ id: rememberSecrets.id })
      .from(rememberSecrets)
      .where(and(eq(rememberSecrets.accountId, account.id), isNull(rememberSecrets.revokedAt)));
    expect(live).toHaveLength(1); // only the sign-in with the new password above

    const resumed = await ctx.app.inject({
      method: resumeSession.method,
      url: resumeSession.path,
      headers: { host: FIXTURE_HOSTS.a },
      remoteAddress: ip(),
      payload: { userName: account.userName, rememberSecret: remembered.rememberSecret },
    });
    expect(resumed.statusCode).toBe(401);

    const audits = await ctx.db
      .select({ event: auditLog.event, actor: auditLog.actorAccountId })
      .from(auditLog)
      .where(eq(auditLog.subjectAccountId, account.id));
    expect(audits).toEqual([{ event: 'PASSWORD_RESET', actor: account.id }]);
  });

  it('refuses an expired token', async () => {
    const { token } = await mailedToken(ctx.fixture.accounts.instructor.userName);
    clockOffset = HOUR + 1000;
    const expired = { message: PASSWORD_MESSAGES.tokenExpired, field: 'token' };
    const res = await validate(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expired);
    expect((await reset(token, NEW_PASSWORD)).json()).toEqual(expired);
  });

  it('revokes the earlier token when the password is changed with a later one', async () => {
    const account = ctx.fixture.accounts.instructorUnlinked;
    const first = await mailedToken(account.userName);
    const second = await mailedToken(account.userName);
    expect(second.token).not.toBe(first.token);

    expect((await reset(second.token, NEW_PASSWORD)).statusCode).toBe(200);
    const res = await validate(first.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.tokenInvalid, field: 'token' });
    expect((await reset(first.token, 'a different passphrase 9')).statusCode).toBe(400);
  });

  it('rejects passwords the policy refuses and keeps the token usable', async () => {
    const account = ctx.fixture.accounts.admin;
    const { token } = await mailedToken(account.userName);
    const cases: [string, string][] = [
      ['short pw', PASSWORD_MESSAGES.tooShort],
      ['password1234', PASSWORD_MESSAGES.tooCommon],
      ['qwertyuiop123', PASSWORD_MESSAGES.tooCommon],
      [`my ${account.userName} pw`, PASSWORD_MESSAGES.containsEmail],
      ['the-admin-is-here', PASSWORD_MESSAGES.containsEmail],
      ['zzzzzzzzzzzzzz', PASSWORD_MESSAGES.repeated],
      ['x'.repeat(129), PASSWORD_MESSAGES.tooLong],
    ];
    for (const [password, message] of cases) {
      const res = await reset(token, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({ message, field: 'newPassword' });
    }
    expect((await validate(token)).statusCode).toBe(200);
  });

  it("refuses a token on another store's website", async () => {
    const { token } = await mailedToken(ctx.fixture.accounts.storeB.userName, FIXTURE_HOSTS.b);
    const invalid = { message: PASSWORD_MESSAGES.tokenInvalid, field: 'token' };
    expect((await validate(token, FIXTURE_HOSTS.a)).json()).toEqual(invalid);
    expect((await reset(token, NEW_PASSWORD, FIXTURE_HOSTS.a)).json()).toEqual(invalid);
    expect((await validate(token, FIXTURE_HOSTS.b)).statusCode).toBe(200);
  });

  it('refuses an unknown token as not valid', async () => {
    const res = await validate('A'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.tokenInvalid, field: 'token' });
  });

  it("mails the link to the website's own reset page, whatever URL the caller sends", async () => {
    const email = ctx.fixture.accounts.instructor.userName;
    for (const resetUrl of [
      'https://evil.example/reset-password?token={token}',
      `http://${FIXTURE_HOSTS.a}:8443/reset-password?token={token}`,
      `http://my.${FIXTURE_HOSTS.a}/reset-password?token={token}`,
      `http://${FIXTURE_HOSTS.b}/reset-password?token={token}`,
      `http://${FIXTURE_HOSTS.a}/login?next=%2F%2Fevil.example&token={token}`,
    ]) {
      const res = await request(email, FIXTURE_HOSTS.a, resetUrl);
      expect(res.statusCode, resetUrl).toBe(200);
      await ctx.background.drain();
      const link = resetLinkIn((await smtp.take(email)).raw);
      expect(link.origin, resetUrl).toBe(`http://${FIXTURE_HOSTS.a}`);
      expect(link.pathname, resetUrl).toBe('/reset-password');
      expect([...link.searchParams.keys()], resetUrl).toEqual(['token']);
    }
    const noPlaceholder = await request(email, FIXTURE_HOSTS.a, `http://${FIXTURE_HOSTS.a}/reset`);
    expect(noPlaceholder.statusCode).toBe(400);
    expect(noPlaceholder.json()).toEqual({
      message: PASSWORD_MESSAGES.resetUrlNoPlaceholder,
      field: 'resetUrl',
    });
  });

  it("takes the link's origin from configuration only: public_url, else PUBLIC_URL, else host and PORT", async () => {
    const a = { email: ctx.fixture.accounts.submitterUnscoped.userName, host: FIXTURE_HOSTS.a };
    const b = { email: ctx.fixture.accounts.storeB.userName, host: FIXTURE_HOSTS.b };
    await setPublicUrl(ctx.fixture.websites.a, 'https://books.store-a.example/portal/');
    try {
      for (const { config, originA, originB } of [
        {
          config: { port: 8080, publicUrl: undefined },
          originA: 'https://books.store-a.example',
          originB: `http://${FIXTURE_HOSTS.b}:8080`,
        },
        {
          config: { port: 8080, publicUrl: 'https://portal.example.edu/' },
          originA: 'https://books.store-a.example',
          originB: 'https://portal.example.edu',
        },
      ]) {
        limiterClock += HOUR; // three requests per address for each configuration
        const { app, background } = await otherApp(config);
        try {
          for (const [site, origin] of [
            [a, originA],
            [b, originB],
          ] as const) {
            // What the old rule let through: the caller's URL on the Host it sent, any port, my.
            for (const host of [site.host, `${site.host}:8443`, `my.${site.host}`]) {
              const resetUrl = `http://${host}/reset-password?token={token}`;
              const res = await requestOn(app, site.email, host, resetUrl);
              expect(res.statusCode, host).toBe(200);
              await background.drain();
              const link = resetLinkIn((await smtp.take(site.email)).raw);
              expect(link.origin, `${host} with ${JSON.stringify(config)}`).toBe(origin);
              expect(link.pathname).toBe('/reset-password');
            }
          }
        } finally {
          await app.close();
        }
      }
    } finally {
      await setPublicUrl(ctx.fixture.websites.a, null);
    }
  });

  it('mails the set-password link of a new account to the configured address too', async () => {
    const create = async (app: FastifyInstance, host: string, newUsername: string) => {
      const admin = await loginAs(app, host, ctx.fixture.accounts.admin.userName, {
        remoteAddress: ip(),
      });
      const res = await app.inject({
        method: createUserAccount.method,
        url: fillPath(createUserAccount.path, { userAccountId: admin.accountId }),
        headers: authHeaders(host, admin.token),
        query: { newUsername, name: 'New Person' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ passwordSetupEmailSent: true });
      return resetLinkIn((await smtp.take(newUsername)).raw);
    };
    const spoofed = `my.${FIXTURE_HOSTS.a}:8443`;

    const plain = await otherApp({ port: 8080 });
    try {
      const link = await create(plain.app, spoofed, 'setup-one@store-a.test');
      expect(link.origin).toBe(`http://${FIXTURE_HOSTS.a}:8080`);
      expect(link.pathname).toBe('/reset-password');
    } finally {
      await plain.app.close();
    }

    await setPublicUrl(ctx.fixture.websites.a, 'https://books.store-a.example');
    const configured = await otherApp({ port: 8080, publicUrl: 'https://portal.example.edu' });
    try {
      const link = await create(configured.app, spoofed, 'setup-two@store-a.test');
      expect(link.origin).toBe('https://books.store-a.example');
    } finally {
      await configured.app.close();
      await setPublicUrl(ctx.fixture.websites.a, null);
    }
  });

  it('answers before the account work is done; drain() and close() wait for it', async () => {
    const known = ctx.fixture.accounts.submitterDepartment.userName;
    const resetUrl = `http://${FIXTURE_HOSTS.a}/reset-password?token={token}`;

    const mailer = heldMailer();
    const { app, background } = await otherApp({}, mailer);
    try {
      const knownAnswer = await requestOn(app, known, FIXTURE_HOSTS.a, resetUrl);
      const unknownAnswer = await requestOn(
        app,
        'nobody-here@store-a.test',
        FIXTURE_HOSTS.a,
        resetUrl,
      );
      expect(knownAnswer.statusCode).toBe(200);
      expect(knownAnswer.json()).toEqual({ message: PASSWORD_MESSAGES.resetRequested });
      expect(unknownAnswer.json()).toEqual(knownAnswer.json());

      // Both answers are in, and the known account's mail is still held inside the mailer.
      await mailer.entered;
      expect(mailer.delivered).toEqual([]);
      let drained = false;
      const draining = background.drain().then(() => {
        drained = true;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(drained).toBe(false); // cannot be true while the send is held

      mailer.release();
      await draining;
      expect(mailer.delivered.map((m) => m.to)).toEqual([known]);
      expect(resetLinkIn(mailer.delivered[0]?.text ?? '').origin).toBe(`http://${FIXTURE_HOSTS.a}`);
    } finally {
      mailer.release();
      await app.close();
    }

    // Shutting down waits for work still in flight instead of dropping the mail.
    const held = heldMailer();
    const second = await otherApp({}, held);
    let closing: Promise<void> | undefined;
    try {
      const answer = await requestOn(second.app, known, FIXTURE_HOSTS.a, resetUrl);
      expect(answer.statusCode).toBe(200);
      await held.entered;
      let closed = false;
      closing = second.app.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toBe(false); // cannot be true while the send is held
      held.release();
      await closing;
      expect(held.delivered.map((m) => m.to)).toEqual([known]);
    } finally {
      held.release();
      await (closing ?? second.app.close());
    }
  });

  it('limits requests per e-mail address and per IP with a 429', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await request('flood@store-a.test')).statusCode).toBe(200);
    }
    const limited = await request('flood@store-a.test');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: PASSWORD_MESSAGES.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    limiterClock += HOUR;
    for (let i = 0; i < 20; i += 1) {
      expect((await request(`probe${i}@store-a.test`)).statusCode).toBe(200);
    }
    expect((await request('probe-last@store-a.test')).statusCode).toBe(429);
  });

  it("limits a store's reset e-mails per hour, whoever asks, mailing nobody over it", async () => {
    const storeA = { locationId: ctx.fixture.locations.a };
    await useUpMailAllowance(ctx.db, 'passwordReset', storeA, 'store', new Date(limiterClock));
    const before = smtp.messages.length;
    const limited = await request(ctx.fixture.accounts.admin.userName);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(limited.json().message).toMatch(
      /^This store has sent 300 password reset e-mails in the last hour\. Try again in \d+ minutes\.$/,
    );
    await ctx.background.drain();
    expect(smtp.messages.length).toBe(before);
    // Another store's customers are not held back.
    const storeB = await request(ctx.fixture.accounts.storeB.userName, FIXTURE_HOSTS.b);
    expect(storeB.statusCode).toBe(200);
  });

  it('sends a set-password link for a new account that works for 72 hours', async () => {
    const account = ctx.fixture.accounts.admin;
    await sendPasswordSetupEmail(
      {
        db: ctx.db,
        mailer: createMailer(ctx.config),
        now: () => new Date(Date.now() + clockOffset),
      },
      {
        accountId: account.id,
        locationId: ctx.fixture.locations.a,
        email: account.userName,
        name: 'Ada Admin',
        origin: `http://${FIXTURE_HOSTS.a}/`,
      },
    );
    const mail = await smtp.take(account.userName);
    expect(mail.raw).toMatch(/^Subject: Set your password for Store A Campus Store/m);
    const token = resetLinkIn(mail.raw).searchParams.get('token') ?? '';
    clockOffset = 71 * HOUR;
    expect((await validate(token)).statusCode).toBe(200);
    clockOffset = 73 * HOUR;
    expect((await validate(token)).json()).toEqual({
      message: PASSWORD_MESSAGES.tokenExpired,
      field: 'token',
    });
  });
});
