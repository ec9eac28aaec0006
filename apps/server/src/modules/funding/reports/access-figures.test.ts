import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../../db/schema/index.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { one } from '../../../test-support/one-row.ts';
import {
  day,
  fundingOrderWorld,
  type FundingOrderWorld,
} from '../../../test-support/funding-order-world.ts';

const engines = await testEngines();

/**
 * Every student's access figures per term counted from the base tables by the report's own
 * rule, without the kept section requirements: the section's adoptions not removed from it and
 * the course's auto adoptions (active, required, of a catalog title, not no-text-required),
 * each title once per student and term, and what the student has of it in an order not
 * cancelled.
 */
const RECOUNT = sql`
  with mine as (
    select e.student_id, s.id as section_id, s.course_id, s.term_id, s.location_id
    from enrollments e join sections s on s.id = e.section_id
  ),
  required as (
    select m.student_id, m.term_id, am.title_id
    from mine m
      join adoption_material_sections ams on ams.section_id = m.section_id and not ams.removed
      join adoption_materials am on am.id = ams.adoption_material_id
    where am.active and am.required and am.title_id is not null and not am.no_text_required
    union
    select m.student_id, m.term_id, am.title_id
    from mine m join adoption_materials am on am.course_id = m.course_id
    where am.adoption_type = 'AUTO_ADOPTION' and am.location_id = m.location_id and am.active
      and am.required and am.title_id is not null and not am.no_text_required
  ),
  held as (
    select r.*,
      exists (select 1 from order_items oi join orders o on o.id = oi.order_id
              where o.student_id = r.student_id and o.status <> 'CANCELLED'
                and oi.title_id = r.title_id and oi.status = 'FULFILLED') as fulfilled,
      exists (select 1 from order_items oi join orders o on o.id = oi.order_id
              where o.student_id = r.student_id and o.status <> 'CANCELLED'
                and oi.title_id = r.title_id and oi.status = 'PENDING') as pending
    from required r
  )
  select term_id, student_id, count(*)::int as required,
    count(*) filter (where not fulfilled and not pending)::int as not_ordered,
    count(*) filter (where not fulfilled and pending)::int as pending,
    count(*) filter (where fulfilled)::int as fulfilled
  from held group by term_id, student_id order by term_id, student_id`;

const KEPT = sql`
  select term_id, student_id, required_count as required, not_ordered_count as not_ordered,
    pending_count as pending, fulfilled_count as fulfilled
  from student_term_access order by term_id, student_id`;

type Figures = { term_id: number; student_id: number } & Record<
  'required' | 'not_ordered' | 'pending' | 'fulfilled',
  number
>;

describe.each(engines)('kept student access figures (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingOrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingOrderWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const rows = async (query: typeof KEPT) =>
    (await queryRows<Figures>(ctx.db, query)).map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])),
    ) as Figures[];

  /** The kept figures equal the recount; answers the student's figures for the fall term. */
  async function expectKeptEqualsRecount(studentId: number) {
    const kept = await rows(KEPT);
    expect(kept).toEqual(await rows(RECOUNT));
    return kept.find((r) => r.student_id === studentId && r.term_id === w.fallTerm);
  }

  it('equal a recount from the base tables after orders, enrolments and adoptions change', async () => {
    const student = await w.newStudent();
    // Enrolled in 001 and 002: biology, the lab manual and chemistry (once for both).
    expect(await expectKeptEqualsRecount(student)).toMatchObject({
      required: 3,
      not_ordered: 3,
      fulfilled: 0,
    });

    const order = await w.addOrder(student, 'OPEN', [{ title: 'biology', type: 'BUY_NEW' }]);
    expect(await expectKeptEqualsRecount(student)).toMatchObject({ not_ordered: 2, pending: 1 });

    await ctx.db
      .update(t.orderItems)
      .set({ status: 'FULFILLED' })
      .where(eq(t.orderItems.orderId, order));
    expect(await expectKeptEqualsRecount(student)).toMatchObject({ pending: 0, fulfilled: 1 });

    await ctx.db.update(t.orders).set({ status: 'CANCELLED' }).where(eq(t.orders.id, order));
    expect(await expectKeptEqualsRecount(student)).toMatchObject({ not_ordered: 3, fulfilled: 0 });

    // Chemistry (adopted for 001 and for 002) taken off both sections, then put back not
    // required.
    const chemistry = sql`${t.adoptionMaterialSections.adoptionMaterialId} in
      (select id from adoption_materials where title_id = ${w.titles.chemistry})`;
    await ctx.db.update(t.adoptionMaterialSections).set({ removed: true }).where(chemistry);
    expect(await expectKeptEqualsRecount(student)).toMatchObject({ required: 2 });
    await ctx.db.update(t.adoptionMaterialSections).set({ removed: false }).where(chemistry);
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ required: false })
      .where(eq(t.adoptionMaterials.titleId, w.titles.chemistry));
    expect(await expectKeptEqualsRecount(student)).toMatchObject({ required: 2 });

    // A course-wide (auto) adoption of the elective, required: every section of the course.
    one(
      await ctx.db
        .insert(t.adoptionMaterials)
        .values({
          locationId: w.storeA,
          courseId: ctx.fixture.catalog.courseId,
          titleId: w.electiveTitle,
          adoptionType: 'AUTO_ADOPTION',
          startDate: day(-30),
          required: true,
        })
        .returning({ id: t.adoptionMaterials.id }),
    );
    expect(await expectKeptEqualsRecount(student)).toMatchObject({ required: 3 });

    // Unenrolled from 001 and 002: nothing of the fall term is required of them any more.
    await ctx.db
      .delete(t.enrollments)
      .where(
        and(
          eq(t.enrollments.studentId, student),
          sql`${t.enrollments.sectionId} in (${w.sections.s001}, ${w.sections.s002})`,
        ),
      );
    expect(await expectKeptEqualsRecount(student)).toBeUndefined();
  });

  it('follow a deleted order and an order moved to another student', async () => {
    const [first, second] = [await w.newStudent(), await w.newStudent()];
    const order = await w.addOrder(first, 'FULFILLED', [{ title: 'biology', type: 'BUY_NEW' }]);
    await ctx.db
      .update(t.orderItems)
      .set({ status: 'FULFILLED' })
      .where(eq(t.orderItems.orderId, order));
    expect(await expectKeptEqualsRecount(first)).toMatchObject({ fulfilled: 1 });

    await ctx.db.update(t.orders).set({ studentId: second }).where(eq(t.orders.id, order));
    expect(await expectKeptEqualsRecount(first)).toMatchObject({ fulfilled: 0 });
    expect(await expectKeptEqualsRecount(second)).toMatchObject({ fulfilled: 1 });

    await ctx.db.delete(t.orders).where(eq(t.orders.id, order));
    expect(await expectKeptEqualsRecount(second)).toMatchObject({ fulfilled: 0 });
  });
});
