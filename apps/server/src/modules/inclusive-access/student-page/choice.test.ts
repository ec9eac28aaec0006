import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getIaStudentPage,
  getStudentInclusiveAccess,
  IA_MESSAGES,
  IA_STUDENT_PAGE_MESSAGES as M,
  setStudentInclusiveAccess,
  type IaStaffStudentSection,
  type IaStudentPage,
} from '@csp/contracts';
import { readMail, smtpMailer } from '../../../test-support/campaign-world.ts';
import { iaStudentPageWorld } from '../../../test-support/ia-student-page-world.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';

const engines = await testEngines();
const TODAY = '2026-09-10';

describe.each(engines)('opting out and back in (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let world: ReturnType<typeof iaStudentPageWorld>;
  const now = new Date(`${TODAY}T15:00:00Z`);
  let admin: Caller;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { now: () => now, mailer: smtpMailer(smtp.url) });
    world = iaStudentPageWorld(ctx, smtp);
    admin = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const staffChoose = (participantId: number, choice: 'IN' | 'OUT', caller = admin) =>
    ctx.app.inject({
      method: 'PUT',
      url: fillPath(setStudentInclusiveAccess.path, {
        userAccountId: caller.accountId,
        participantId,
      }),
      headers: authHeaders(caller.host, caller.token),
      payload: { choice },
    });

  it('shows the student their own sections and reaches nothing of another student', async () => {
    await world.w.termDates(TODAY);
    const { students, participantOf } = await world.programWithStudents(2);
    const [alice, bob] = students as [number, number];
    const session = await world.sessionOf(alice, world.nextIp());

    const page = await ctx.app.inject({
      url: getIaStudentPage.path,
      headers: world.asStudent(session),
    });
    expect(page.statusCode).toBe(200);
    const body = page.json<IaStudentPage>();
    expect(body.sections).toHaveLength(1);
    expect(body.sections[0]).toMatchObject({
      participantId: participantOf(alice),
      totalCents: 5_999,
      deadline: TODAY,
      participating: true,
      mayChange: true,
      materials: [{ title: 'Campbell Biology (digital)', priceCents: 5_999 }],
    });

    const intoBob = await world.choose(session, participantOf(bob), 'OUT');
    expect(intoBob.statusCode).toBe(404);
    expect(intoBob.json()).toMatchObject({ message: M.sectionNotFound });
    expect(await world.choiceChanges(participantOf(bob))).toEqual([]);
  });

  it('changes a choice until the deadline (inclusive), once per real change, with one confirmation', async () => {
    await world.w.termDates(TODAY);
    const { students, participantOf } = await world.programWithStudents(1);
    const student = students[0]!;
    const participant = participantOf(student);
    const email = (await world.emailOf(student)).toLowerCase();
    const session = await world.sessionOf(student, world.nextIp());

    const out = await world.choose(session, participant, 'OUT');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ participating: false, choice: 'OUT', mayChange: true });
    const again = await world.choose(session, participant, 'OUT');
    expect(again.statusCode).toBe(200);
    expect(await world.choiceChanges(participant)).toEqual(['OPTED_OUT:STUDENT']);

    await ctx.background.drain();
    const mail = readMail(await smtp.take(email));
    expect(mail.body).toContain('You have opted out');
    expect(mail.body).toContain('$59.99');
    expect(mail.body).toContain(TODAY);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(2); // link + one

    // The next day: the deadline (yesterday now) has passed, for the student and for staff.
    await world.w.termDates('2026-09-09');
    const late = await world.choose(session, participant, 'IN');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: IA_MESSAGES.deadlinePassed });
    const staffLate = await staffChoose(participant, 'IN');
    expect(staffLate.statusCode).toBe(409);
    const page = await ctx.app.inject({
      url: getIaStudentPage.path,
      headers: world.asStudent(session),
    });
    expect(page.json<IaStudentPage>().sections[0]).toMatchObject({
      mayChange: false,
      whyNot: IA_MESSAGES.deadlinePassed,
    });
    expect(await world.choiceChanges(participant)).toEqual(['OPTED_OUT:STUDENT']);
  });

  it('refuses a change while the term has no deadline, and for a dropped student', async () => {
    await world.w.termDates(null);
    const { section, students, participantOf } = await world.programWithStudents(1);
    const student = students[0]!;
    const session = await world.sessionOf(student, world.nextIp());
    const res = await world.choose(session, participantOf(student), 'OUT');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: IA_MESSAGES.noDeadline });

    await world.w.termDates(TODAY);
    await world.w.drop(student, section);
    const dropped = await staffChoose(participantOf(student), 'OUT');
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json()).toMatchObject({ message: M.notEnrolled });
  });

  it('makes one change of two at once', async () => {
    await world.w.termDates(TODAY);
    const { students, participantOf } = await world.programWithStudents(1);
    const session = await world.sessionOf(students[0]!, world.nextIp());
    const participant = participantOf(students[0]!);
    const answers = await Promise.all([
      world.choose(session, participant, 'OUT'),
      world.choose(session, participant, 'OUT'),
      staffChoose(participant, 'OUT'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await world.choiceChanges(participant)).length).toBe(1);
  });

  it("lets staff opt a student out and back in on the student's behalf, recorded with who", async () => {
    await world.w.termDates(TODAY);
    const { students, participantOf } = await world.programWithStudents(1);
    const student = students[0]!;
    const participant = participantOf(student);

    const out = await staffChoose(participant, 'OUT');
    expect(out.statusCode).toBe(200);
    const section = out.json<IaStaffStudentSection>();
    expect(section.participating).toBe(false);
    expect(section.history.map((h) => [h.change, h.source, h.actorName !== null])).toEqual([
      ['ENROLLED', 'FEED', false],
      ['OPTED_OUT', 'STAFF', true],
    ]);
    expect((await staffChoose(participant, 'IN')).json()).toMatchObject({ participating: true });

    const list = await ctx.app.inject({
      url: fillPath(getStudentInclusiveAccess.path, { userAccountId: admin.accountId }),
      query: { customerId: String(student) },
      headers: authHeaders(admin.host, admin.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ sections: IaStaffStudentSection[] }>().sections[0]!.history).toHaveLength(3);
    expect(await world.choiceChanges(participant)).toEqual(['OPTED_OUT:STAFF', 'OPTED_IN:STAFF']);

    const instructor = await signIn(ctx, ctx.fixture.accounts.instructor.userName);
    expect((await staffChoose(participant, 'OUT', instructor)).statusCode).toBe(403);
  });
});
