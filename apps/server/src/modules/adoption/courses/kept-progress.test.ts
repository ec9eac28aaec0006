import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAdoptionProgressSummary, type AdoptionProgressRow } from '@csp/contracts';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import * as t from '../../../db/schema/index.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  addAccount,
  addCatalog,
  callAs,
  roleIdOf,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';
import { adoptionProgress } from './progress-repository.ts';

const engines = await testEngines();
/** Fall 2026 (24 Aug to 18 Dec) is under way. */
const NOW = new Date('2026-10-15T12:00:00Z');
const TODAY = '2026-10-15';

/** Each department's figures per term, counted from the sections themselves. */
const RECOUNT = sql`
  select c.department_id, s.term_id, count(*)::int as sections,
    count(*) filter (where s.has_text)::int as adopted,
    count(*) filter (where s.has_ntr and not s.has_text)::int as no_text_required,
    count(*) filter (where s.first_adopted_at is null)::int as never_adopted,
    count(*) filter (where s.first_adopted_at
      >= ((t.adoption_deadline + 1)::timestamp at time zone 'UTC'))::int as adopted_late
  from sections s join courses c on c.id = s.course_id join terms t on t.id = s.term_id
  group by 1, 2 order by 1, 2`;
const KEPT = sql`
  select department_id, term_id, sections, adopted, no_text_required, never_adopted, adopted_late
  from department_term_sections where sections <> 0 order by 1, 2`;

/**
 * The adoption progress summary reads each department's kept figures (migration 0043) when the
 * caller's scope is whole divisions or departments: after every kind of change it answers what
 * counting the sections gives, and a caller whose grant is on one course is counted as before.
 */
