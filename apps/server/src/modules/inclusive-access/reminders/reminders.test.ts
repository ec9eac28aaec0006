import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fillPath, getIaReminderStatus } from '@csp/contracts';
import { createDb } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import * as t from '../../../db/schema/index.ts';
import { readMail, smtpMailer } from '../../../test-support/campaign-world.ts';
import { iaWorld, type IaWorld } from '../../../test-support/ia-world.ts';
import { signIn } from '../../../test-support/permissions-test-support.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { AttemptThrottle } from '../../throttle/index.ts';
import { runIaReminders } from './reminder-job.ts';

const engines = await testEngines();
/** A port nothing listens on: every send fails to connect. */
const DEAD_SMTP = 'smtp://127.0.0.1:9';
const DEADLINE = '2026-09-11';
const FIRST_DAY = new Date('2026-08-24T12:00:00Z');
const THREE_DAYS_BEFORE = new Date('2026-09-08T09:00:00Z');
const AFTER_DEADLINE = new Date('2026-09-12T09:00:00Z');

describe.each(engines)('inclusive-access reminders (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let w: IaWorld;

  const deps = (mailUrl = smtp.url) => ({
    db: ctx.db,
    mailer: smtpMailer(mailUrl),
    config: ctx.config,
    throttle: new AttemptThrottle(ctx.db, () => new Date()),
  });
  const mails = () => smtp.messages.map(readMail);
  const emailOf = async (studentId: number) =>
    (
      await queryRows<{ email: string }>(
        ctx.db,
        sql`select email from students where id = ${studentId}`,
      )
    )[0]!.email;

  /** A program section with one material at `priceCents`, its students enrolled. */
  const programWith = async (students: number[], priceCents = 5_999, title?: string) => {
    const section = await w.section();
    for (const s of students) await w.enrol(s, section);
    const material = await w.iaAdoption([section], title);
    return {
      section,
      program: await w.program(section, [{ adoptionMaterialId: material, priceCents }]),
    };
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine);
    w = iaWorld(ctx);
    await w.termDates(DEADLINE);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    smtp.messages.length = 0;
    smtp.refuse.clear();
    // Each test its own students: the runs cover the whole term.
    await ctx.db.execute(sql`delete from ia_programs`);
    await ctx.db.execute(sql`delete from ia_reminders`);
  });

  it('sends each student one e-mail across two runs started at once, listing their sections, prices, deadline and link', async () => {
    const students = await Promise.all(Array.from({ length: 8 }, () => w.student()));
    const both = students[0]!;
    await programWith(students, 5_999, 'Campbell Biology (digital)');
    await programWith([both], 2_450, 'Chemistry Lab Access');
    const second =
      engine === 'postgres' && ctx.database.url
        ? await createDb({ engine: 'postgres', url: ctx.database.url, poolSize: 2 })
        : null;
    try {
      const runs = await Promise.all([
        runIaReminders(deps(), FIRST_DAY),
        runIaReminders({ ...deps(), db: second?.db ?? ctx.db }, FIRST_DAY),
      ]);
      expect(runs.reduce((n, r) => n + r.planned, 0)).toBe(8);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(8);
    } finally {
      await second?.close();
    }
    const to = mails().map((m) => m.to);
    expect(to.sort()).toEqual((await Promise.all(students.map(emailOf))).sort());

    const forBoth = mails().filter((m) => m.body.includes('Chemistry Lab Access'));
    expect(forBoth).toHaveLength(1);
    expect(forBoth[0]!.to).toBe(await emailOf(both));
    expect(forBoth[0]!.body).toContain('Campbell Biology (digital): $59.99');
    expect(forBoth[0]!.body).toContain('Chemistry Lab Access: $24.50');
    expect(forBoth[0]!.body).toContain('09/11/2026');
    expect(forBoth[0]!.body).toMatch(/http:\/\/store-a\.test(:\d+)?\/my-course-access/);
    expect(forBoth[0]!.subject).toContain('Fall 2026');

    // Later runs send nothing again.
    expect(await runIaReminders(deps(), FIRST_DAY, { staleClaimMs: 0 })).toEqual({
      planned: 0,
      sent: 0,
      notSent: 0,
      failed: 0,
    });
    expect(smtp.messages).toHaveLength(8);
  });

  it('retries a failed send on a later run, and stops a run after five failures in a row', async () => {
    const students = await Promise.all(Array.from({ length: 7 }, () => w.student()));
    await programWith(students);
    const failed = await runIaReminders(deps(DEAD_SMTP), FIRST_DAY);
    expect(failed).toEqual({ planned: 7, sent: 0, notSent: 0, failed: 5 });
    const rows = await queryRows<{ attempts: number; lastError: string | null }>(
      ctx.db,
      sql`select attempts, last_error as "lastError" from ia_reminders order by id`,
    );
    expect(rows.filter((r) => r.attempts === 1 && r.lastError)).toHaveLength(5);

    const retried = await runIaReminders(deps(), FIRST_DAY, { staleClaimMs: 0 });
    expect(retried).toEqual({ planned: 0, sent: 7, notSent: 0, failed: 0 });
    expect(new Set(mails().map((m) => m.to)).size).toBe(7);
  });

  it("sends nothing after the deadline, nothing to dropped students, and to a student's own address wherever it is", async () => {
    const [stays, drops, outside] = [await w.student(), await w.student(), await w.student()];
    const stranger = await w.student('Far', 'Away', 'far.away@example.com');
    const { section } = await programWith([stays, drops, stranger]);
    await w.enrol(outside, await w.section());
    await w.drop(drops, section);

    // Planned while the window was open, never sent (the mail server was down), then too late.
    await runIaReminders(deps(DEAD_SMTP), THREE_DAYS_BEFORE);
    smtp.messages.length = 0;
    expect(await runIaReminders(deps(), AFTER_DEADLINE, { staleClaimMs: 0 })).toEqual({
      planned: 0,
      sent: 0,
      notSent: 0,
      failed: 0,
    });
    expect(smtp.messages).toHaveLength(0);

    await ctx.db.execute(sql`delete from ia_reminders`);
    const run = await runIaReminders(deps(), THREE_DAYS_BEFORE);
    // The student's feed address is the store's own record of them, at a domain or not.
    expect(
      mails()
        .map((m) => m.to)
        .sort(),
    ).toEqual([await emailOf(stays), 'far.away@example.com'].sort());
    expect(mails()[0]!.subject).toContain('opt-out deadline 09/11/2026');
    expect(run).toMatchObject({ sent: 2, notSent: 0 });
  });

  it('says whether each section is in, drops a student who left every section before the send', async () => {
    const [optedOut, leaves] = [await w.student(), await w.student()];
    const { section, program } = await programWith([optedOut, leaves]);
    await ctx.db
      .update(t.iaParticipants)
      .set({ choice: 'OUT' })
      .where(
        sql`${t.iaParticipants.programId} = ${program} and ${t.iaParticipants.studentId} = ${optedOut}`,
      );
    // Both planned by a run whose sends all failed; one student drops before the retry.
    await runIaReminders(deps(DEAD_SMTP), FIRST_DAY);
    await w.drop(leaves, section);
    const retried = await runIaReminders(deps(), FIRST_DAY, { staleClaimMs: 0 });
    expect(retried).toMatchObject({ sent: 1, notSent: 1 });
    expect(mails().map((m) => m.to)).toEqual([await emailOf(optedOut)]);
    expect(mails()[0]!.body).toContain('You are not in: nothing will be charged.');
  });

  it("tells staff a term's reminders by kind", async () => {
    const students = [await w.student(), await w.student()];
    await programWith(students);
    smtp.refuse.add((await emailOf(students[1]!)).toLowerCase());
    await runIaReminders(deps(), THREE_DAYS_BEFORE);
    const caller = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    const res = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getIaReminderStatus.path, {
        userAccountId: caller.accountId,
        termId: ctx.fixture.catalog.termId,
      }),
      headers: authHeaders(caller.host, caller.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      deadline: DEADLINE,
      kinds: [
        // Within the deadline's window a start-of-term reminder is no longer planned.
        { kind: 'TERM_START', planned: 0, sent: 0, failing: 0, waiting: 0 },
        { kind: 'DEADLINE_NEAR', planned: 2, sent: 1, failing: 1, waiting: 0 },
      ],
    });
  });
});
