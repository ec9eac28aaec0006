import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailSourceVouchers,
  emailVoucher,
  getVoucherMailing,
  type FundingAllowance,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import type { MailMessage } from '../../../lib/mailer.ts';
import { freePort } from '../../../test-support/private-postgres.ts';
import { useUpMailAllowance } from '../../../test-support/mail-allowance.ts';
import {
  decodeQuotedPrintable,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { fundingWorld, type FundingWorld } from '../../../test-support/funding-world.ts';
import { STOP_AFTER_FAILURES } from './voucher-mailing.ts';

const engines = await testEngines();

/** The activity entries a source's runs recorded, oldest first. */
async function runActivity(ctx: TestContext, sourceId: number) {
  return ctx.db
    .select()
    .from(t.fundingActivity)
    .where(
      and(
        eq(t.fundingActivity.sourceId, sourceId),
        eq(t.fundingActivity.action, 'VOUCHERS_EMAILED'),
      ),
    )
    .orderBy(t.fundingActivity.id);
}

/** What the runs of a source said they did, oldest first. */
async function runSummaries(ctx: TestContext, sourceId: number): Promise<string[]> {
  return (await runActivity(ctx, sourceId)).map((r) => r.summary);
}

describe.each(engines)("e-mailing a source's vouchers (%s)", (engine) => {
  let ctx: TestContext;
  let w: FundingWorld;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { config: { smtpUrl: smtp.url } });
    w = await fundingWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const mailTo = (a: FundingAllowance) => smtp.messages.filter((m) => m.to.includes(a.email));
  const mailing = async (sourceId: number) =>
    (await w.call(w.who.manager, getVoucherMailing, { params: { sourceId } })).json();
  const start = (sourceId: number) =>
    w.call(w.who.manager, emailSourceVouchers, { params: { sourceId } });

  it('mails each unsent voucher once, however often it is asked, and leaves the refused unsent', async () => {
    const { sourceId } = await w.createSource(w.who.manager, { name: 'Mailed grant' });
    const students = await w.addStudents(w.storeA, 5, { lastName: 'Mailable' });
    const [noAddress] = await w.addStudents(w.storeA, 1, { email: false });
    const [a, b, c, refused, sentAlready] = await Promise.all(
      students.map((s) => w.addAllowance(w.who.manager, sourceId, s.studentIdNum, 5_000)),
    );
    await w.addAllowance(w.who.manager, sourceId, noAddress!.studentIdNum, 5_000);
    expect(
      (
        await w.call(w.who.manager, emailVoucher, {
          params: { allowanceId: sentAlready!.allowanceId },
        })
      ).statusCode,
    ).toBe(200);
    smtp.refuse.add(refused!.email);

    expect(await mailing(sourceId)).toEqual({ unsent: 4, sending: 0, withoutEmail: 1, emailed: 1 });

    // A double click: one run claims all four, the other finds none left to claim.
    const answers = await Promise.all([start(sourceId), start(sourceId)]);
    const started = answers.map((r) => r.json<{ started: number }>().started).sort();
    expect(started).toEqual([0, 4]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 202]);
    const first = answers.find((r) => r.statusCode === 202)!.json();
    expect(first).toMatchObject({ sending: 4, unsent: 0 });
    await ctx.background.drain();

    for (const sent of [a!, b!, c!, sentAlready!]) expect(mailTo(sent)).toHaveLength(1);
    // Each says who started the run, and through which store.
    expect(decodeQuotedPrintable(mailTo(a!)[0]!.raw)).toContain(
      'Sent by admin (admin@store-a.test) through Store A.',
    );
    expect(mailTo(refused!)).toHaveLength(0);
    expect(await mailing(sourceId)).toEqual({ unsent: 1, sending: 0, withoutEmail: 1, emailed: 4 });
    const [logged] = await runActivity(ctx, sourceId);
    expect(logged?.summary).toBe(
      'Vouchers e-mailed to 3 students; 1 refused by the mail server, not sent',
    );
    expect(logged?.actorAccountId).toBe(w.who.manager.accountId);

    // The mailbox works again: the next press sends that one, and only that one.
    smtp.refuse.delete(refused!.email);
    expect((await start(sourceId)).json()).toMatchObject({ started: 1 });
    await ctx.background.drain();
    expect(mailTo(refused!)).toHaveLength(1);
    expect(mailTo(a!)).toHaveLength(1);
    const done = await start(sourceId);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ unsent: 0, sending: 0, withoutEmail: 1, emailed: 5, started: 0 });
  });

  it('goes on past refused mailboxes: a bad address is not a mail server that is down', async () => {
    const { sourceId } = await w.createSource(w.who.manager, { name: 'Bad addresses' });
    const students = await w.addStudents(w.storeA, STOP_AFTER_FAILURES + 3, { lastName: 'Bad' });
    const allowances: FundingAllowance[] = [];
    for (const s of students)
      allowances.push(await w.addAllowance(w.who.manager, sourceId, s.studentIdNum, 1_000));
    for (const x of allowances) smtp.refuse.add(x.email);
    expect((await start(sourceId)).json()).toMatchObject({ started: STOP_AFTER_FAILURES + 3 });
    await ctx.background.drain();
    for (const x of allowances) smtp.refuse.delete(x.email);
    expect(await mailing(sourceId)).toMatchObject({ unsent: STOP_AFTER_FAILURES + 3, sending: 0 });
    expect(await runSummaries(ctx, sourceId)).toEqual([
      'Vouchers e-mailed to 0 students; 8 refused by the mail server, not sent',
    ]);
  });

  it('leaves a voucher a live run is sending, and takes over one of a run that died', async () => {
    const { sourceId } = await w.createSource(w.who.manager, { name: 'Claimed' });
    const [live, dead] = await w.addStudents(w.storeA, 2, { lastName: 'Claimed' });
    const liveOne = await w.addAllowance(w.who.manager, sourceId, live!.studentIdNum, 1_000);
    const deadOne = await w.addAllowance(w.who.manager, sourceId, dead!.studentIdNum, 1_000);
    const claim = async (allowanceId: number, minutesAgo: number) =>
      ctx.db
        .update(t.fundingAllowances)
        .set({
          emailClaim: `run-${minutesAgo}`,
          emailClaimedAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .where(eq(t.fundingAllowances.id, allowanceId));
    await claim(liveOne.allowanceId, 1);
    await claim(deadOne.allowanceId, 11);
    expect(await mailing(sourceId)).toMatchObject({ unsent: 1, sending: 1 });
    expect((await start(sourceId)).json()).toMatchObject({ started: 1 });
    await ctx.background.drain();
    expect(mailTo(deadOne)).toHaveLength(1);
    expect(mailTo(liveOne)).toHaveLength(0);
  });

  it("answers another store's source as not found, naming sourceId", async () => {
    const { sourceId } = await w.createSource(w.who.manager, { name: 'Not B’s' });
    for (const contract of [getVoucherMailing, emailSourceVouchers]) {
      const res = await w.call(w.who.storeB, contract, { params: { sourceId } });
      expect(res.statusCode).toBe(404);
      expect(res.json().field).toBe('sourceId');
    }
  });

  it('refuses a voucher e-mail or a run over the hourly limits, sending and claiming nothing', async () => {
    const { sourceId } = await w.createSource(w.who.manager, { name: 'Limited' });
    const [student] = await w.addStudents(w.storeA, 1, { lastName: 'Limited' });
    const one = await w.addAllowance(w.who.manager, sourceId, student!.studentIdNum, 1_000);
    const who = { accountId: w.who.manager.accountId, locationId: w.storeA };
    await useUpMailAllowance(ctx.db, 'voucher', who, 'account');
    const single = await w.call(w.who.manager, emailVoucher, {
      params: { allowanceId: one.allowanceId },
    });
    expect(single.statusCode).toBe(429);
    expect(Number(single.headers['retry-after'])).toBeGreaterThan(3000);
    expect(single.json().message).toMatch(
      /^You have e-mailed 120 vouchers in the last hour\. Print this one instead, or try again in \d+ minutes\.$/,
    );
    await useUpMailAllowance(ctx.db, 'voucherRun', who, 'store');
    const run = await start(sourceId);
    expect(run.statusCode).toBe(429);
    expect(run.json().message).toMatch(
      /^This store has started 30 voucher mailings in the last hour\. Try again in \d+ minutes\.$/,
    );
    await ctx.background.drain();
    expect(mailTo(one)).toHaveLength(0);
    expect(await mailing(sourceId)).toEqual({ unsent: 1, sending: 0, withoutEmail: 0, emailed: 0 });
  });
});

