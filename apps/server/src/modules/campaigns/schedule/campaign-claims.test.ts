import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import { adoptSection, readMail, smtpMailer } from '../../../test-support/campaign-world.ts';
import { saveCampaignSteps } from './campaign-repository.ts';
import { runCampaigns } from './send-job.ts';

const engines = await testEngines();
/** A port nothing listens on: every send fails to connect. */
const DEAD_SMTP = 'smtp://127.0.0.1:9';
const DEADLINE = '2026-10-15';
const ON_THE_DAY = new Date(`${DEADLINE}T12:00:00Z`);
const PEOPLE = 12;

describe.each(engines)('campaign e-mails: claims, retries and outcomes (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let sectionOf: Map<string, number>;

  const deps = (mailUrl = smtp.url) => ({
    db: ctx.db,
    mailer: smtpMailer(mailUrl),
    config: ctx.config,
  });
  const outcomes = () =>
    queryRows<{ email: string; outcome: string | null; attempts: number }>(
      ctx.db,
      sql`select email, outcome, attempts from adoption_campaign_messages order by email`,
    );

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { now: () => ON_THE_DAY });
    const { locations, catalog, accounts } = ctx.fixture;
    await ctx.db.update(t.terms).set({ adoptionDeadline: DEADLINE });
    // The department's submitters would be in every e-mail round: these tests count instructors.
    await ctx.db.execute(sql`delete from user_roles where department_id is not null`);
    sectionOf = new Map();
    for (let i = 0; i < PEOPLE; i++) {
      const [section] = await ctx.db
        .insert(t.sections)
        .values({
          locationId: locations.a,
          courseId: catalog.courseId,
          termId: catalog.termId,
          code: `1${String(i).padStart(2, '0')}`,
          startDate: '2026-08-24',
          endDate: '2026-12-18',
        })
        .returning({ id: t.sections.id });
      const email = `prof${i}@store-a.test`;
      const [professor] = await ctx.db
        .insert(t.professors)
        .values({ locationId: locations.a, firstName: 'Prof', lastName: String(i), email })
        .returning({ id: t.professors.id });
      await ctx.db
        .insert(t.sectionProfessors)
        .values({ sectionId: section!.id, professorId: professor!.id });
      sectionOf.set(email, section!.id);
    }
    // The fixture's own section 001 is adopted: only the professors above are asked.
    await adoptSection(ctx, catalog.sectionId);
    await saveCampaignSteps(ctx.db, locations.a, catalog.termId, accounts.admin.id, [
      { kind: 'REMINDER', daysFromDeadline: 0 },
      { kind: 'REMINDER', daysFromDeadline: -10 },
    ]);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
    smtp.refuse.clear();
  });

  it('retries a send that failed, and stops a run after five failures in a row', async () => {
    const failed = await runCampaigns(deps(DEAD_SMTP), ON_THE_DAY);
    // The step 10 days before is past its grace: it is skipped, not sent late.
    expect(failed).toEqual({ planned: PEOPLE, sent: 0, notSent: 0, failed: 5 });
    const rows = await outcomes();
    expect(rows.filter((r) => r.attempts === 1)).toHaveLength(5);
    expect(rows.every((r) => r.outcome === null)).toBe(true);

    // The next run (their wait over) sends every one of them, once.
    smtp.refuse.add('prof3@store-a.test');
    await adoptSection(ctx, sectionOf.get('prof4@store-a.test')!);
    const retried = await runCampaigns(deps(), ON_THE_DAY, { staleClaimMs: 0 });
    expect(retried).toEqual({ planned: 0, sent: PEOPLE - 2, notSent: 2, failed: 0 });
    const settled = new Map((await outcomes()).map((r) => [r.email, r.outcome]));
    expect(settled.get('prof3@store-a.test')).toBe('REFUSED');
    expect(settled.get('prof4@store-a.test')).toBe('NOTHING_LEFT');
    expect(settled.get('prof0@store-a.test')).toBe('SENT');
    const to = smtp.messages.map(readMail).map((m) => m.to);
    expect(new Set(to).size).toBe(to.length);
    expect(await runCampaigns(deps(), ON_THE_DAY, { staleClaimMs: 0 })).toEqual({
      planned: 0,
      sent: 0,
      notSent: 0,
      failed: 0,
    });
  });

  it('sends each e-mail once when two processes run the campaign at the same time', async () => {
    // A second step due the same day: two runs plan it and send its e-mails side by side.
    await saveCampaignSteps(
      ctx.db,
      ctx.fixture.locations.a,
      ctx.fixture.catalog.termId,
      ctx.fixture.accounts.admin.id,
      [{ kind: 'REMINDER', daysFromDeadline: -1 }],
    );
    const second =
      engine === 'postgres' && ctx.database.url
        ? await createDb({ engine: 'postgres', url: ctx.database.url, poolSize: 2 })
        : null;
    try {
      const results = await Promise.all([
        runCampaigns(deps(), new Date('2026-10-14T12:00:00Z')),
        runCampaigns({ ...deps(), db: second?.db ?? ctx.db }, new Date('2026-10-14T12:00:00Z')),
      ]);
      expect(results.reduce((n, r) => n + r.planned, 0)).toBe(PEOPLE - 1);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(PEOPLE - 1);
    } finally {
      await second?.close();
    }
    const to = smtp.messages.map(readMail).map((m) => m.to);
    expect(to).toHaveLength(PEOPLE - 1);
    expect(new Set(to).size).toBe(PEOPLE - 1);
    expect(to).not.toContain('prof4@store-a.test');
  });
});
