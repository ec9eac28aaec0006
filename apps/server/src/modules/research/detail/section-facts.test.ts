import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdoption,
  modifyAdoption,
  postAdoptionMaterialMessage,
  removeAdoptionFromSection,
} from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  TODAY,
  day,
  wizardWorld,
  type WizardWorld,
} from '../../../test-support/adoption-wizard-world.ts';

const engines = await testEngines();

interface Facts {
  id: number;
  enrollment_count: number;
  listing_count: number;
  has_ntr: boolean;
  has_text: boolean;
  needs_response: boolean;
  professor_names: string;
}

/**
 * The kept facts of every section of store A next to a recount from the base tables by
 * coverage-sql.ts's rule, written independently of the triggers' SQL.
 */
async function keptAndRecounted(ctx: TestContext): Promise<{ kept: Facts[]; recount: Facts[] }> {
  const where = sql`s.location_id = ${ctx.fixture.locations.a}`;
  const kept = await queryRows<Facts>(
    ctx.db,
    sql`select id, enrollment_count, listing_count, has_ntr, has_text, needs_response,
        professor_names from sections s where ${where} order by id`,
  );
  const recount = await queryRows<Facts>(
    ctx.db,
    sql`with cover as (
        select ams.section_id, am.id, am.no_text_required, am.messaging_status
        from adoption_material_sections ams join adoption_materials am
          on am.id = ams.adoption_material_id
        where not ams.removed and am.active
        union
        select s.id, am.id, am.no_text_required, am.messaging_status
        from sections s join adoption_materials am on am.course_id = s.course_id
        where am.adoption_type = 'AUTO_ADOPTION' and am.active
      )
      select s.id,
        (select count(*) from enrollments e where e.section_id = s.id)::int as enrollment_count,
        (select count(*) from cover where cover.section_id = s.id)::int as listing_count,
        coalesce((select bool_or(no_text_required) from cover where cover.section_id = s.id), false) as has_ntr,
        coalesce((select bool_or(not no_text_required) from cover where cover.section_id = s.id), false) as has_text,
        coalesce((select bool_or(messaging_status = 'RESPONSE_REQUIRED') from cover
          where cover.section_id = s.id), false) as needs_response,
        coalesce((select string_agg(p.last_name || ', ' || p.first_name, '; '
          order by p.last_name, p.first_name, p.id)
          from section_professors sp join professors p on p.id = sp.professor_id
          where sp.section_id = s.id), '') as professor_names
      from sections s where ${where} order by s.id`,
  );
  return { kept, recount };
}

