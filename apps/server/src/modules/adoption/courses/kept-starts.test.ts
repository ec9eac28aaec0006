import { catalogDateWindow } from '@csp/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../../db/schema/index.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { addCatalog } from '../../../test-support/permissions-test-support.ts';
import { listCourses } from './list-repository.ts';

const engines = await testEngines();

/** Days the default view is asked for: before, on and between the sections' starts. */
const DAYS = ['2026-06-01', '2026-12-01', '2027-01-10', '2027-01-11', '2027-01-12', '2027-03-02'];

/** Each course's distinct starts with the one before, counted from the sections. */
const RECOUNT = sql`
  select location_id, course_id, start_date::text as start_date,
    coalesce(lag(start_date) over (partition by course_id order by start_date), '-infinity')::text
      as prev_start
  from (select distinct location_id, course_id, start_date from sections) s
  order by course_id, start_date`;
const KEPT = sql`
  select location_id, course_id, start_date::text as start_date, prev_start::text as prev_start
  from course_starts order by course_id, start_date`;
const RECOUNTED_PAIRS = sql`
  with r as (${RECOUNT})
  select location_id, start_date, prev_start, count(*)::int as courses
  from r group by 1, 2, 3 order by 1, 2, 3`;
const KEPT_PAIRS = sql`
  select location_id, start_date::text as start_date, prev_start::text as prev_start, courses
  from course_start_counts order by 1, 2, 3`;

/**
 * The catalog's default view (no filters, by next start) reads the kept starts (ADR 0032): for
 * any day, after any change of the sections, it lists exactly the courses, next starts, section
 * counts and total that counting the sections themselves gives.
 */
describe.each(engines)('adoption: the catalog default view from kept starts (%s)', (engine) => {
  let ctx: TestContext;
  let locationId: number;
  let courses: Record<'alg' | 'bio' | 'chem' | 'draw', number>;
  let termId: number;

  /** Every course with a section starting in the day's window, by first such start, with its count. */
  const counted = async (day: string) => {
    const { from, to } = catalogDateWindow(undefined, undefined, day);
    return queryRows<{ course_id: number; next_start: string; sections: number }>(
      ctx.db,
      sql`select course_id, min(start_date)::text as next_start, count(*)::int as sections
          from sections
          where location_id = ${locationId} and start_date between ${from} and ${to}
          group by course_id order by 2, 1`,
    );
  };

  /** The default view, every page of two rows, for the day. */
  const listed = async (day: string) => {
    const { from, to } = catalogDateWindow(undefined, undefined, day);
    const rows: { course_id: number; next_start: string; sections: number }[] = [];
    const totals = new Set<number>();
    for (let page = 1; page < 50; page += 1) {
      const answer = await listCourses(ctx.db, {
        locationId,
        today: day,
        sectionScope: null,
        window: { from, to, open: true },
        actionType: 'ALL_COURSES',
        sortField: 'nextStartDate',
        sortDirection: 'asc',
        page,
        pageSize: 2,
      });
      totals.add(answer.recordCount);
      for (const c of answer.rows) {
        rows.push({ course_id: c.courseId, next_start: c.nextStartDate, sections: c.sectionCount });
      }
      if (answer.rows.length < 2) break;
    }
    return { rows, totals: [...totals] };
  };

  const expectKeptAsCounted = async () => {
    expect(await queryRows(ctx.db, KEPT)).toEqual(await queryRows(ctx.db, RECOUNT));
    expect(
      (await queryRows<{ courses: number }>(ctx.db, KEPT_PAIRS)).map((r) => ({
        ...r,
        courses: Number(r.courses),
      })),
    ).toEqual(await queryRows(ctx.db, RECOUNTED_PAIRS));
    for (const day of DAYS) {
      const expected = await counted(day);
      const shown = await listed(day);
      expect(shown.rows, day).toEqual(expected);
      expect(shown.totals, day).toEqual(expected.length > 0 ? [expected.length] : [0]);
    }
  };

  const addSection = async (courseId: number, code: string, startDate: string, endDate: string) =>
    ctx.db
      .insert(t.sections)
      .values({ locationId, courseId, termId, code, startDate, endDate })
      .returning({ id: t.sections.id });

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    locationId = ctx.fixture.locations.a;
    const extra = await addCatalog(ctx.db, locationId, {
      divisionId: ctx.fixture.catalog.divisionId,
      departmentCode: 'KEPT',
    });
    termId = ctx.fixture.catalog.termId;
    const course = async (code: string) =>
      (
        await ctx.db
          .insert(t.courses)
          .values({
            locationId,
            divisionId: extra.divisionId,
            departmentId: extra.departmentId,
            code,
            name: `Course ${code}`,
          })
          .returning({ id: t.courses.id })
      )[0]!.id;
    courses = {
      alg: await course('101'),
      bio: await course('102'),
      chem: await course('103'),
      draw: await course('104'),
    };
    // Two starts a day apart, two sections on one day, a course starting in the spring only.
    await addSection(courses.alg, '001', '2027-01-11', '2027-05-07');
    await addSection(courses.alg, '002', '2027-01-12', '2027-05-07');
    await addSection(courses.bio, '001', '2027-01-11', '2027-05-07');
    await addSection(courses.bio, '002', '2027-01-11', '2027-05-07');
    await addSection(courses.chem, '001', '2027-03-01', '2027-05-07');
    await addSection(courses.chem, '002', '2026-06-15', '2026-08-07');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists from the kept starts what the sections say, on every day asked', async () => {
    const [today] = await counted('2026-12-01');
    expect(today).toBeDefined();
    await expectKeptAsCounted();
  });

  it('follows sections added, moved to another day or course, and removed', async () => {
    const [early] = await addSection(courses.draw, '005', '2026-12-01', '2027-05-07');
    await expectKeptAsCounted();
    await ctx.db
      .update(t.sections)
      .set({ startDate: '2027-01-10' })
      .where(eq(t.sections.id, early!.id));
    await expectKeptAsCounted();
    await ctx.db
      .update(t.sections)
      .set({ courseId: courses.chem })
      .where(eq(t.sections.id, early!.id));
    await expectKeptAsCounted();
    await ctx.db.delete(t.sections).where(eq(t.sections.courseId, courses.bio));
    await expectKeptAsCounted();
    await ctx.db.delete(t.sections).where(inArray(t.sections.id, [early!.id]));
    await expectKeptAsCounted();
  });

  it('keeps nothing of a change that was rolled back, and refuses a section ending before it starts', async () => {
    const before = await queryRows(ctx.db, KEPT);
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(t.sections).values({
          locationId,
          courseId: courses.draw,
          termId,
          code: '009',
          startDate: '2026-12-02',
          endDate: '2027-05-07',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queryRows(ctx.db, KEPT)).toEqual(before);
    await expect(addSection(courses.draw, '010', '2027-02-01', '2027-01-31')).rejects.toThrow();
    await expectKeptAsCounted();
  });
});
