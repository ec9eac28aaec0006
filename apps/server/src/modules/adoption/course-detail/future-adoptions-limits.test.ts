import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFutureAdoptionsEmail } from '@csp/contracts';
import { futureAdoptionsWorld } from '../../../test-support/future-adoptions-world.ts';
import { useUpMailAllowance } from '../../../test-support/mail-allowance.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { callAs, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();
const NOW = new Date('2026-12-01T15:00:00Z');

/** The future-adoptions e-mail within the hourly mail limits of its sender and its store. */
describe.each(engines)('adoption: future adoptions e-mail limits (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let admin: Caller;
  let submitter: Caller;
  let clock = NOW;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { now: () => clock, config: { smtpUrl: smtp.url } });
    await futureAdoptionsWorld(ctx);
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    submitter = await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const send = (caller: Caller) =>
    callAs(ctx, caller, sendFutureAdoptionsEmail, {
      body: {
        divisionId: ctx.fixture.catalog.divisionId,
        departmentCode: 'BIO',
        courseCode: '101',
      },
    });

  it('refuses a sending over the hourly limits of the account and the store, mailing nobody', async () => {
    const { locations, accounts } = ctx.fixture;
    clock = new Date(NOW.getTime() + 60 * 60_000);
    const who = { accountId: accounts.submitterDepartment.id, locationId: locations.a };
    await useUpMailAllowance(ctx.db, 'futureAdoptions', who, 'account');
    const before = smtp.messages.length;
    const mine = await send(submitter);
    expect(mine.statusCode).toBe(429);
    expect(Number(mine.headers['retry-after'])).toBeGreaterThan(3000);
    expect(mine.json().message).toMatch(
      /^You have sent 20 future adoptions e-mails in the last hour\. Try again in \d+ minutes\.$/,
    );
    expect(smtp.messages.length).toBe(before);
    const theirs = await send(admin);
    expect(theirs.statusCode, theirs.body).toBe(200);
    clock = new Date(clock.getTime() + 5 * 60_000);
    await useUpMailAllowance(ctx.db, 'futureAdoptions', who, 'store');
    const store = await send(admin);
    expect(store.statusCode).toBe(429);
    expect(store.json().message).toMatch(
      /^This store has sent 200 future adoptions e-mails in the last hour\./,
    );
  });
});
