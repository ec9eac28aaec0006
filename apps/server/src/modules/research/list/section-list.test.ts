import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_SORT_FIELDS, sectionList, type SectionRow } from '@csp/contracts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { callAs, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  EXTRA_SECTIONS,
  researchWorld,
  type ResearchWorld,
} from '../../../test-support/research-world.ts';

const engines = await testEngines();

interface ListResponse {
  sections: SectionRow[];
  pageInfo: {
    page: number;
    startCursor: string | null;
    endCursor: string | null;
    hasPreviousPage: boolean;
    hasNextPage: boolean;
  };
  totalSections: number;
}

describe.each(engines)('sectionList (%s)', (engine) => {
  let ctx: TestContext;
  let w: ResearchWorld;
  const list = async (who: Caller, body: object) => {
    const res = await callAs(ctx, who, sectionList, { body });
    return { status: res.statusCode, body: res.json<ListResponse>() };
  };
  const ok = async (body: object, who: Caller = w.who.admin) => {
    const res = await list(who, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const ids = (page: ListResponse) => page.sections.map((s) => s.sectionId);

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await researchWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  it('lists every section of the store, newest start first by default', async () => {
    const page = await ok({ pageSize: 100 });
    expect(page.totalSections).toBe(EXTRA_SECTIONS + 1);
    expect(new Set(ids(page))).toEqual(new Set(w.sectionIds));
    const starts = page.sections.map((s) => s.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(page.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: false });
    expect(page.sections[0]?.termName).not.toContain('-');
  });

  it.each(SECTION_SORT_FIELDS.flatMap((f) => [[f, 'asc'] as const, [f, 'desc'] as const]))(
    'walks every page of sort %s %s forward by after and back by before',
    async (sortField, sortDirection) => {
      const whole = ids(await ok({ sortField, sortDirection, pageSize: 100 }));
      const forward: number[] = [];
      let page = await ok({ sortField, sortDirection, pageSize: 7 });
      expect(page.pageInfo.hasPreviousPage).toBe(false);
      const pages = [page];
      forward.push(...ids(page));
      while (page.pageInfo.hasNextPage) {
        page = await ok({ sortField, sortDirection, pageSize: 7, after: page.pageInfo.endCursor });
        expect(page.pageInfo.hasPreviousPage).toBe(true);
        pages.push(page);
        forward.push(...ids(page));
      }
      expect(forward).toEqual(whole);
      expect(pages).toHaveLength(Math.ceil(whole.length / 7));
      const backward: number[] = [...ids(page)];
      while (page.pageInfo.hasPreviousPage) {
        page = await ok({
          sortField,
          sortDirection,
          pageSize: 7,
          before: page.pageInfo.startCursor,
        });
        expect(page.pageInfo.hasNextPage).toBe(true);
        backward.unshift(...ids(page));
      }
      expect(backward).toEqual(whole);
      // From the last page back, the very pages walked forward (45 rows: 6 pages of 7 and 3).
      expect(whole.length % 7).not.toBe(0);
      const lastPage = pages.length;
      let back = await ok({ sortField, sortDirection, pageSize: 7, last: true, page: lastPage });
      expect(back.pageInfo).toMatchObject({
        page: lastPage,
        hasNextPage: false,
        hasPreviousPage: true,
      });
      const walkedBack = [ids(back)];
      while (back.pageInfo.hasPreviousPage) {
        const page = lastPage - walkedBack.length;
        back = await ok({
          sortField,
          sortDirection,
          pageSize: 7,
          page,
          before: back.pageInfo.startCursor,
        });
        expect(back.pageInfo).toMatchObject({ page, hasNextPage: true });
        walkedBack.unshift(ids(back));
      }
      expect(walkedBack).toEqual(pages.map(ids));
    },
  );

  it('gives as the last page the rows the last page walked forward holds, whatever the size', async () => {
    const whole = ids(await ok({ pageSize: 100 }));
    for (const pageSize of [5, 7, 20, 45, 100]) {
      const last = await ok({ pageSize, last: true });
      const size = ((whole.length - 1) % pageSize) + 1;
      expect(ids(last), `pageSize ${pageSize}`).toEqual(whole.slice(whole.length - size));
      expect(last.pageInfo.hasPreviousPage).toBe(whole.length > pageSize);
      expect(last.pageInfo.hasNextPage).toBe(false);
    }
    const none = await ok({ searchString: '%', last: true });
    expect(none).toMatchObject({ sections: [], totalSections: 0 });
    expect(none.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: false });
  });

  it('sorts the counts and dates in order, ties by id', async () => {
    const rows = (await ok({ sortField: 'enrollmentCount', sortDirection: 'desc', pageSize: 100 }))
      .sections;
    for (let i = 1; i < rows.length; i += 1) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(
        a.enrollmentCount > b.enrollmentCount ||
          (a.enrollmentCount === b.enrollmentCount && a.sectionId > b.sectionId),
      ).toBe(true);
    }
    expect(rows[0]?.enrollmentCount).toBe(6);
  });

  it('filters by term, department, course, professor, dates, status and text', async () => {
    const all = (await ok({ pageSize: 100 })).sections;
    const check = async (body: object, keep: (s: SectionRow) => boolean) => {
      const page = await ok({ ...body, pageSize: 100 });
      const expected = all.filter(keep).map((s) => s.sectionId);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(page)).toEqual(expected);
      expect(page.totalSections).toBe(expected.length);
    };
    await check({ termId: w.springTermId }, (s) => s.termId === w.springTermId);
    await check({ departmentId: w.chem.departmentId }, (s) => s.departmentCode === 'CHEM');
    await check({ courseId: w.chem.courseId }, (s) => s.courseId === w.chem.courseId);
    await check({ professorId: w.professors.ada }, (s) => s.professors.includes('Lovelace, Ada'));
    await check(
      { sectionStartDate: '2026-01-15', sectionEndDate: '2026-02-05' },
      (s) => s.startDate >= '2026-01-15' && s.startDate <= '2026-02-05',
    );
    await check({ sectionStartDate: '2026-03-05' }, (s) => s.startDate >= '2026-03-05');
    await check({ adoptionStatus: 'OUTSTANDING' }, (s) => s.adoptionStatus === 'OUTSTANDING');
    await check({ searchString: 'cell' }, (s) => s.courseName === 'Cell Biology');
    // As the link reads: department and course code ("BIO 101"), as the catalog's search.
    await check(
      { searchString: 'bio 1' },
      (s) => s.departmentCode === 'BIO' && s.courseCode.startsWith('1'),
    );
    await check(
      { searchString: '11' },
      (s) => s.courseCode === '110' || s.sectionCode.startsWith('11'),
    );
    const none = await ok({ searchString: '%' });
    expect(none.totalSections).toBe(0);
    expect(none.pageInfo).toMatchObject({ startCursor: null, endCursor: null, hasNextPage: false });
  });

  it('refuses a cursor that is not one, or one of another sort, naming the field', async () => {
    const bad = await list(w.who.admin, { after: 'bm90LWEtY3Vyc29y' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'after' });
    const page = await ok({ pageSize: 5 });
    const other = await list(w.who.admin, {
      sortField: 'courseName',
      before: page.pageInfo.endCursor,
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ field: 'before' });
    const both = await list(w.who.admin, { after: page.pageInfo.endCursor, last: true });
    expect(both.status).toBe(400);
    expect((await list(w.who.admin, { after: 'a+b' })).body).toMatchObject({ field: 'after' });
  });

  it('refuses a date cursor that is no calendar day, naming the field', async () => {
    const dayCursor = (day: string) =>
      Buffer.from(JSON.stringify(['startDate', day, 1]), 'utf8').toString('base64url');
    expect((await list(w.who.admin, { after: dayCursor('2024-02-29') })).status).toBe(200);
    for (const day of ['2024-02-31', '0000-01-01', '2026-13-01', '2201-01-01'])
      for (const field of ['after', 'before'] as const) {
        const res = await list(w.who.admin, { sortField: 'startDate', [field]: dayCursor(day) });
        expect(res.status, `${field} ${day}`).toBe(400);
        expect(res.body).toMatchObject({ field });
      }
  });

  it('answers bad filters with a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ sortField: 'price' }, 'sortField'],
      [{ sortDirection: 'up' }, 'sortDirection'],
      [{ termId: 'x' }, 'termId'],
      [{ sectionStartDate: '2026-13-01' }, 'sectionStartDate'],
      [{ sectionStartDate: '2026-03-01', sectionEndDate: '2026-02-01' }, 'sectionEndDate'],
      [{ adoptionStatus: 'DONE' }, 'adoptionStatus'],
      [{ pageSize: 0 }, 'pageSize'],
    ];
    for (const [body, field] of cases) {
      const res = await list(w.who.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ field });
    }
  });

  it("shows a department-scoped submitter only that department's sections", async () => {
    const page = await ok({ pageSize: 100 }, w.who.submitter);
    const bio = (await ok({ departmentId: w.bio.departmentId, pageSize: 100 })).sections;
    expect(ids(page)).toEqual(bio.map((s) => s.sectionId));
    expect(page.sections.every((s) => s.departmentCode === 'BIO')).toBe(true);
    const chem = await ok({ departmentId: w.chem.departmentId }, w.who.submitter);
    expect(chem.totalSections).toBe(0);
  });

  it("shows store B's host none of store A for A's filter ids or cursors; refuses no VIEW_SECTION", async () => {
    const b = await ok({ pageSize: 100 }, w.who.storeB);
    expect(new Set(ids(b))).toEqual(new Set(w.storeB.sectionIds));
    expect(b.totalSections).toBe(w.storeB.sectionIds.length);
    const of = (field: keyof typeof filtersOfA) => ({ [field]: filtersOfA[field] });
    const filtersOfA = {
      divisionId: ctx.fixture.catalog.divisionId,
      termId: ctx.fixture.catalog.termId,
      departmentId: w.chem.departmentId,
      courseId: w.chem.courseId,
      professorId: w.professors.ada,
    };
    for (const field of Object.keys(filtersOfA) as (keyof typeof filtersOfA)[]) {
      expect((await ok(of(field))).totalSections, field).toBeGreaterThan(0);
      const fromB = await ok({ ...of(field), pageSize: 100 }, w.who.storeB);
      expect(fromB, field).toMatchObject({ sections: [], totalSections: 0 });
    }
    expect((await ok({ termId: w.storeB.termId }, w.who.storeB)).totalSections).toBe(4);
    // A cursor of store A replayed on store B: store B's rows past that place, none of A's.
    const a = await ok({ pageSize: 10, after: (await ok({ pageSize: 10 })).pageInfo.endCursor });
    const [top, end] = [a.sections[0]!, a.sections.at(-1)!];
    const after = await ok({ pageSize: 100, after: a.pageInfo.endCursor }, w.who.storeB);
    const before = await ok({ pageSize: 100, before: a.pageInfo.startCursor }, w.who.storeB);
    const past = (s: SectionRow, r: SectionRow) =>
      s.startDate < r.startDate || (s.startDate === r.startDate && s.sectionId < r.sectionId);
    expect(ids(after)).toEqual(b.sections.filter((s) => past(s, end)).map((s) => s.sectionId));
    expect(ids(before)).toEqual(b.sections.filter((s) => past(top, s)).map((s) => s.sectionId));
    expect(ids(after).length * ids(before).length).toBeGreaterThan(0);
    expect(after.totalSections).toBe(w.storeB.sectionIds.length);
    const refused = await list(w.who.unscoped, {});
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('permission to view sections');
  });
});
