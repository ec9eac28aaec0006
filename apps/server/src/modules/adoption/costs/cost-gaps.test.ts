import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getCostDesignationShares,
  getCostGaps,
  getCourseCostGaps,
  type CostGapCourse,
  type CostGapsAnswer,
} from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import * as t from '../../../db/schema/index.ts';
import type { CostWorld } from '../../../test-support/cost-world.ts';
import { costGapsWorld, type CostGapsWorld } from '../../../test-support/cost-gaps-world.ts';
import {
  addCatalog,
  callAs,
  roleIdOf,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';

const engines = await testEngines();

/**
 * Cost gaps between the sections of one course (issue 31, point 5;
 * docs/behaviour/flows.md#cost-transparency) and the dashboard's designation shares.
 */
describe.each(engines)('cost gaps between sections (%s)', (engine) => {
  let ctx: TestContext;
  let w: CostWorld;
  let ids: CostGapsWorld['ids'];
  let admin: Caller;
  let storeB: Caller;
  let narrow: Caller;

  const courseCode = async (courseId: number) => {
    const [row] = await ctx.db
      .select({ code: t.courses.code })
      .from(t.courses)
      .where(eq(t.courses.id, courseId));
    return row!.code;
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    ({ w, ids, admin, narrow, storeB } = await costGapsWorld(ctx));
  });
  afterAll(async () => ctx?.close());

  const report = async (who: Caller = admin, query: Record<string, number> = {}) => {
    const res = await callAs(ctx, who, getCostGaps, {
      query: { termId: ctx.fixture.catalog.termId, ...query },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CostGapsAnswer>();
  };
  const courseOf = (answer: CostGapsAnswer, courseId: number): CostGapCourse | undefined =>
    answer.courses.find((c) => c.courseId === courseId);

  it('answers a section a cent over the threshold, naming the cheapest; exactly the threshold is no gap', async () => {
    const answer = await report();
    expect(answer.thresholdCents).toBe(5_000);
    const over = courseOf(answer, ids.over)!;
    expect(over).toMatchObject({
      sectionCount: 2, // 003 has no adoption yet: not compared
      lowestCents: 2_000,
      highestCents: 7_001,
      cheapest: { sectionId: ids.over1, sectionCode: '001', lowCents: 2_000, designation: 'LTC' },
      gaps: [
        {
          sectionId: ids.over2,
          sectionCode: '002',
          costDiffers: true,
          differenceCents: 5_001,
          materialsDiffer: false,
          designation: 'NONE',
        },
      ],
    });
  });

  it('answers sections whose required titles differ at the same cost', async () => {
    const materials = courseOf(await report(), ids.materials)!;
    expect(materials.cheapest.sectionId).toBe(ids.mat1);
    expect(materials.gaps).toEqual([
      expect.objectContaining({
        sectionId: ids.mat2,
        costDiffers: false,
        differenceCents: 0,
        materialsDiffer: true,
      }),
    ]);
  });

  it('compares an unknown cost by its materials only, and names no gap where no cost is known', async () => {
    const answer = await report();
    const unknown = courseOf(answer, ids.unknown)!;
    expect(unknown.gaps).toEqual([
      expect.objectContaining({
        sectionId: ids.unk2,
        lowCents: null,
        costDiffers: false,
        differenceCents: null,
        materialsDiffer: true,
      }),
    ]);
    expect(courseOf(answer, ids.allUnknown)).toBeUndefined();
    expect(courseOf(answer, ids.ntr)).toBeUndefined();
    expect(courseOf(answer, ids.exact)).toBeUndefined();
  });

  it("follows the store's threshold", async () => {
    await ctx.db
      .update(t.locations)
      .set({ costGapThresholdCents: 5_001 })
      .where(eq(t.locations.id, w.locationId));
    expect(courseOf(await report(), ids.over)).toBeUndefined();
    await ctx.db
      .update(t.locations)
      .set({ costGapThresholdCents: 5_000 })
      .where(eq(t.locations.id, w.locationId));
  });

  it("answers one course's gaps for course detail", async () => {
    const code = await courseCode(ids.over);
    const res = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getCourseCostGaps.path, {
        userAccountId: admin.accountId,
        divisionId: ctx.fixture.catalog.divisionId,
        departmentCode: 'BIO',
        courseCode: code,
      }),
      headers: authHeaders(admin.host, admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<CostGapsAnswer>();
    expect(answer.courses.map((c) => [c.courseId, c.termId])).toEqual([
      [ids.over, ctx.fixture.catalog.termId],
    ]);
  });

  it('leaves out sections outside the caller’s scope: the cheapest they cannot see is never named', async () => {
    // "over" has one section in their scope: nothing to compare it with.
    expect((await report(narrow)).courses).toEqual([]);

    // A course of another term (the fixture term's counts stay as they are) whose cheapest
    // section, $0 as OER, is outside their scope; of the two they see, 003 ($30 bought) is the
    // cheapest and 002 ($90 as inclusive access, the same title) is $60 above it. Chosen over
    // every section, the cheapest would be 001 and 002's difference $90.
    const physics = await addCatalog(ctx.db, w.locationId, {
      divisionId: ctx.fixture.catalog.divisionId,
      departmentCode: 'PHYS',
    });
    const [term] = await ctx.db
      .select({ id: t.sections.termId })
      .from(t.sections)
      .where(eq(t.sections.id, physics.sectionId));
    const inTerm = async (code: string) => {
      const [row] = await ctx.db
        .insert(t.sections)
        .values({
          locationId: w.locationId,
          courseId: physics.courseId,
          termId: term!.id,
          code,
          startDate: '2027-01-11',
          endDate: '2027-05-07',
        })
        .returning({ id: t.sections.id });
      return row!.id;
    };
    const outside = await inTerm('001');
    const dear = physics.sectionId; // 002
    const cheapest = await inTerm('003');
    const book = await w.title('Mechanics', { list: 3_000, digital: 9_000 });
    const courseId = physics.courseId;
    await w.adopt({ courseId, sectionIds: [outside], titleId: book, kind: 'OER' });
    await w.adopt({ courseId, sectionIds: [dear], titleId: book, kind: 'INCLUSIVE_ACCESS' });
    await w.adopt({ courseId, sectionIds: [cheapest], titleId: book });
    const submitter = await roleIdOf(ctx.db, 'SUBMITTER');
    await ctx.db.insert(t.userRoles).values(
      [dear, cheapest].map((sectionId) => ({
        locationId: w.locationId,
        accountId: ctx.fixture.accounts.submitterUnscoped.id,
        roleId: submitter,
        sectionId,
      })),
    );

    const answer = await report(narrow, { termId: term!.id });
    expect(answer.courses).toHaveLength(1);
    expect(answer.courses[0]).toMatchObject({
      courseId,
      sectionCount: 2,
      lowestCents: 3_000,
      highestCents: 9_000,
      cheapest: { sectionId: cheapest, sectionCode: '003', lowCents: 3_000 },
      gaps: [{ sectionId: dear, costDiffers: true, differenceCents: 6_000 }],
    });
    expect(answer.courses[0]!.gaps).toHaveLength(1);
    const named = answer.courses.flatMap((c) => [c.cheapest, ...c.gaps].map((x) => x.sectionId));
    expect(named).not.toContain(outside);
    // Everyone's cheapest is the $0 section they cannot see.
    const all = courseOf(await report(admin, { termId: term!.id }), courseId);
    expect(all?.cheapest.sectionId).toBe(outside);
  });

  it("answers another store's term and department as not found", async () => {
    const res = await callAs(ctx, storeB, getCostGaps, {
      query: { termId: ctx.fixture.catalog.termId },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ field: 'termId' });
    const [otherDepartment] = await ctx.db
      .insert(t.departments)
      .values({
        locationId: w.locationId,
        divisionId: ctx.fixture.catalog.divisionId,
        code: 'ART',
        name: 'Art',
      })
      .returning({ id: t.departments.id });
    const none = await callAs(ctx, admin, getCostGaps, {
      query: { termId: ctx.fixture.catalog.termId, departmentId: otherDepartment!.id },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ field: 'departmentId' });
  });

  it("answers the term's zero and low textbook cost shares from the kept designations", async () => {
    const [all] = await queryRows<{ n: unknown }>(
      ctx.db,
      sql`select count(*) as n from sections where term_id = ${ctx.fixture.catalog.termId}`,
    );
    const total = Number(all!.n);
    const res = await callAs(ctx, admin, getCostDesignationShares, {
      query: { divisionId: ctx.fixture.catalog.divisionId, termId: ctx.fixture.catalog.termId },
    });
    expect(res.statusCode, res.body).toBe(200);
    // ZTC: the two "ntr" sections. LTC ($20 each): exact 001, over 001, materials 001 and 002,
    // unknown 001.
    expect(res.json()).toMatchObject({ sectionCount: total, ztcCount: 2, ltcCount: 5 });
    expect(res.json<{ ztcPercentage: number }>().ztcPercentage).toBe(
      Math.round((2 * 1000) / total) / 10,
    );
  });
});
