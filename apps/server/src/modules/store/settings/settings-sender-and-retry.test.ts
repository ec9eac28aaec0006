import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getStoreSettings,
  requestPasswordReset,
  updateStoreSettings,
  type StoreSettings,
  type StoreSettingsAnswer,
} from '@csp/contracts';
import { callAs, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';

const engines = await testEngines();

describe.each(engines)('store settings: e-mail sender name and a retried save (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let admin: Caller;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { config: { smtpUrl: smtp.url } });
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const read = async () => {
    const res = await callAs(ctx, admin, getStoreSettings);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StoreSettingsAnswer>();
  };
  const save = (settings: StoreSettings, version: string) =>
    callAs(ctx, admin, updateStoreSettings, { body: { settings, version } });

  /** The From line of the reset e-mail the admin is sent now. */
  const fromLineOfAResetMail = async () => {
    const email = ctx.fixture.accounts.admin.userName;
    const res = await ctx.app.inject({
      method: requestPasswordReset.method,
      url: requestPasswordReset.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { email, resetUrl: `http://${FIXTURE_HOSTS.a}/reset-password?token={token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.background.drain();
    const mail = await smtp.take(email);
    return /^From: (.*?)\r?$/m.exec(mail.raw)?.[1];
  };

  it("sends the store's e-mail from its sender name, or from its name when none is set", async () => {
    const before = await read();
    expect(before.settings.mailSenderName).toBeNull();
    expect(await fromLineOfAResetMail()).toBe('Store A <test@localhost>');

    const res = await save(
      { ...before.settings, mailSenderName: '  Store A Textbooks  ' },
      before.version,
    );
    expect(res.statusCode, res.body).toBe(200);
    const named = res.json<StoreSettingsAnswer>();
    expect(named.settings.mailSenderName).toBe('Store A Textbooks');
    expect(named.history[0]?.fields).toEqual(['mailSenderName']);
    // The history shows what it was and what it became.
    expect(named.history[0]?.values).toEqual([
      { field: 'mailSenderName', before: null, after: 'Store A Textbooks' },
    ]);
    // Applies at once, without a restart.
    expect(await fromLineOfAResetMail()).toBe('Store A Textbooks <test@localhost>');

    const cleared = await save({ ...named.settings, mailSenderName: '' }, named.version);
    expect(cleared.json<StoreSettingsAnswer>().settings.mailSenderName).toBeNull();
    expect(await fromLineOfAResetMail()).toBe('Store A <test@localhost>');
  });

  it('refuses a sender name that could change the From address, naming the field', async () => {
    const current = await read();
    for (const name of ['Store A <boss@elsewhere.example>', 'Line one\nBcc: x@y.example']) {
      const res = await save({ ...current.settings, mailSenderName: name }, current.version);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'settings.mailSenderName',
        message: expect.stringContaining('must be a plain name') as string,
      });
    }
    expect((await read()).settings.mailSenderName).toBe(current.settings.mailSenderName);
  });

  it('answers a save sent again after its answer was lost as done, recording it once', async () => {
    const before = await read();
    const change = { ...before.settings, taxRatePercent: 6.75 };
    const first = await save(change, before.version);
    expect(first.statusCode, first.body).toBe(200);
    const retried = await save(change, before.version);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<StoreSettingsAnswer>().version).toBe(
      first.json<StoreSettingsAnswer>().version,
    );
    const history = (await read()).history.filter((h) => h.fields.includes('taxRatePercent'));
    expect(history).toHaveLength(1);

    // A different change made on the old version is still someone else's conflict.
    const stale = await save({ ...before.settings, taxRatePercent: 5 }, before.version);
    expect(stale.statusCode).toBe(409);
    expect((await read()).settings.taxRatePercent).toBe(6.75);
  });
});