describe.each(engines)('adoption progress: kept department figures (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let bio: { departmentId: number; courseId: number };
  let art: { departmentId: number; courseId: number };
  let fall: number;
  let sectionIds: number[];

  const summary = async (caller: Caller) => {
    const res = await callAs(ctx, caller, getAdoptionProgressSummary);
    expect(res.statusCode).toBe(200);
    return (res.json() as { adoptionProgress: AdoptionProgressRow[] }).adoptionProgress;
  };
  /** The summary as counting the caller's sections (`scope` over `s` of `c`) gives it. */
  const counted = (scope: SQL) => adoptionProgress(ctx.db, ctx.fixture.locations.a, TODAY, scope);

  const expectKeptAsCounted = async () => {
    expect(await queryRows(ctx.db, KEPT)).toEqual(await queryRows(ctx.db, RECOUNT));
    expect(await summary(admin)).toEqual(await counted(sql`true`));
  };
  const setFacts = async (id: number, facts: Partial<typeof t.sections.$inferInsert>) =>
    ctx.db.update(t.sections).set(facts).where(eq(t.sections.id, id));
  const setDeadline = async (day: string | null) =>
    ctx.db.update(t.terms).set({ adoptionDeadline: day }).where(eq(t.terms.id, fall));
  /** Fall's figures in the fixture's division (BIO's and ART's). */
  const fallFigures = async () => (await summary(admin)).find((r) => r.termId === fall);

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => NOW });
    const { locations, catalog } = ctx.fixture;
    admin = await signIn(ctx, 'admin@store-a.test');
    const north = await addCatalog(ctx.db, locations.a, {
      divisionId: catalog.divisionId,
      departmentCode: 'ART',
    });
    const [bioCourse] = await ctx.db
      .select({ id: t.courses.id })
      .from(t.courses)
      .where(eq(t.courses.departmentId, catalog.departmentId));
    bio = { departmentId: catalog.departmentId, courseId: bioCourse!.id };
    art = { departmentId: north.departmentId, courseId: north.courseId };
    fall = catalog.termId;
    const added = await ctx.db
      .insert(t.sections)
      .values(
        ['K1', 'K2', 'K3', 'K4', 'K5', 'K6'].map((code) => ({
          locationId: locations.a,
          courseId: bio.courseId,
          termId: fall,
          code,
          startDate: '2026-08-24',
          endDate: '2026-12-18',
        })),
      )
      .returning({ id: t.sections.id });
    sectionIds = added.map((s) => s.id);
  });
  afterAll(async () => ctx?.close());

  it('counts adopted, no text required, missing, late and on time as the sections say', async () => {
    await setDeadline('2026-09-01');
    const [onTime, late, lastMinute, ntr] = sectionIds;
    const before = await fallFigures();
    await setFacts(onTime!, { hasText: true, firstAdoptedAt: new Date('2026-08-20T10:00:00Z') });
    await setFacts(late!, { hasText: true, firstAdoptedAt: new Date('2026-09-02T00:00:00Z') });
    await setFacts(lastMinute!, {
      hasText: true,
      firstAdoptedAt: new Date('2026-09-01T23:59:59Z'),
    });
    await setFacts(ntr!, { hasNtr: true, firstAdoptedAt: new Date('2026-08-21T09:00:00Z') });
    const after = await fallFigures();
    expect(after).toMatchObject({
      sectionsAdopted: before!.sectionsAdopted + 3,
      sectionsNoTextRequired: before!.sectionsNoTextRequired + 1,
      sectionsLate: before!.sectionsLate + 1,
      sectionsOnTime: before!.sectionsOnTime + 3,
      sectionsMissing: before!.sectionsMissing - 4,
    });
    await expectKeptAsCounted();
  });

  it('counts late again when the deadline moves, and none once it is cleared', async () => {
    await setDeadline('2026-08-20');
    expect((await fallFigures())!.sectionsLate).toBeGreaterThanOrEqual(3);
    await expectKeptAsCounted();
    await setDeadline(null);
    expect(await fallFigures()).toMatchObject({ sectionsLate: 0, sectionsMissing: 0 });
    await expectKeptAsCounted();
    await setDeadline('2026-09-01');
    await expectKeptAsCounted();
  });

  it('follows a section moved to another department, a course moved, and removals', async () => {
    await ctx.db
      .update(t.sections)
      .set({ courseId: art.courseId })
      .where(eq(t.sections.id, sectionIds[1]!));
    await expectKeptAsCounted();
    await ctx.db
      .update(t.courses)
      .set({ departmentId: art.departmentId })
      .where(eq(t.courses.id, bio.courseId));
    await expectKeptAsCounted();
    await ctx.db
      .update(t.courses)
      .set({ departmentId: bio.departmentId })
      .where(eq(t.courses.id, bio.courseId));
    await ctx.db.delete(t.sections).where(inArray(t.sections.id, sectionIds.slice(2, 4)));
    await expectKeptAsCounted();
  });

  it('gives a department submitter their department as counted, and a course grant its course', async () => {
    await addAccount(ctx.db, ctx.fixture.locations.a, 'bio.submitter@store-a.test', [
      { role: 'SUBMITTER', departmentId: bio.departmentId },
    ]);
    const submitter = await signIn(ctx, 'bio.submitter@store-a.test');
    const own = await summary(submitter);
    expect(own.length).toBeGreaterThan(0);
    expect(own).toEqual(await counted(sql`c.department_id = ${bio.departmentId}`));

    // A second ART course with a fall section: the department is more than the one course.
    const [other] = await ctx.db
      .insert(t.courses)
      .values({
        locationId: ctx.fixture.locations.a,
        divisionId: ctx.fixture.catalog.divisionId,
        departmentId: art.departmentId,
        code: '202',
        name: 'Course 202',
      })
      .returning({ id: t.courses.id });
    await ctx.db.insert(t.sections).values({
      locationId: ctx.fixture.locations.a,
      courseId: other!.id,
      termId: fall,
      code: '001',
      startDate: '2026-08-24',
      endDate: '2026-12-18',
    });
    await expectKeptAsCounted();
    const account = await addAccount(ctx.db, ctx.fixture.locations.a, 'art.course@store-a.test');
    await ctx.db.insert(t.userRoles).values({
      locationId: ctx.fixture.locations.a,
      accountId: account.id,
      roleId: await roleIdOf(ctx.db, 'SUBMITTER'),
      courseId: art.courseId,
    });
    const courseSubmitter = await signIn(ctx, 'art.course@store-a.test');
    const course = await summary(courseSubmitter);
    expect(course).toEqual(await counted(sql`s.course_id = ${art.courseId}`));
    expect(course).not.toEqual(await counted(sql`c.department_id = ${art.departmentId}`));
  });

  it('counts each adoption awaiting an answer once per term and division it covers', async () => {
    const before = (await fallFigures())!.adoptionsNeedingResponse;
    const [title] = await ctx.db
      .insert(t.titles)
      .values({ locationId: ctx.fixture.locations.a, ean13: '9780306406157', description: 'X' })
      .returning({ id: t.titles.id });
    const adoption = (courseId: number, adoptionType: 'AUTO_ADOPTION' | 'SECTION_ADOPTION') => ({
      locationId: ctx.fixture.locations.a,
      courseId,
      titleId: title!.id,
      adoptionType,
      startDate: '2026-08-24',
      createdBy: admin.accountId,
      messagingStatus: 'RESPONSE_REQUIRED',
    });
    // A course adoption covering BIO's fall sections, and one section's own adoption at ART.
    await ctx.db.insert(t.adoptionMaterials).values(adoption(bio.courseId, 'AUTO_ADOPTION'));
    const [own] = await ctx.db
      .insert(t.adoptionMaterials)
      .values(adoption(art.courseId, 'SECTION_ADOPTION'))
      .returning({ id: t.adoptionMaterials.id });
    await ctx.db
      .insert(t.adoptionMaterialSections)
      .values({ adoptionMaterialId: own!.id, sectionId: sectionIds[1]! });
    expect((await fallFigures())!.adoptionsNeedingResponse).toBe(before + 2);
    await expectKeptAsCounted();
  });
});
