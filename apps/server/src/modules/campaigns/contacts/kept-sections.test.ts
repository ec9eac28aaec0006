import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDepartmentContacts, type DepartmentContact } from '@csp/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import * as t from '../../../db/schema/index.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  addCatalog,
  callAs,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();
/** Fall 2026 (24 Aug to 18 Dec) is under way; spring 2026 has ended. */
const NOW = new Date('2026-10-15T12:00:00Z');
const TODAY = '2026-10-15';

/** Each department's sections per term, counted from the sections themselves. */
const RECOUNT = sql`
  select c.department_id, s.term_id, count(*)::int as sections
  from sections s join courses c on c.id = s.course_id
  group by 1, 2 order by 1, 2`;
const KEPT = sql`
  select department_id, term_id, sections from department_term_sections
  where sections <> 0 order by 1, 2`;
const CURRENT_RECOUNT = sql`
  select d.id as department_id, count(s.id)::int as sections
  from departments d
  left join courses c on c.department_id = d.id
  left join sections s on s.course_id = c.id
    and s.term_id in (select id from terms where end_date >= ${TODAY}::date)
  group by d.id order by d.id`;

/**
 * The department contacts list reads each department's current sections from kept per-term
 * counts (migration 0042): after any change of the sections or courses, it shows what counting
 * the sections themselves gives.
 */
describe.each(engines)('department contacts: kept section counts (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let bio: { departmentId: number; courseId: number };
  let art: { departmentId: number; courseId: number };
  let currentTerm: number;
  let endedTerm: number;

  const shown = async () => {
    const res = await callAs(ctx, admin, getDepartmentContacts, { query: { pageSize: 100 } });
    expect(res.statusCode).toBe(200);
    const { departments } = res.json() as { departments: DepartmentContact[] };
    return departments
      .map((d) => ({ department_id: d.departmentId, sections: d.sections }))
      .sort((a, b) => a.department_id - b.department_id);
  };

  const expectKeptAsCounted = async () => {
    const kept = await queryRows<{ sections: number }>(ctx.db, KEPT);
    expect(kept.map((r) => ({ ...r, sections: Number(r.sections) }))).toEqual(
      await queryRows(ctx.db, RECOUNT),
    );
    const recounted = await queryRows<{ department_id: number }>(ctx.db, CURRENT_RECOUNT);
    const mine = new Set((await shown()).map((d) => d.department_id));
    expect(await shown()).toEqual(recounted.filter((r) => mine.has(r.department_id)));
  };

  const addSections = async (courseId: number, termId: number, codes: string[]) =>
    ctx.db
      .insert(t.sections)
      .values(
        codes.map((code) => ({
          locationId: ctx.fixture.locations.a,
          courseId,
          termId,
          code,
          startDate: '2026-08-24',
          endDate: '2026-12-18',
        })),
      )
      .returning({ id: t.sections.id });

  const sectionsOf = async (departmentId: number) =>
    (await shown()).find((d) => d.department_id === departmentId)?.sections;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => NOW });
    const { locations, catalog } = ctx.fixture;
    admin = await signIn(ctx, 'admin@store-a.test');
    const north = await addCatalog(ctx.db, locations.a, { departmentCode: 'ART' });
    const [bioCourse] = await ctx.db
      .select({ id: t.courses.id })
      .from(t.courses)
      .where(eq(t.courses.departmentId, catalog.departmentId));
    bio = { departmentId: catalog.departmentId, courseId: bioCourse!.id };
    art = { departmentId: north.departmentId, courseId: north.courseId };
    currentTerm = catalog.termId;
    const [ended] = await ctx.db
      .insert(t.terms)
      .values({
        locationId: locations.a,
        divisionId: catalog.divisionId,
        name: 'Spring 2026',
        startDate: '2026-01-12',
        endDate: '2026-05-08',
      })
      .returning({ id: t.terms.id });
    endedTerm = ended!.id;
  });
  afterAll(async () => ctx?.close());

  it('shows the sections of terms not yet ended, as counted, as sections are added', async () => {
    await expectKeptAsCounted();
    const before = await sectionsOf(bio.departmentId);
    await addSections(bio.courseId, currentTerm, ['101', '102', '103']);
    await addSections(bio.courseId, endedTerm, ['201', '202']);
    expect(await sectionsOf(bio.departmentId)).toBe(before! + 3);
    await expectKeptAsCounted();
  });

  it('follows a section moved to another course or term, a course moved, and removals', async () => {
    const [moving] = await addSections(bio.courseId, currentTerm, ['301']);
    const bioBefore = await sectionsOf(bio.departmentId);
    const artBefore = await sectionsOf(art.departmentId);
    await ctx.db
      .update(t.sections)
      .set({ courseId: art.courseId })
      .where(eq(t.sections.id, moving!.id));
    expect(await sectionsOf(bio.departmentId)).toBe(bioBefore! - 1);
    expect(await sectionsOf(art.departmentId)).toBe(artBefore! + 1);
    await expectKeptAsCounted();
    await ctx.db.update(t.sections).set({ termId: endedTerm }).where(eq(t.sections.id, moving!.id));
    expect(await sectionsOf(art.departmentId)).toBe(artBefore);
    await expectKeptAsCounted();
    const [bioBeforeMove, artBeforeMove] = [
      await sectionsOf(bio.departmentId),
      await sectionsOf(art.departmentId),
    ];
    await ctx.db
      .update(t.courses)
      .set({ departmentId: art.departmentId })
      .where(eq(t.courses.id, bio.courseId));
    const lost = bioBeforeMove! - (await sectionsOf(bio.departmentId))!;
    expect(lost).toBeGreaterThanOrEqual(4);
    expect(await sectionsOf(art.departmentId)).toBe(artBeforeMove! + lost);
    await expectKeptAsCounted();
    await ctx.db.delete(t.sections).where(eq(t.sections.courseId, bio.courseId));
    await ctx.db.delete(t.sections).where(inArray(t.sections.id, [moving!.id]));
    await expectKeptAsCounted();
  });

  it('keeps nothing of a change that was rolled back', async () => {
    const before = await queryRows(ctx.db, KEPT);
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(t.sections).values({
          locationId: ctx.fixture.locations.a,
          courseId: art.courseId,
          termId: currentTerm,
          code: '901',
          startDate: '2026-08-24',
          endDate: '2026-12-18',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queryRows(ctx.db, KEPT)).toEqual(before);
  });
});