describe.each(engines)('sections keep their counts with the data (%s)', (engine) => {
  let ctx: TestContext;
  let w: WizardWorld;
  let studentIds: number[];

  const answers = {
    required: true,
    bindInComponentRequired: false,
    printOnlyRequired: false,
    flexibleOnEdition: false,
    ia: false,
    estimatedSectionEnrollment: 30,
    externalAdoptionNote: '',
    startDate: TODAY,
    expirationDate: day(120),
  };

  const expectInStep = async () => {
    const { kept, recount } = await keptAndRecounted(ctx);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recount);
    return Object.fromEntries(kept.map((f) => [f.id, f]));
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await wizardWorld(ctx);
    const rows = await ctx.db
      .insert(t.students)
      .values(
        ['Avery', 'Blake', 'Casey'].map((firstName, i) => ({
          locationId: ctx.fixture.locations.a,
          studentIdNum: `9000${i}`,
          firstName,
          lastName: 'Student',
          email: `${firstName}@store-a.test`,
        })),
      )
      .returning({ id: t.students.id });
    studentIds = rows.map((r) => r.id);
  });
  afterAll(async () => ctx?.close());

  it('counts enrollments inserted and deleted directly', async () => {
    await ctx.db.insert(t.enrollments).values(
      studentIds.map((studentId) => ({
        studentId,
        sectionId: w.sections.s001,
        locationId: ctx.fixture.locations.a,
      })),
    );
    expect((await expectInStep())[w.sections.s001]?.enrollment_count).toBe(3);
    await ctx.db
      .delete(t.enrollments)
      .where(
        and(
          eq(t.enrollments.sectionId, w.sections.s001),
          eq(t.enrollments.studentId, studentIds[0]!),
        ),
      );
    expect((await expectInStep())[w.sections.s001]?.enrollment_count).toBe(2);
  });

  it('keeps the professors sort key through assignments and renames', async () => {
    const [zed] = await ctx.db
      .insert(t.professors)
      .values({ locationId: ctx.fixture.locations.a, firstName: 'Zoe', lastName: 'Adams' })
      .returning({ id: t.professors.id });
    await ctx.db
      .insert(t.sectionProfessors)
      .values({ sectionId: w.sections.s001, professorId: zed!.id });
    expect((await expectInStep())[w.sections.s001]?.professor_names).toBe(
      'Adams, Zoe; Instructor, Ida',
    );
    await ctx.db
      .update(t.professors)
      .set({ lastName: 'Young' })
      .where(eq(t.professors.id, zed!.id));
    expect((await expectInStep())[w.sections.s001]?.professor_names).toBe(
      'Instructor, Ida; Young, Zoe',
    );
    await ctx.db.delete(t.sectionProfessors).where(eq(t.sectionProfessors.professorId, zed!.id));
    expect((await expectInStep())[w.sections.s001]?.professor_names).toBe('Instructor, Ida');
  });

  it('follows adoptions created, edited, messaged and removed through the endpoints', async () => {
    const made = await w.call(w.who.admin, createAdoption, {
      body: {
        adoptionCatalog: w.catalog,
        adoptionMaterial: { ...answers, titleId: w.titles.cells },
        sectionIdList: [w.sections.s001],
      },
    });
    expect(made.statusCode).toBe(200);
    const id = made.json<{ adoptionMaterial: { adoptionMaterialId: number } }>().adoptionMaterial
      .adoptionMaterialId;
    let facts = await expectInStep();
    expect(facts[w.sections.s001]).toMatchObject({ listing_count: 1, has_text: true });
    expect(facts[w.sections.s002]?.listing_count).toBe(0);

    const auto = await w.call(w.who.admin, createAdoption, {
      body: {
        adoptionCatalog: w.catalog,
        adoptionMaterial: { ...answers, titleId: w.titles.genes },
        autoAdopt: true,
      },
    });
    expect(auto.statusCode).toBe(200);
    facts = await expectInStep();
    expect(facts[w.sections.s001]?.listing_count).toBe(2);
    expect(facts[w.sections.s002]?.listing_count).toBe(1);
    // A section added later is covered by the course's auto adoption at once.
    const later = await w.addSection('009', 5);
    expect((await expectInStep())[later]?.listing_count).toBe(1);

    const moved = await w.call(w.who.admin, modifyAdoption, {
      body: { adoptionMaterial: { adoptionMaterialId: id }, sectionIdList: [w.sections.s002] },
    });
    expect(moved.statusCode).toBe(200);
    facts = await expectInStep();
    expect(facts[w.sections.s001]?.listing_count).toBe(1);
    expect(facts[w.sections.s002]?.listing_count).toBe(2);

    const asked = await w.call(w.who.admin, postAdoptionMaterialMessage, {
      body: { adoptionMaterialId: id, notifySubmitter: true, message: 'Which edition?' },
    });
    expect(asked.statusCode).toBe(200);
    expect((await expectInStep())[w.sections.s002]?.needs_response).toBe(true);

    const removed = await w.call(w.who.admin, removeAdoptionFromSection, {
      body: { adoptionMaterialId: id, sectionId: w.sections.s002, remove: true },
    });
    expect(removed.statusCode).toBe(200);
    facts = await expectInStep();
    expect(facts[w.sections.s002]).toMatchObject({ listing_count: 1, needs_response: false });
  });

  it('recounts after adoptions are switched off and deleted directly', async () => {
    await ctx.db.update(t.adoptionMaterials).set({ active: false });
    let facts = await expectInStep();
    expect(facts[w.sections.s001]?.listing_count).toBe(0);
    await ctx.db.update(t.adoptionMaterials).set({ active: true, noTextRequired: true });
    facts = await expectInStep();
    expect(facts[w.sections.s001]).toMatchObject({ has_ntr: true, has_text: false });
    await ctx.db.delete(t.adoptionActivity);
    await ctx.db.delete(t.adoptionMaterials);
    facts = await expectInStep();
    expect(Object.values(facts).every((f) => f.listing_count === 0)).toBe(true);
  });
});

// Two writers on one section at the same moment: only PostgreSQL has concurrent transactions
// (PGlite runs one statement at a time).
describe.runIf(engines.includes('postgres'))(
  'sections keep their counts under concurrent writers (postgres)',
  () => {
    let ctx: TestContext;
    let w: WizardWorld;

    beforeAll(async () => {
      ctx = await createTestApp('postgres');
      w = await wizardWorld(ctx);
    });
    afterAll(async () => ctx?.close());

    it('counts both of two enrolments committed while the other waited', async () => {
      const students = await ctx.db
        .insert(t.students)
        .values(
          ['Dana', 'Emery'].map((firstName, i) => ({
            locationId: ctx.fixture.locations.a,
            studentIdNum: `9100${i}`,
            firstName,
            lastName: 'Concurrent',
            email: `${firstName}@store-a.test`,
          })),
        )
        .returning({ id: t.students.id });
      const enrol = (studentId: number) => ({
        studentId,
        sectionId: w.sections.s003,
        locationId: ctx.fixture.locations.a,
      });
      const countNow = async () =>
        (
          await ctx.db
            .select({ n: t.sections.enrollmentCount })
            .from(t.sections)
            .where(eq(t.sections.id, w.sections.s003))
        )[0]?.n;
      const before = await countNow();
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let firstWrote: () => void = () => {};
      const wrote = new Promise<void>((resolve) => (firstWrote = resolve));

      const first = ctx.db.transaction(async (tx) => {
        await tx.insert(t.enrollments).values(enrol(students[0]!.id));
        firstWrote();
        await gate;
      });
      await wrote;
      const second = ctx.db.transaction(async (tx) => {
        await tx.insert(t.enrollments).values(enrol(students[1]!.id));
      });
      // The second writer's recount waits for the first's lock on the section...
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ n: number }>(
                ctx.db,
                sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
              )
            )[0]?.n,
          { timeout: 10_000 },
        )
        .toBe(1);
      // ...and, once the first commits, counts its row too.
      release();
      await Promise.all([first, second]);
      expect(await countNow()).toBe((before ?? 0) + 2);
    });
  },
);
