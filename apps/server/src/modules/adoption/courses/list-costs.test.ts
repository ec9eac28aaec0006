import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseCostMark,
  getCourseList,
  setSectionDesignation,
  type CourseDTO,
  type CourseListRequest,
} from '@csp/contracts';
import { eq } from 'drizzle-orm';
import * as t from '../../../db/schema/index.ts';
import { costWorld } from '../../../test-support/cost-world.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  addCatalog,
  callAs,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();
/** The store's today: the catalog's window runs 2026-12-01 .. 2027-06-06. */
const NOW = new Date('2026-12-01T15:00:00Z');
const IN_WINDOW = { startDate: '2027-01-11', endDate: '2027-05-07' };
const AFTER_WINDOW = { startDate: '2027-08-23', endDate: '2027-12-17' };

/** A section's materials: no text (ZTC), a $20-$30 book, an $85 one, none; AFTER: ZTC after the window. */
type Cost = 'ZTC' | 'LTC' | 'DEAR' | 'BARE' | 'AFTER';

/** The catalog's textbook cost figures, mark and filter (issue 31, point 3). */
describe.each(engines)('adoption: the catalog by textbook cost (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let submitter: Caller;
  let storeB: Caller;
  let divisionId: number;
  let storeBDivisionId: number;

  const list = async (body: CourseListRequest, who: Caller = admin) => {
    const res = await callAs(ctx, who, getCourseList, { body });
    return {
      status: res.statusCode,
      body: res.json<{ courseDTOList: CourseDTO[]; recordCount: number }>(),
    };
  };
  const ok = async (body: CourseListRequest, who: Caller = admin) => {
    const res = await list(body, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const codes = (page: { courseDTOList: CourseDTO[] }) =>
    page.courseDTOList.map((c) => c.courseCode).sort();

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => NOW });
    const { db, fixture } = ctx;
    const c = costWorld(ctx);
    const extra = await addCatalog(db, fixture.locations.a, {
      divisionName: 'Cost Division',
      departmentCode: 'ECO',
    });
    divisionId = extra.divisionId;
    // addCatalog's term (Spring 2027, in the window).
    const [section] = await db
      .select({ termId: t.sections.termId })
      .from(t.sections)
      .where(eq(t.sections.id, extra.sectionId));
    const termId = section!.termId;
    const book = await c.title('Field Guide', { list: 3_000, rental: 2_000 });
    const tome = await c.title('Campbell Biology', { list: 8_500 });
    const course = async (code: string, costs: Cost[], departmentId = extra.departmentId) => {
      const [row] = await db
        .insert(t.courses)
        .values({
          locationId: c.locationId,
          divisionId,
          departmentId,
          code,
          name: `Course ${code}`,
        })
        .returning({ id: t.courses.id });
      const courseId = row!.id;
      const ids: number[] = [];
      for (const [i, cost] of costs.entries()) {
        const dates = cost === 'AFTER' ? AFTER_WINDOW : IN_WINDOW;
        const [s] = await db
          .insert(t.sections)
          .values({ locationId: c.locationId, courseId, termId, code: `0${i}`, ...dates })
          .returning({ id: t.sections.id });
        ids.push(s!.id);
        const sectionIds = [s!.id];
        if (cost === 'ZTC' || cost === 'AFTER')
          await c.adopt({ courseId, sectionIds, noTextRequired: true });
        if (cost === 'LTC') await c.adopt({ courseId, sectionIds, titleId: book });
        if (cost === 'DEAR') await c.adopt({ courseId, sectionIds, titleId: tome });
      }
      return ids;
    };
    await course('ALLZ', ['ZTC', 'ZTC']);
    await course('LOWS', ['ZTC', 'LTC']);
    await course('MIXZ', ['ZTC', 'DEAR']);
    await course('MIXL', ['LTC', 'BARE']);
    await course('DEAR', ['DEAR']);
    // A zero-cost section after the window is not one the row speaks for.
    await course('LATE', ['AFTER', 'BARE']);
    // The store's override is what a section shows: a section with no adoption made LTC.
    const [bare] = await course('OVER', ['BARE']);
    const set = await callAs(
      ctx,
      await signIn(ctx, fixture.accounts.admin.userName),
      setSectionDesignation,
      {
        body: { sectionId: bare!, designation: 'LTC', reason: 'Course pack under $20' },
      },
    );
    expect(set.statusCode, set.body).toBe(200);
    // In the department submitter's own department: the only one of these in their scope.
    await course('SCOP', ['ZTC'], fixture.catalog.departmentId);
    // Store B's course materials team adopts in its own store only, over its own bare section.
    storeBDivisionId = (await addCatalog(db, fixture.locations.b, { departmentCode: 'ECO' }))
      .divisionId;
    const [cma] = await db
      .select({ id: t.roles.id })
      .from(t.roles)
      .where(eq(t.roles.name, 'CMA_MEMBER'));
    await db.insert(t.userRoles).values({
      locationId: fixture.locations.b,
      accountId: fixture.accounts.storeB.id,
      roleId: cma!.id,
    });
    admin = await signIn(ctx, fixture.accounts.admin.userName);
    submitter = await signIn(ctx, fixture.accounts.submitterDepartment.userName);
    storeB = await signIn(ctx, fixture.accounts.storeB.userName, 'store-b.test');
  });
  afterAll(async () => ctx?.close());

  it('counts each course’s zero- and low-cost sections in the window, in every order', async () => {
    const expected = {
      ALLZ: [2, 2, 0, 'ZTC'],
      LOWS: [2, 1, 1, 'LTC'],
      MIXZ: [2, 1, 0, 'SOME_ZTC'],
      MIXL: [2, 0, 1, 'SOME_LTC'],
      DEAR: [1, 0, 0, null],
      LATE: [1, 0, 0, null],
      // addCatalog's own course, its section bare.
      201: [1, 0, 0, null],
      OVER: [1, 0, 1, 'LTC'],
      SCOP: [1, 1, 0, 'ZTC'],
    };
    // The default view reads its page from the kept starts; a code order cuts it otherwise.
    for (const body of [{}, { sortField: 'courseCode' as const, divisionId }]) {
      const rows = (await ok({ ...body, coursesPerPage: 100 })).courseDTOList;
      const seen = Object.fromEntries(
        rows
          .filter((r) => r.divisionId === divisionId)
          .map((r) => [
            r.courseCode,
            [r.sectionCount, r.ztcSectionCount, r.ltcSectionCount, courseCostMark(r)],
          ]),
      );
      expect(seen, JSON.stringify(body)).toEqual(expected);
    }
  });

  it('lists the courses with a counted section of the designation, counted and paged', async () => {
    const cases = [
      ['ZTC', ['ALLZ', 'LOWS', 'MIXZ', 'SCOP']],
      ['LTC', ['LOWS', 'MIXL', 'OVER']],
      ['NONE', ['201', 'DEAR', 'LATE', 'MIXL', 'MIXZ']],
    ] as const;
    for (const [costDesignation, expected] of cases) {
      const page = await ok({ costDesignation, divisionId, coursesPerPage: 100 });
      expect(codes(page), costDesignation).toEqual(expected);
      expect(page.recordCount).toBe(expected.length);
      const byCode = { costDesignation, divisionId, sortField: 'courseCode' } as const;
      const whole = (await ok({ ...byCode, coursesPerPage: 100 })).courseDTOList;
      const second = await ok({ ...byCode, coursesPerPage: 2, page: 2 });
      expect(second.recordCount).toBe(expected.length);
      expect(second.courseDTOList).toEqual(whole.slice(2, 4));
    }
    // With the deadline filter too, and in the default view's order without a division.
    const both = await ok({ costDesignation: 'NONE', deadlineStatus: 'OPEN', coursesPerPage: 100 });
    expect(codes(both)).toEqual(['201', 'LATE', 'MIXL']);
    const anyDivision = await ok({ costDesignation: 'LTC', coursesPerPage: 100 });
    expect(codes(anyDivision)).toEqual(['LOWS', 'MIXL', 'OVER']);
  });

  it("keeps to the caller's adopt scope and store", async () => {
    expect(codes(await ok({ costDesignation: 'ZTC', coursesPerPage: 100 }, submitter))).toEqual([
      'SCOP',
    ]);
    expect(codes(await ok({ costDesignation: 'LTC' }, submitter))).toEqual([]);
    const b = await ok({ costDesignation: 'NONE' }, storeB);
    expect(b.courseDTOList.map((course) => course.divisionId)).toEqual([storeBDivisionId]);
    expect((await ok({ costDesignation: 'ZTC' }, storeB)).recordCount).toBe(0);
  });

  it('refuses a designation that is not one, naming the field', async () => {
    for (const costDesignation of ['FREE', 'ltc', '']) {
      const res = await list({ costDesignation } as unknown as CourseListRequest);
      expect(res.status, costDesignation).toBe(400);
      expect(res.body).toMatchObject({ field: 'costDesignation' });
    }
  });
});
