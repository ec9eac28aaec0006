import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getAdoptionProgressSummary,
  getCourseList,
  getSectionDetail,
  sectionList,
  setAdoptionDeadline,
  type AdoptionProgressRow,
  type CourseDTO,
  type SectionRow,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { fallSection } from '../../../test-support/deadline-world.ts';
import { callAs, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';

const engines = await testEngines();
const NOW = new Date('2026-10-15T12:00:00Z');

/**
 * Where the deadline shows outside its own screen: section research, the catalog and the
 * progress summary.
 */
describe.each(engines)('adoption deadlines in the lists (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let fallId: number;

  const setDeadline = async (deadline: string | null) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: fillPath(setAdoptionDeadline.path, { userAccountId: admin.accountId, termId: fallId }),
      headers: authHeaders(admin.host, admin.token),
      payload: { deadline },
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => NOW });
    fallId = ctx.fixture.catalog.termId;
    admin = await signIn(ctx, 'admin@store-a.test');
    // The fixture's section 001 has no adoption; four more stand each their own way.
    await fallSection(ctx, '010', '2026-08-20T09:00:00Z');
    await fallSection(ctx, '011', '2026-09-01T23:30:00Z');
    await fallSection(ctx, '012', '2026-09-02T00:30:00Z');
    await fallSection(ctx, '013', '2026-09-10T10:00:00Z', true);
  });
  afterAll(async () => ctx?.close());

  it('shows in section research where each section stands, and finds those late or missing', async () => {
    await setDeadline('2026-09-01');
    const sections = async (filter: object) => {
      const res = await callAs(ctx, admin, sectionList, {
        body: {
          termId: fallId,
          pageSize: 100,
          sortField: 'sectionCode',
          sortDirection: 'asc',
          ...filter,
        },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { sections: SectionRow[]; totalSections: number };
    };
    const all = await sections({});
    expect(all.sections.map((x) => [x.sectionCode, x.deadlineStatus])).toEqual([
      ['001', 'MISSING'],
      ['010', 'ON_TIME'],
      ['011', 'ON_TIME'],
      ['012', 'LATE'],
      ['013', 'LATE'],
    ]);
    expect(all.sections.every((x) => x.adoptionDeadline === '2026-09-01')).toBe(true);
    const late = await sections({ deadlineStatus: 'LATE' });
    expect(late.sections.map((x) => x.sectionCode)).toEqual(['012', '013']);
    expect(late.totalSections).toBe(2);
    // The section's own page says the same.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getSectionDetail.path, { userAccountId: admin.accountId }),
      query: { sectionId: String(late.sections[0]!.sectionId) },
      headers: authHeaders(admin.host, admin.token),
    });
    expect(detail.json()).toMatchObject({ adoptionDeadline: '2026-09-01', deadlineStatus: 'LATE' });
    expect(
      (await sections({ deadlineStatus: 'MISSING' })).sections.map((x) => x.sectionCode),
    ).toEqual(['001']);
    await setDeadline(null);
    expect((await sections({ deadlineStatus: 'MISSING' })).totalSections).toBe(0);
    expect((await sections({ deadlineStatus: 'OPEN' })).sections.map((x) => x.sectionCode)).toEqual(
      ['001'],
    );
  });

  it('counts in the catalog each course’s sections late and missing, and finds those with one', async () => {
    const courses = async (filter: object) => {
      const res = await callAs(ctx, admin, getCourseList, {
        // The fall term started before today: the window is opened to it.
        body: { sectionStartDate: '2026-08-01', coursesPerPage: 100, ...filter },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { courseDTOList: CourseDTO[] }).courseDTOList;
    };
    const ours = (list: CourseDTO[]) =>
      list.find((c) => c.courseId === ctx.fixture.catalog.courseId);
    await setDeadline('2026-09-01');
    expect(ours(await courses({}))).toMatchObject({
      sectionCount: 5,
      lateSectionCount: 2,
      missingSectionCount: 1,
    });
    for (const deadlineStatus of ['LATE', 'MISSING', 'ON_TIME'] as const) {
      const listed = await courses({ deadlineStatus });
      expect(ours(listed), deadlineStatus).toBeDefined();
      expect(listed.every((c) => c.sectionCount > 0)).toBe(true);
    }
    // Without a deadline nothing is late or missing, and the filter lists no such course.
    await setDeadline(null);
    expect(ours(await courses({}))).toMatchObject({ lateSectionCount: 0, missingSectionCount: 0 });
    expect(await courses({ deadlineStatus: 'MISSING' })).toEqual([]);
    expect(ours(await courses({ deadlineStatus: 'OPEN' }))).toBeDefined();
    // A standing the contract does not know is refused on its field.
    const bad = await callAs(ctx, admin, getCourseList, { body: { deadlineStatus: 'SOON' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'deadlineStatus' });
  });

  it('gives the progress summary the deadline and the sections late and missing', async () => {
    const fall = async () => {
      const res = await callAs(ctx, admin, getAdoptionProgressSummary);
      expect(res.statusCode).toBe(200);
      const rows = (res.json() as { adoptionProgress: AdoptionProgressRow[] }).adoptionProgress;
      return rows.find((r) => r.termId === fallId);
    };
    expect(await fall()).toMatchObject({
      adoptionDeadline: null,
      sectionsLate: 0,
      sectionsMissing: 0,
      sectionsOnTime: 4,
      mostMissingDepartments: [],
    });
    await setDeadline('2026-09-01');
    expect(await fall()).toMatchObject({
      adoptionDeadline: '2026-09-01',
      sectionsTotal: 5,
      sectionsLate: 2,
      sectionsMissing: 1,
      sectionsOnTime: 2,
      // Where the store asks a department chair to chase.
      mostMissingDepartments: [{ departmentCode: 'BIO', departmentName: 'Biology', missing: 1 }],
    });
    await setDeadline(null);
  });

  it('names at most three departments with the most sections missing, most first, ties by code', async () => {
    const { catalog, locations } = ctx.fixture;
    // Beside Biology's one missing section: Chemistry two, Art and Zoology one each.
    for (const [code, name, missing] of [
      ['CHEM', 'Chemistry', 2],
      ['ART', 'Art', 1],
      ['ZOO', 'Zoology', 1],
    ] as const) {
      const [department] = await ctx.db
        .insert(t.departments)
        .values({ locationId: locations.a, divisionId: catalog.divisionId, code, name })
        .returning({ id: t.departments.id });
      const [course] = await ctx.db
        .insert(t.courses)
        .values({
          locationId: locations.a,
          divisionId: catalog.divisionId,
          departmentId: department!.id,
          code: '100',
          name: `${name} 100`,
        })
        .returning({ id: t.courses.id });
      for (let i = 0; i < missing; i++) {
        await ctx.db.insert(t.sections).values({
          locationId: locations.a,
          courseId: course!.id,
          termId: catalog.termId,
          code: `00${i}`,
          startDate: '2026-08-24',
          endDate: '2026-12-18',
        });
      }
    }
    await setDeadline('2026-09-01');
    const res = await callAs(ctx, admin, getAdoptionProgressSummary);
    const fall = (res.json() as { adoptionProgress: AdoptionProgressRow[] }).adoptionProgress.find(
      (r) => r.termId === fallId,
    );
    expect(fall?.sectionsMissing).toBe(5);
    expect(fall?.mostMissingDepartments).toEqual([
      { departmentCode: 'CHEM', departmentName: 'Chemistry', missing: 2 },
      { departmentCode: 'ART', departmentName: 'Art', missing: 1 },
      { departmentCode: 'BIO', departmentName: 'Biology', missing: 1 },
    ]);
    await setDeadline(null);
  });
});
