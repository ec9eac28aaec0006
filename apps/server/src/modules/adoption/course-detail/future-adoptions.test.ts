import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAdoptionProgressSummary,
  sendFutureAdoptionsEmail,
  type AdoptionProgressRow,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import {
  futureAdoptionsWorld,
  PROFESSOR_EMAIL,
} from '../../../test-support/future-adoptions-world.ts';
import {
  decodeQuotedPrintable,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { FIXTURE_HOSTS } from '../../../test-support/test-fixture.ts';
import {
  addAccount,
  addCatalog,
  callAs,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();
const NOW = new Date('2026-12-01T15:00:00Z');

/** The future-adoptions e-mail of a course, and the adoption progress summary. */
describe.each(engines)('adoption: future adoptions e-mail and progress (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let admin: Caller;
  let submitter: Caller;
  let instructor: Caller;
  let storeB: Caller;
  let adoptionId: number;
  const course = { departmentCode: 'BIO', courseCode: '101' };
  /** The store's clock; moved on where a test needs the one-minute guard behind it. */
  let clock = NOW;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { now: () => clock, config: { smtpUrl: smtp.url } });
    const { accounts } = ctx.fixture;
    adoptionId = await futureAdoptionsWorld(ctx);
    admin = await signIn(ctx, accounts.admin.userName);
    submitter = await signIn(ctx, accounts.submitterDepartment.userName);
    instructor = await signIn(ctx, accounts.instructor.userName);
    storeB = await signIn(ctx, accounts.storeB.userName, FIXTURE_HOSTS.b);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const send = (
    caller: Caller,
    body: object = { divisionId: ctx.fixture.catalog.divisionId, ...course },
  ) => callAs(ctx, caller, sendFutureAdoptionsEmail, { body });

  it("e-mails the instructors of future sections and the adoptions' submitters, once per press", async () => {
    const res = await send(admin);
    expect(res.statusCode, res.body).toBe(200);
    const submitterEmail = ctx.fixture.accounts.submitterDepartment.userName.toLowerCase();
    expect(res.json()).toEqual({
      recipients: [PROFESSOR_EMAIL, submitterEmail].sort(),
      notDelivered: [],
      adoptionCount: 1,
    });
    await ctx.background.drain();
    const mail = await smtp.take(PROFESSOR_EMAIL);
    expect(mail.raw).toContain('Adopted materials for BIO 101');
    expect(mail.raw).toContain('Campbell Biology');
    expect(mail.raw).toContain('002 (starts 01/11/2027)');
    // It says who sent it, through which store, and replies go to them.
    expect(mail.raw).toMatch(/^Reply-To: admin@store-a\.test\r?$/m);
    expect(decodeQuotedPrintable(mail.raw)).toContain(
      'Sent by admin (admin@store-a.test) through Store A.',
    );
    await smtp.take(submitterEmail);

    // A double press answers the first sending and mails nobody again.
    const again = await send(admin);
    expect(again.json()).toEqual(res.json());
    await ctx.background.drain();
    expect(smtp.messages).toHaveLength(2);
  });

  it('reaches everyone the mail server accepts, leaves out malformed addresses, and records nothing when nobody is reached', async () => {
    const { locations, catalog } = ctx.fixture;
    const [spring] = await ctx.db
      .select({ id: t.sections.id })
      .from(t.sections)
      .where(eq(t.sections.code, '002'));
    const extra = await ctx.db
      .insert(t.professors)
      .values([
        {
          locationId: locations.a,
          firstName: 'Ref',
          lastName: 'Used',
          email: 'refused@store-a.test',
        },
        { locationId: locations.a, firstName: 'Typo', lastName: 'Ed', email: 'typo at store-a' },
      ])
      .returning({ id: t.professors.id });
    await ctx.db
      .insert(t.sectionProfessors)
      .values(extra.map((p) => ({ sectionId: spring!.id, professorId: p.id })));
    smtp.refuse.add('refused@store-a.test');
    try {
      const partly = await send(submitter);
      expect(partly.statusCode, partly.body).toBe(200);
      expect(partly.json()).toMatchObject({
        recipients: [
          PROFESSOR_EMAIL,
          ctx.fixture.accounts.submitterDepartment.userName.toLowerCase(),
        ].sort(),
        notDelivered: ['refused@store-a.test'],
      });
      // Nobody reachable: a 502, and nothing recorded, so the next press tries again.
      smtp.refuse.add(PROFESSOR_EMAIL);
      smtp.refuse.add(ctx.fixture.accounts.submitterDepartment.userName.toLowerCase());
      clock = new Date(NOW.getTime() + 5 * 60_000);
      const other = await signIn(ctx, ctx.fixture.accounts.admin.userName);
      const none = await send(other);
      expect(none.statusCode).toBe(502);
      expect(none.json().message).toMatch(/could not be sent to anyone/);
      smtp.refuse.clear();
      const retried = await send(other);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().recipients).toEqual(
        [
          PROFESSOR_EMAIL,
          'refused@store-a.test',
          ctx.fixture.accounts.submitterDepartment.userName.toLowerCase(),
        ].sort(),
      );
    } finally {
      smtp.refuse.clear();
      await ctx.db.delete(t.sectionProfessors).where(eq(t.sectionProfessors.sectionId, spring!.id));
      await ctx.db
        .insert(t.sectionProfessors)
        .values({ sectionId: spring!.id, professorId: catalog.professorId });
    }
  });

  it('is for the course materials team and submitters: an instructor is refused', async () => {
    const res = await send(instructor);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/course materials team and submitters/);
    expect((await send(storeB)).statusCode).toBe(403);
    expect(await send(submitter).then((r) => r.statusCode)).toBe(200);
  });

  it('says so when there is nothing to send, and 404s a course outside the store', async () => {
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ active: false })
      .where(eq(t.adoptionMaterials.id, adoptionId));
    const none = await send(submitter);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/nothing to send/);
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ active: true })
      .where(eq(t.adoptionMaterials.id, adoptionId));
    const elsewhere = await send(admin, { divisionId: 999_999, ...course });
    expect(elsewhere.statusCode).toBe(404);
    const bad = await send(admin, {
      divisionId: ctx.fixture.catalog.divisionId,
      courseCode: '101',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'departmentCode' });
  });

  const summary = async (caller: Caller) => {
    const res = await callAs(ctx, caller, getAdoptionProgressSummary);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ adoptionProgress: AdoptionProgressRow[] }>().adoptionProgress;
  };

  it('summarises progress per term and division over the caller’s sections', async () => {
    const expected = {
      divisionId: ctx.fixture.catalog.divisionId,
      termId: ctx.fixture.catalog.termId,
      sectionsTotal: 2,
      sectionsAdopted: 1,
      sectionsNoTextRequired: 0,
      sectionsOutstanding: 1,
      adoptionsNeedingResponse: 1,
    };
    expect(await summary(admin)).toEqual([expect.objectContaining(expected)]);
    expect(await summary(submitter)).toEqual([expect.objectContaining(expected)]);
    // The instructor teaches both sections: the same figures, for their sections only.
    expect(await summary(instructor)).toEqual([expect.objectContaining(expected)]);
    // Store B's full reporter reports on store B's divisions: none of store A's.
    expect(await summary(storeB)).toEqual([]);
    const nobody = await signIn(ctx, ctx.fixture.accounts.instructorUnlinked.userName);
    expect((await callAs(ctx, nobody, getAdoptionProgressSummary)).statusCode).toBe(403);
  });

  it('adds the divisions a full reporter reports on to their adoption scope', async () => {
    const { db, fixture } = ctx;
    const storeA = fixture.locations.a;
    const law = await addCatalog(db, storeA, {
      divisionName: 'School of Law',
      departmentCode: 'LAW',
    });
    const account = async (userName: string, grants: Parameters<typeof addAccount>[3]) => {
      await addAccount(db, storeA, userName, grants);
      return signIn(ctx, userName);
    };
    const lawReporter = await account('law-reporter@store-a.test', [
      { role: 'FULL_REPORTER', divisionId: law.divisionId },
    ]);
    const bioSubmitterLawReporter = await account('bio-law@store-a.test', [
      { role: 'SUBMITTER', departmentId: fixture.catalog.departmentId },
      { role: 'FULL_REPORTER', divisionId: law.divisionId },
    ]);
    const bioReporter = await account('bio-reporter@store-a.test', [
      { role: 'FULL_REPORTER', departmentId: fixture.catalog.departmentId },
    ]);
    const lawRow = expect.objectContaining({
      divisionId: law.divisionId,
      divisionName: 'School of Law',
      sectionsTotal: 1,
      sectionsOutstanding: 1,
    });
    const mainRow = expect.objectContaining({ divisionId: fixture.catalog.divisionId });
    expect(await summary(lawReporter)).toEqual([lawRow]);
    // The union: Biology through the adoption scope, Law as its reporter (by term start).
    expect(await summary(bioSubmitterLawReporter)).toEqual([mainRow, lawRow]);
    expect(await summary(admin)).toEqual([mainRow, lawRow]);
    // A department is not a division's figures: nothing beyond an adoption scope they lack.
    expect(await summary(bioReporter)).toEqual([]);
    expect(await summary(submitter)).toEqual([mainRow]);
  });
});
