import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getResearchCourses,
  getResearchDepartments,
  getResearchTerms,
  sectionList,
  type ImportSummary,
} from '@csp/contracts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { callAs, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  entity,
  FALL_2025,
  issuesOf,
  sectionNamed,
  storeTables,
  uploadChecked,
  removeWaitingUploads,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

/**
 * UIUC's real Fall 2025 section list (6,573 rows) into store A's Main Campus, as a data manager
 * would: the report before anything is written, the apply, the new term in section research,
 * and the same file again changing nothing.
 */
describe.each(engines)("UIUC's Fall 2025 section list (%s)", (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let checked: ImportSummary;
  let before: Record<string, unknown[]>;
  const fall = () => ({
    formatId: 'uiuc-grades-by-crn',
    fileName: 'uiuc_grades_2025-fa_by_crn.csv',
    divisionId: ctx.fixture.catalog.divisionId,
    file: { path: FALL_2025 },
  });

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
    before = await storeTables(ctx.db, ctx.fixture.locations.a);
    checked = await uploadChecked(ctx, admin, fall());
  }, 120_000);
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('reports what applying would do, rejected rows and why, and writes nothing', async () => {
    expect(checked).toMatchObject({
      status: 'VALIDATED',
      rowsRead: 6573,
      rowsValid: 6567,
      rowsRejected: 6,
      added: 6567,
      updated: 0,
      unchanged: 0,
      terms: ['Fall 2025'],
      divisionName: 'Main Campus',
      progress: null,
    });
    expect(checked.entities).toEqual([
      { entity: 'terms', added: 1, updated: 0, unchanged: 0 },
      { entity: 'departments', added: 167, updated: 0, unchanged: 0 },
      { entity: 'courses', added: 3217, updated: 0, unchanged: 0 },
      // 6,567 rows, 13 of them a second row of a section (one per schedule type).
      { entity: 'sections', added: 6554, updated: 0, unchanged: 0 },
      { entity: 'professors', added: 3084, updated: 0, unchanged: 0 },
      // 15 sections have no instructor.
      { entity: 'section professors', added: 6539, updated: 0, unchanged: 0 },
    ]);
    expect(checked.reasons).toEqual([
      {
        column: 'Course Section',
        message:
          'looks like a number a spreadsheet rewrote in scientific notation (keep codes as text)',
        rows: 4,
      },
      {
        column: 'A+, A, A-, B+, B, B-, C+, C, C-, D+, D, D-, F, W',
        message: 'differs from an earlier row of the same section',
        rows: 2,
      },
    ]);
    expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(before);
  });

  it('lists each rejected row with its row number, column and value', async () => {
    const { status, body } = await issuesOf(ctx, admin, checked.importId);
    expect(status).toBe(200);
    expect(body.total).toBe(6);
    expect(body.issues.map((i) => [i.rowNumber, i.column, i.value])).toEqual([
      // CS 357 M: its DIS row counts 234 students, its OLC row 235.
      [1746, 'A+, A, A-, B+, B, B-, C+, C, C-, D+, D, D-, F, W', '235 (row 1745 has 234)'],
      [1830, 'A+, A, A-, B+, B, B-, C+, C, C-, D+, D, D-, F, W', '26 (row 1829 has 25)'],
      // EXP 101: four sections whose code a spreadsheet turned into 0.00E+00.
      [2730, 'Course Section', '0.00E+00'],
      [2731, 'Course Section', '0.00E+00'],
      [2732, 'Course Section', '0.00E+00'],
      [2733, 'Course Section', '0.00E+00'],
    ]);
    const page = await issuesOf(ctx, admin, checked.importId, { offset: 4, limit: 10 });
    expect(page.body.issues.map((i) => i.rowNumber)).toEqual([2732, 2733]);
  });

  it('applies in one go; the new term and its sections show in section research', async () => {
    const done = await applied(ctx, admin, checked.importId);
    expect(done).toMatchObject({
      status: 'APPLIED',
      rowsValid: 6567,
      added: 6567,
      entities: checked.entities,
      progress: null,
      errorMessage: null,
    });
    expect(done.appliedAt).not.toBeNull();

    const terms = await callAs(ctx, admin, getResearchTerms, {
      query: { divisionId: ctx.fixture.catalog.divisionId },
    });
    const term = terms.json<{ termId: number; termName: string; startDate: string }[]>();
    const fall2025 = term.find((t) => t.termName === 'Fall 2025');
    expect(fall2025).toMatchObject({ startDate: '2025-08-25' });
    const list = await callAs(ctx, admin, sectionList, {
      body: { termId: fall2025?.termId, pageSize: 5, searchString: 'CS 425' },
    });
    expect(list.statusCode).toBe(200);
    const sections = list.json<{
      totalSections: number;
      sections: { courseName: string; sectionCode: string; professors: string[] }[];
    }>();
    expect(sections.sections.find((s) => s.sectionCode === 'MC3')).toMatchObject({
      courseName: 'Distributed Systems',
      professors: ['Gupta, Indranil'],
    });
    const all = await callAs(ctx, admin, sectionList, {
      body: { termId: fall2025?.termId, pageSize: 1 },
    });
    expect(all.json<{ totalSections: number }>().totalSections).toBe(6554);

    const departments = await callAs(ctx, admin, getResearchDepartments, {
      query: { termId: fall2025?.termId ?? 0 },
    });
    const cs = departments
      .json<{ departmentId: number; departmentCode: string; departmentName: string }[]>()
      .find((d) => d.departmentCode === 'CS');
    // The file has no department names: a new department is named by its code.
    expect(cs?.departmentName).toBe('CS');
    const courses = await callAs(ctx, admin, getResearchCourses, {
      query: { departmentId: cs?.departmentId ?? 0, termId: fall2025?.termId ?? 0 },
    });
    expect(courses.json<{ courseCode: string }[]>().map((c) => c.courseCode)).toContain('425');
  });

  it('merges the rows of one section: unknown enrolments (N/A) take the known one', async () => {
    const a = ctx.fixture.locations.a;
    // CS 425 MC3: ONL row N/A, PKG row 21 students.
    expect(await sectionNamed(ctx.db, a, 'Fall 2025', 'CS', '425', 'MC3')).toMatchObject({
      estimated: 21,
      professorNames: 'Gupta, Indranil',
      startDate: '2025-08-25',
      endDate: '2025-12-19',
    });
    // CS 357 M keeps its first row's 234; AAS 100 AD1 is withheld (N/A): 0 for a new section.
    expect(await sectionNamed(ctx.db, a, 'Fall 2025', 'CS', '357', 'M')).toMatchObject({
      estimated: 234,
    });
    expect(await sectionNamed(ctx.db, a, 'Fall 2025', 'AAS', '100', 'AD2')).toMatchObject({
      estimated: 26,
    });
    expect(await sectionNamed(ctx.db, a, 'Fall 2025', 'AAS', '100', 'AD1')).toMatchObject({
      estimated: 0,
    });
    expect(await sectionNamed(ctx.db, a, 'Fall 2025', 'EXP', '101', '0.00E+00')).toBeUndefined();
  });

  it('imports the same file again: everything unchanged, and the store is exactly as it was', async () => {
    const tables = await storeTables(ctx.db, ctx.fixture.locations.a);
    const again = await uploadChecked(ctx, admin, fall());
    expect(again).toMatchObject({ status: 'VALIDATED', added: 0, updated: 0, unchanged: 6567 });
    const done = await applied(ctx, admin, again.importId);
    expect(done).toMatchObject({ status: 'APPLIED', added: 0, updated: 0, unchanged: 6567 });
    for (const name of ['terms', 'departments', 'courses', 'sections', 'professors']) {
      expect(entity(done, name).added + entity(done, name).updated, name).toBe(0);
    }
    expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(tables);
  }, 120_000);
});
