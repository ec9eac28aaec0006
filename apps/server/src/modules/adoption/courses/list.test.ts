import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAdoptionCourses,
  getAdoptionDepartments,
  getAdoptionDivisions,
  getCourseList,
  type CourseDTO,
  type CourseListRequest,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { FIXTURE_HOSTS } from '../../../test-support/test-fixture.ts';
import {
  addCatalog,
  callAs,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();
/** The store's today in these tests: the window runs 2026-12-01 .. 2027-06-06. */
const NOW = new Date('2026-12-01T15:00:00Z');

/**
 * The course catalog (/adopt): which courses a caller sees, what each row says, and how the
 * filters, search, sort and paging behave.
 */
describe.each(engines)('adoption: the course catalog (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let departmentSubmitter: Caller;
  let instructor: Caller;
  let storeB: Caller;
  let geo: { divisionId: number; departmentId: number };

  const list = async (caller: Caller, body: CourseListRequest = {}) => {
    const res = await callAs(ctx, caller, getCourseList, { body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ courseDTOList: CourseDTO[]; recordCount: number }>();
  };
  const codes = (page: { courseDTOList: CourseDTO[] }) =>
    page.courseDTOList.map((c) => `${c.departmentCode} ${c.courseCode}`);

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => NOW });
    const { locations, catalog } = ctx.fixture;
    const db = ctx.db;
    // GEO 201 "Course 201": one section starting 2027-01-11, nothing adopted.
    const extra = await addCatalog(db, locations.a, {
      divisionId: catalog.divisionId,
      departmentCode: 'GEO',
      departmentName: 'Geology',
    });
    geo = { divisionId: extra.divisionId, departmentId: extra.departmentId };
    const [term] = await db
      .select({ id: t.terms.id })
      .from(t.terms)
      .where((await import('drizzle-orm')).eq(t.terms.divisionId, catalog.divisionId))
      .limit(1);
    const course = async (code: string, name: string, sections: [string, string][]) => {
      const [row] = await db
        .insert(t.courses)
        .values({
          locationId: locations.a,
          divisionId: catalog.divisionId,
          departmentId: extra.departmentId,
          code,
          name,
        })
        .returning({ id: t.courses.id });
      const ids: number[] = [];
      for (const [i, [startDate, endDate]] of sections.entries()) {
        const [s] = await db
          .insert(t.sections)
          .values({
            locationId: locations.a,
            courseId: row!.id,
            termId: term!.id,
            code: `00${i + 1}`,
            startDate,
            endDate,
          })
          .returning({ id: t.sections.id });
        ids.push(s!.id);
      }
      return { courseId: row!.id, sectionIds: ids };
    };
    const [title] = await db
      .insert(t.titles)
      .values({ locationId: locations.a, ean13: '9780306406157', description: 'Rocks' })
      .returning({ id: t.titles.id });
    const adopt = async (
      courseId: number,
      sectionIds: number[],
      opts: { ntr?: boolean; status?: string; auto?: boolean } = {},
    ) => {
      const [row] = await db
        .insert(t.adoptionMaterials)
        .values({
          locationId: locations.a,
          courseId,
          titleId: opts.ntr ? null : title!.id,
          adoptionType: opts.auto ? 'AUTO_ADOPTION' : 'SECTION_ADOPTION',
          startDate: '2026-11-01',
          noTextRequired: opts.ntr ?? false,
          messagingStatus: opts.status ?? 'NONE',
        })
        .returning({ id: t.adoptionMaterials.id });
      if (sectionIds.length > 0)
        await db
          .insert(t.adoptionMaterialSections)
          .values(sectionIds.map((sectionId) => ({ adoptionMaterialId: row!.id, sectionId })));
    };
    // GEO 110: two sections in the window, one adopted by a section adoption, the other by a
    // course (auto) adoption; the section adoption awaits a response.
    const rocks = await course('110', 'Rocks and Minerals', [
      ['2026-12-10', '2027-03-01'],
      ['2027-01-15', '2027-04-01'],
    ]);
    await adopt(rocks.courseId, [rocks.sectionIds[0]!], { status: 'RESPONSE_REQUIRED' });
    // GEO 120: no text required for its only section.
    const field = await course('120', 'Field Methods', [['2027-02-01', '2027-05-01']]);
    await adopt(field.courseId, field.sectionIds, { ntr: true });
    // GEO 130: starts after the window. GEO 140: ended before today.
    await course('130', 'Volcanoes of the World', [['2027-09-01', '2027-12-01']]);
    await course('140', 'Glaciers', [['2026-02-01', '2026-05-01']]);
    // An auto adoption covering GEO 110's second section (and any other of the course).
    await adopt(rocks.courseId, [], { auto: true });

    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    departmentSubmitter = await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName);
    instructor = await signIn(ctx, ctx.fixture.accounts.instructor.userName);
    storeB = await signIn(ctx, ctx.fixture.accounts.storeB.userName, FIXTURE_HOSTS.b);
  });
  afterAll(() => ctx?.close());

  it('lists, by default, the courses with open sections starting today to 187 days ahead, by next start date', async () => {
    const page = await list(admin);
    expect(codes(page)).toEqual(['GEO 110', 'GEO 201', 'GEO 120']);
    expect(page.recordCount).toBe(3);
    const [rocks, course201, field] = page.courseDTOList;
    expect(rocks).toMatchObject({
      courseName: 'Rocks and Minerals',
      departmentName: 'Geology',
      nextStartDate: '2026-12-10',
      adoptionStatus: 'complete',
      responseRequired: true,
      sectionCount: 2,
      adoptedSectionCount: 2,
      noTextRequiredSectionCount: 0,
    });
    expect(course201).toMatchObject({ adoptionStatus: 'incomplete', responseRequired: false });
    expect(field).toMatchObject({ adoptionStatus: 'complete', noTextRequiredSectionCount: 1 });
  });

  it('filters by what the courses still need', async () => {
    const by = async (actionType: CourseListRequest['actionType']) =>
      codes(await list(admin, { actionType }));
    expect(await by('NEEDS_ADOPTION')).toEqual(['GEO 201']);
    expect(await by('ADOPTED')).toEqual(['GEO 110']);
    expect(await by('NO_TEXT_REQUIRED')).toEqual(['GEO 120']);
    expect(await by('RESPONSE_REQUIRED')).toEqual(['GEO 110']);
    // The question is on GEO 110's December section: a window without it shows no response
    // needed (the row speaks for the sections it counts).
    const january = await list(admin, {
      sectionStartDate: '2027-01-01',
      sectionEndDate: '2027-01-31',
    });
    expect(january.courseDTOList.find((c) => c.courseCode === '110')).toMatchObject({
      responseRequired: false,
      sectionCount: 1,
    });
  });

  it('filters by division, department and course', async () => {
    expect(
      codes(
        await list(admin, { divisionId: geo.divisionId, departmentCode: 'GEO', courseCode: '201' }),
      ),
    ).toEqual(['GEO 201']);
    expect(codes(await list(admin, { divisionId: geo.divisionId, departmentCode: 'BIO' }))).toEqual(
      [],
    );
  });

  it('takes a date window: PENDING when no section starts today or later; open leaves out ended sections', async () => {
    const past = { sectionStartDate: '2026-01-01', sectionEndDate: '2026-03-01' };
    const closed = await list(admin, { ...past, open: false });
    expect(codes(closed)).toEqual(['GEO 140']);
    expect(closed.courseDTOList[0]).toMatchObject({ nextStartDate: 'PENDING', sectionCount: 1 });
    expect(codes(await list(admin, { ...past, open: true }))).toEqual([]);
    // BIO 101's section started before today: only a window reaching back lists it.
    expect(codes(await list(admin, { sectionStartDate: '2026-08-01' }))).toContain('BIO 101');
  });

  it('finds courses by code or by words of the name, whatever the other filters say', async () => {
    const search = async (searchString: string, extra: CourseListRequest = {}) =>
      codes(await list(admin, { searchString, ...extra, sortField: 'courseCode' }));
    // A course found by a search is listed even when none of its sections are still open.
    expect(await search('geo 1')).toEqual(['GEO 110', 'GEO 120', 'GEO 130', 'GEO 140']);
    const glaciers = await list(admin, { searchString: 'glaciers' });
    expect(glaciers.courseDTOList).toEqual([
      expect.objectContaining({
        nextStartDate: 'PENDING',
        sectionCount: 0,
        adoptionStatus: 'incomplete',
      }),
    ]);
    expect(await search('GEO110')).toEqual(['GEO 110']);
    // A department code alone finds its courses; a course code alone, every department's.
    expect(await search('ge')).toEqual(['GEO 110', 'GEO 120', 'GEO 130', 'GEO 140', 'GEO 201']);
    expect(await search('20')).toEqual(['GEO 201']);
    expect(await search('rocks min')).toEqual(['GEO 110']);
    expect(await search('volcano')).toEqual(['GEO 130']);
    // The search overrides the division, action type and dates.
    expect(
      await search('volcano', {
        actionType: 'ADOPTED',
        divisionId: geo.divisionId,
        departmentCode: 'BIO',
        sectionStartDate: '2020-01-01',
        sectionEndDate: '2020-02-01',
      }),
    ).toEqual(['GEO 130']);
    // Wildcards and query syntax are only text.
    expect(await search('%')).toEqual([]);
    expect(await search("rocks & ! (')")).toEqual(['GEO 110']);
  });

  it('sorts by any column, both ways, and pages at the requested size with the total', async () => {
    expect(codes(await list(admin, { sortField: 'courseName', sortDirection: 'DESC' }))).toEqual([
      'GEO 110',
      'GEO 120',
      'GEO 201',
    ]);
    expect(codes(await list(admin, { sortField: 'nextStartDate', sortDirection: 'desc' }))).toEqual(
      ['GEO 120', 'GEO 201', 'GEO 110'],
    );
    // Department names, with the BIO course of a window reaching back (Biology < Geology).
    const byDepartment = await list(admin, {
      sectionStartDate: '2026-08-01',
      sortField: 'departmentName',
    });
    expect(byDepartment.courseDTOList.map((c) => c.departmentName)).toEqual([
      'Biology',
      'Geology',
      'Geology',
      'Geology',
    ]);
    const second = await list(admin, { coursesPerPage: 2, page: 2 });
    expect(codes(second)).toEqual(['GEO 120']);
    expect(second.recordCount).toBe(3);
    const beyond = await list(admin, { coursesPerPage: 2, page: 9 });
    expect(beyond).toEqual({ courseDTOList: [], recordCount: 3 });
  });

  it('shows a department-scoped submitter only their department, an instructor only what they teach, store B only its own', async () => {
    const wide = { sectionStartDate: '2026-01-01', sectionEndDate: '2027-12-31', open: false };
    expect(codes(await list(departmentSubmitter, wide))).toEqual(['BIO 101']);
    expect(codes(await list(departmentSubmitter, { searchString: 'geo' }))).toEqual([]);
    expect(codes(await list(instructor, wide))).toEqual(['BIO 101']);
    const b = await callAs(ctx, storeB, getCourseList, { body: {} });
    expect(b.statusCode).toBe(403);
  });

  it("offers in the filter's pickers only the caller's scope", async () => {
    const divisions = await callAs(ctx, departmentSubmitter, getAdoptionDivisions);
    expect(divisions.json()).toEqual([expect.objectContaining({ divisionId: geo.divisionId })]);
    const departments = await callAs(ctx, departmentSubmitter, getAdoptionDepartments, {
      query: { divisionId: geo.divisionId },
    });
    expect(departments.json()).toEqual([{ departmentCode: 'BIO', departmentName: 'Biology' }]);
    const all = await callAs(ctx, admin, getAdoptionDepartments, {
      query: { divisionId: geo.divisionId },
    });
    expect(all.json().map((d: { departmentCode: string }) => d.departmentCode)).toEqual([
      'BIO',
      'GEO',
    ]);
    const geoCourses = await callAs(ctx, departmentSubmitter, getAdoptionCourses, {
      query: { divisionId: geo.divisionId, departmentCode: 'GEO' },
    });
    expect(geoCourses.json()).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await callAs(ctx, admin, getCourseList, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ field });
    };
    await bad({ sortField: 'bogus' }, 'sortField');
    await bad({ page: 0 }, 'page');
    await bad({ coursesPerPage: 10_000 }, 'coursesPerPage');
    await bad({ sectionStartDate: '2027-02-01', sectionEndDate: '2027-01-01' }, 'sectionEndDate');
    await bad({ sectionStartDate: '2027-02-30' }, 'sectionStartDate');
    await bad({ actionType: 'EVERYTHING' }, 'actionType');
    await bad({ courseCode: '101' }, 'divisionId');
    await bad({ open: 'yes' }, 'open');
  });

  it("refuses another store's division, naming the field", async () => {
    const [other] = await ctx.db
      .insert(t.divisions)
      .values({ locationId: ctx.fixture.locations.b, name: 'B Campus', universityName: 'B U' })
      .returning({ id: t.divisions.id });
    const res = await callAs(ctx, admin, getCourseList, { body: { divisionId: other!.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'divisionId: is not a division of this store',
      field: 'divisionId',
    });
  });
});
