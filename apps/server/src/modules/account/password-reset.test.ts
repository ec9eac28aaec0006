import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  login,
  PASSWORD_MESSAGES,
  requestPasswordReset,
  resetPassword,
  resumeSession,
  validateResetToken,
} from '@csp/contracts';
import { auditLog, rememberSecrets } from '../../db/schema/index.ts';
import { createMailer } from '../../lib/mailer.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  FIXTURE_PASSWORD,
  loginAs,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import {
  resetLinkIn,
  startSmtpCapture,
  type SmtpCapture,
} from '../../test-support/smtp-capture.ts';
import { sendPasswordSetupEmail } from './password-setup.ts';
import { ResetRateLimiter } from './reset-rate-limiter.ts';

const engines = await testEngines();
const NEW_PASSWORD = 'violet lantern orbit 42';
const HOUR = 60 * 60_000;

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
      resetLimiter: new ResetRateLimiter({ now: () => limiterClock }),
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
  /** Requests a reset and follows the e-mailed link: returns the link's token. */
  const mailedToken = async (email: string, host: string = FIXTURE_HOSTS.a) => {
    const res = await request(email, host);
    expect(res.statusCode).toBe(200);
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
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.some((m) => m.to.includes('nobody@store-a.test'))).toBe(false);
  });

  it('does not mail an inactive account, nor an account of another store', async () => {
    expect((await request(ctx.fixture.accounts.inactive.userName)).statusCode).toBe(200);
    expect((await request(ctx.fixture.accounts.storeB.userName)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
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
    expect(valid.json()).toEqual({ valid: true, userName: account.userName });

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

  it('refuses a reset URL to a foreign origin or without the placeholder', async () => {
    const email = ctx.fixture.accounts.admin.userName;
    for (const resetUrl of [
      'https://evil.example/reset-password?token={token}',
      `http://${FIXTURE_HOSTS.b}/reset-password?token={token}`,
      `http://${FIXTURE_HOSTS.a}.evil.example/reset-password?token={token}`,
    ]) {
      const res = await request(email, FIXTURE_HOSTS.a, resetUrl);
      expect(res.statusCode, resetUrl).toBe(400);
      expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.resetUrlForeign, field: 'resetUrl' });
    }
    const noPlaceholder = await request(email, FIXTURE_HOSTS.a, `http://${FIXTURE_HOSTS.a}/reset`);
    expect(noPlaceholder.statusCode).toBe(400);
    expect(noPlaceholder.json()).toEqual({
      message: PASSWORD_MESSAGES.resetUrlNoPlaceholder,
      field: 'resetUrl',
    });
    const https = await request(
      'nobody@store-a.test',
      FIXTURE_HOSTS.a,
      `https://${FIXTURE_HOSTS.a}/reset-password?token={token}`,
    );
    expect(https.statusCode).toBe(200);
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
