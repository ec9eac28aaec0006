import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fillPath,
  getAdoptionProgressSummary,
  type AdoptionProgressRow,
  getCampaignRecipients,
  getSectionCampaignEmails,
  getTermCampaign,
  scheduleTermCampaign,
  setAdoptionDeadline,
  setCampaignExclusion,
  type TermCampaign,
} from '@csp/contracts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import {
  adoptSection,
  campaignWorld,
  readMail,
  setDepartmentContact,
  smtpMailer,
} from '../../../test-support/campaign-world.ts';
import { runCampaigns } from './send-job.ts';

const engines = await testEngines();
/** The server's today; Fall 2026's deadline is set to this very day. */
const NOW = new Date('2026-10-15T12:00:00Z');
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe.each(engines)('adoption campaigns (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let cma: Caller;
  let termId: number;
  let sectionIds: Record<string, number>;

  const call = (caller: Caller, method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    ctx.app.inject({ method, url: path, headers: authHeaders(caller.host, caller.token), payload });
  const campaignPath = (caller: Caller, e: { path: string }) =>
    fillPath(e.path, { userAccountId: caller.accountId, termId });
  const schedule = (steps: object[]) =>
    call(cma, 'PUT', campaignPath(cma, scheduleTermCampaign), { steps });
  const mails = () => smtp.messages.map(readMail);
  const run = (iso: string) =>
    runCampaigns({ db: ctx.db, mailer: smtpMailer(smtp.url), config: ctx.config }, day(iso));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { now: () => NOW, mailer: smtpMailer(smtp.url) });
    termId = ctx.fixture.catalog.termId;
    ({ sectionIds } = await campaignWorld(ctx));
    cma = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  it('offers the default steps, and refuses to schedule before the term has a deadline', async () => {
    const res = await call(cma, 'GET', campaignPath(cma, getTermCampaign));
    expect(res.statusCode).toBe(200);
    const campaign = res.json() as TermCampaign;
    expect(campaign).toMatchObject({ scheduled: false, deadline: null, emailsSent: 0 });
    expect(campaign.steps.map((s) => [s.kind, s.daysFromDeadline])).toEqual([
      ['REMINDER', -42],
      ['REMINDER', -14],
      ['REMINDER', 0],
      ['DIGEST', 1],
      ['REMINDER', 7],
    ]);
    const refused = await schedule([{ kind: 'REMINDER', daysFromDeadline: 0 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'termId' });
    // People can be left out before anything is scheduled (from the preview).
    const early = (excluded: boolean) =>
      call(cma, 'PUT', campaignPath(cma, setCampaignExclusion), {
        email: 'x@store-a.test',
        excluded,
      });
    expect((await early(true)).json()).toMatchObject({
      scheduled: false,
      exclusions: [{ email: 'x@store-a.test', reason: 'STORE' }],
    });
    expect((await early(false)).json()).toMatchObject({ scheduled: false, exclusions: [] });
  });

  it('refuses bad steps with a message naming the field', async () => {
    const twice = await schedule([
      { kind: 'REMINDER', daysFromDeadline: 3 },
      { kind: 'REMINDER', daysFromDeadline: 3 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('steps');
    const far = await schedule([{ kind: 'REMINDER', daysFromDeadline: 400 }]);
    expect(far.statusCode).toBe(400);
    expect(JSON.stringify(far.json())).toContain('daysFromDeadline');
  });

  it('mails each instructor and submitter once, listing exactly their sections without an adoption', async () => {
    const deadline = await call(
      cma,
      'PUT',
      fillPath(setAdoptionDeadline.path, { userAccountId: cma.accountId, termId }),
      {
        deadline: '2026-10-15',
      },
    );
    expect(deadline.statusCode).toBe(200);
    const preview = await call(cma, 'GET', campaignPath(cma, getCampaignRecipients));
    expect(preview.json()).toMatchObject({
      total: 4,
      people: [
        { email: 'admin@store-a.test', sections: 2 },
        { email: 'instructor@store-a.test', name: 'Ida Instructor', sections: 1 },
        { email: 'paul@store-a.test', name: 'Paul Other', sections: 1 },
        { email: 'submitter-dept@store-a.test', sections: 2 },
      ],
    });

    const steps = [
      { kind: 'REMINDER', daysFromDeadline: -42 },
      { kind: 'REMINDER', daysFromDeadline: 0 },
      { kind: 'DIGEST', daysFromDeadline: 1 },
      { kind: 'REMINDER', daysFromDeadline: 7 },
    ];
    const res = await schedule(steps);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TermCampaign).steps.map((s) => [s.day, s.state])).toEqual([
      ['2026-09-03', 'SKIPPED'],
      ['2026-10-15', 'SENDING'],
      ['2026-10-16', 'SCHEDULED'],
      ['2026-10-22', 'SCHEDULED'],
    ]);
    await ctx.background.drain();
    const sent = mails();
    expect(sent.map((m) => m.to).sort()).toEqual([
      'admin@store-a.test',
      'instructor@store-a.test',
      'paul@store-a.test',
      'submitter-dept@store-a.test',
    ]);
    const ida = sent.find((m) => m.to === 'instructor@store-a.test')!;
    expect(ida.body).toContain('BIO 101 – 001: Intro Biology');
    expect(ida.body).not.toContain('– 002');
    expect(ida.body).toContain(`${FIXTURE_HOSTS.a}`);
    expect(ida.body).toContain('/adopt/course/');
    expect(ida.body).toContain('due today, 10/15/2026');
    // Their own courses page, where last term's materials are adopted again in one step.
    expect(ida.body).toContain(`http://${FIXTURE_HOSTS.a}/my-courses`);
    const paul = sent.find((m) => m.to === 'paul@store-a.test')!;
    expect(paul.body).toContain('– 002');
    expect(paul.body).not.toContain('– 003');
    expect(sent.find((m) => m.to === 'admin@store-a.test')!.body).toContain('– 002');
    // A text part and an HTML part, and a header a mail client offers as "unsubscribe".
    expect(smtp.messages[0]!.raw).toMatch(/text\/plain/);
    expect(smtp.messages[0]!.raw).toMatch(/text\/html/);
    expect(smtp.messages[0]!.raw).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/store-a\.test\/campaign-unsubscribe\?token=/m,
    );

    // Scheduling again (a double submit), and another run, mail nobody twice.
    expect((await schedule(steps)).statusCode).toBe(200);
    await ctx.background.drain();
    expect(await run('2026-10-15')).toMatchObject({ planned: 0, sent: 0 });
    expect(smtp.messages).toHaveLength(4);
    const after = (
      await call(cma, 'GET', campaignPath(cma, getTermCampaign))
    ).json() as TermCampaign;
    expect(after.emailsSent).toBe(4);
    // The dashboard's progress card counts them too.
    const summary = await call(
      cma,
      'GET',
      fillPath(getAdoptionProgressSummary.path, { userAccountId: cma.accountId }),
    );
    const fall = (
      summary.json() as { adoptionProgress: AdoptionProgressRow[] }
    ).adoptionProgress.find((r) => r.termId === termId);
    expect(fall?.campaignEmailsSent).toBe(4);
    expect(after.steps.find((s) => s.daysFromDeadline === 0)).toMatchObject({
      state: 'SENT',
      sent: 4,
    });
  });

  it("lists each e-mail in the section's activity history", async () => {
    const res = await call(
      cma,
      'GET',
      `${fillPath(getSectionCampaignEmails.path, { userAccountId: cma.accountId })}?sectionId=${sectionIds['002']}`,
    );
    expect(res.statusCode).toBe(200);
    const emails = res.json() as { email: string; outcome: string; kind: string }[];
    expect(emails.map((e) => e.email).sort()).toEqual([
      'admin@store-a.test',
      'paul@store-a.test',
      'submitter-dept@store-a.test',
    ]);
    expect(emails.every((e) => e.outcome === 'SENT' && e.kind === 'REMINDER')).toBe(true);
    const adopted = await call(
      cma,
      'GET',
      `${fillPath(getSectionCampaignEmails.path, { userAccountId: cma.accountId })}?sectionId=${sectionIds['003']}`,
    );
    expect(adopted.json()).toEqual([]);
  });

  it("sends each department contact a digest of the department's missing sections and who has them", async () => {
    await setDepartmentContact(ctx.db, ctx.fixture.catalog.departmentId, 'chair@store-a.test');
    await adoptSection(ctx, sectionIds['002']!);
    expect(await run('2026-10-16')).toMatchObject({ planned: 1, sent: 1 });
    const [digest] = mails();
    expect(digest).toMatchObject({ to: 'chair@store-a.test' });
    expect(digest!.body).toContain('Hello Dana Chair');
    expect(digest!.body).toContain('BIO 101 – 001: Intro Biology (assigned to Instructor, Ida)');
    expect(digest!.body).not.toContain('– 002');
    expect(digest!.body).toContain('were due on 10/15/2026');
    expect(digest!.body).not.toContain('/my-courses');
  });

  it('leaves out a person the store leaves out, and takes them back in', async () => {
    const exclude = await call(cma, 'PUT', campaignPath(cma, setCampaignExclusion), {
      email: ' Instructor@Store-A.test ',
      excluded: true,
    });
    expect(exclude.statusCode).toBe(200);
    expect((exclude.json() as TermCampaign).exclusions).toMatchObject([
      { email: 'instructor@store-a.test', reason: 'STORE' },
    ]);
    expect(await run('2026-10-22')).toMatchObject({ planned: 2, sent: 2 });
    expect(
      mails()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['admin@store-a.test', 'submitter-dept@store-a.test']);
    // Taken back in: the next step would mail them again (none is left to run here).
    const back = await call(cma, 'PUT', campaignPath(cma, setCampaignExclusion), {
      email: 'instructor@store-a.test',
      excluded: false,
    });
    expect((back.json() as TermCampaign).exclusions).toEqual([]);
    const bad = await call(cma, 'PUT', campaignPath(cma, setCampaignExclusion), {
      email: 'nobody',
      excluded: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('email');
  });
});