describe.each(engines)('a run of voucher e-mails that cannot finish (%s)', (engine) => {
  const startRun = async (ctx: TestContext, w: FundingWorld, name: string, students: number) => {
    const { sourceId } = await w.createSource(w.who.manager, { name });
    const people = await w.addStudents(w.storeA, students, { lastName: name });
    for (const p of people) await w.addAllowance(w.who.manager, sourceId, p.studentIdNum, 1_000);
    const res = await w.call(w.who.manager, emailSourceVouchers, { params: { sourceId } });
    expect(res.json()).toMatchObject({ started: students });
    const counts = async () =>
      (await w.call(w.who.manager, getVoucherMailing, { params: { sourceId } })).json();
    return { sourceId, counts };
  };

  it('stops after five failures in a row when the mail server cannot be reached', async () => {
    const ctx = await createTestApp(engine, {
      // A port taken from the system and let go: nothing listens on it.
      config: { smtpUrl: `smtp://127.0.0.1:${await freePort()}` },
    });
    try {
      const w = await fundingWorld(ctx);
      const run = await startRun(ctx, w, 'Unreachable', STOP_AFTER_FAILURES + 3);
      await ctx.background.drain();
      expect(await run.counts()).toEqual({
        unsent: STOP_AFTER_FAILURES + 3,
        sending: 0,
        withoutEmail: 0,
        emailed: 0,
      });
      expect(await runSummaries(ctx, run.sourceId)).toEqual([
        'Vouchers e-mailed to 0 students; 5 not sent: the mail server did not answer; 3 not sent (sent one by one meanwhile, or the run stopped)',
      ]);
    } finally {
      await ctx.close();
    }
  });

  it('ends early when the server shuts down, keeping what went out and releasing the rest', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstSend = () => {};
    const sending = new Promise<void>((resolve) => (firstSend = resolve));
    const sent: string[] = [];
    const mailer = {
      async send(message: MailMessage) {
        sent.push(message.to);
        firstSend();
        await gate;
      },
    };
    const ctx = await createTestApp(engine, { mailer });
    try {
      const w = await fundingWorld(ctx);
      const run = await startRun(ctx, w, 'Shutdown', 3);
      // The first voucher is with the mail server when the shutdown begins.
      await sending;
      const stopped = ctx.background.stop();
      release();
      await stopped;
      expect(sent).toHaveLength(1);
      expect(await run.counts()).toEqual({ unsent: 2, sending: 0, withoutEmail: 0, emailed: 1 });
      expect(await runSummaries(ctx, run.sourceId)).toEqual([
        'Vouchers e-mailed to 1 student; 2 not sent (sent one by one meanwhile, or the run stopped)',
      ]);
    } finally {
      await ctx.close();
    }
  });
});
