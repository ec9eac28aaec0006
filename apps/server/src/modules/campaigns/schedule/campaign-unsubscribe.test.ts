import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignUnsubscribe,
  fillPath,
  getCampaignUnsubscribe,
  scheduleTermCampaign,
  setCampaignExclusion,
  setAdoptionDeadline,
} from '@csp/contracts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { signIn } from '../../../test-support/permissions-test-support.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import {
  campaignWorld,
  readMail,
  smtpMailer,
  unsubscribeTokenOf,
} from '../../../test-support/campaign-world.ts';
import { runCampaigns } from './send-job.ts';

const engines = await testEngines();
const NOW = new Date('2026-10-15T12:00:00Z');
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe.each(engines)('campaign unsubscribe links (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { now: () => NOW, mailer: smtpMailer(smtp.url) });
    await campaignWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('shows what the link stops, stops it on the button, and is not valid on another store', async () => {
    const cma = await signIn(ctx, 'admin@store-a.test');
    const termId = ctx.fixture.catalog.termId;
    await ctx.app.inject({
      method: 'PUT',
      url: fillPath(setAdoptionDeadline.path, { userAccountId: cma.accountId, termId }),
      headers: authHeaders(cma.host, cma.token),
      payload: { deadline: '2026-10-15' },
    });
    await ctx.app.inject({
      method: 'PUT',
      url: fillPath(scheduleTermCampaign.path, { userAccountId: cma.accountId, termId }),
      headers: authHeaders(cma.host, cma.token),
      payload: {
        steps: [
          { kind: 'REMINDER', daysFromDeadline: 0 },
          { kind: 'REMINDER', daysFromDeadline: 2 },
        ],
      },
    });
    await ctx.background.drain();
    const paul = smtp.messages.map(readMail).find((m) => m.to === 'paul@store-a.test')!;
    const token = unsubscribeTokenOf(paul.body);
    const page = (host: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `${getCampaignUnsubscribe.path}?token=${token}`,
        headers: { host },
      });
    expect((await page(FIXTURE_HOSTS.a)).json()).toEqual({
      storeName: expect.any(String),
      termName: 'Fall 2026',
      email: 'paul@store-a.test',
      unsubscribed: false,
    });
    expect((await page(FIXTURE_HOSTS.b)).statusCode).toBe(404);
    const post = () =>
      ctx.app.inject({
        method: 'POST',
        url: campaignUnsubscribe.path,
        headers: { host: FIXTURE_HOSTS.a },
        payload: { token },
      });
    expect((await post()).json()).toMatchObject({ unsubscribed: true });
    expect((await post()).json()).toMatchObject({ unsubscribed: true });
    // Only their own link speaks for them: the store cannot take them back in.
    const takeBack = await ctx.app.inject({
      method: 'PUT',
      url: fillPath(setCampaignExclusion.path, { userAccountId: cma.accountId, termId }),
      headers: authHeaders(cma.host, cma.token),
      payload: { email: 'paul@store-a.test', excluded: false },
    });
    expect(takeBack.statusCode).toBe(409);
    expect(takeBack.json()).toMatchObject({ field: 'email' });
    expect((await page(FIXTURE_HOSTS.a)).json()).toMatchObject({ unsubscribed: true });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: campaignUnsubscribe.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { token: 'x'.repeat(40) },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ field: 'token' });

    smtp.messages.length = 0;
    await runCampaigns(
      { db: ctx.db, mailer: smtpMailer(smtp.url), config: ctx.config },
      day('2026-10-17'),
    );
    const to = smtp.messages.map(readMail).map((m) => m.to);
    expect(to).not.toContain('paul@store-a.test');
    expect(to).toContain('instructor@store-a.test');
  });
});
