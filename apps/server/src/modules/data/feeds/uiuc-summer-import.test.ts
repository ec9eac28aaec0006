import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '@csp/contracts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  courseNamed,
  entity,
  issuesOf,
  sectionNamed,
  SUMMER_2025_CATALOG,
  SUMMER_2025_GRADES,
  uploadChecked,
  removeWaitingUploads,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

/**
 * UIUC's Summer 2025 catalog (a row per meeting of a section), then the Summer 2025 grade file
 * over it: the second file finds the first file's sections by their natural keys and adds
 * their enrolments.
 */
describe.each(engines)("UIUC's Summer 2025 catalog and grades (%s)", (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let catalog: ImportSummary;
  const divisionId = () => ctx.fixture.catalog.divisionId;
  const section = (dept: string, course: string, code: string) =>
    sectionNamed(ctx.db, ctx.fixture.locations.a, 'Summer 2025', dept, course, code);

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
    catalog = await uploadChecked(ctx, admin, {
      formatId: 'uiuc-catalog-sections',
      fileName: 'uiuc_catalog_2025-su_sections.csv',
      divisionId: divisionId(),
      file: { path: SUMMER_2025_CATALOG },
    });
  }, 120_000);
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('merges the meeting rows of a section and rejects the rows without a section code', async () => {
    expect(catalog).toMatchObject({
      status: 'VALIDATED',
      rowsRead: 1686,
      rowsValid: 1332,
      rowsRejected: 354,
      added: 1332,
      terms: ['Summer 2025'],
    });
    // 1,638 CRNs less the 354 independent-study placeholders without a section code.
    expect(entity(catalog, 'sections')).toEqual({ added: 1284, updated: 0, unchanged: 0 });
    expect(entity(catalog, 'courses')).toEqual({ added: 732, updated: 0, unchanged: 0 });
    expect(entity(catalog, 'professors')).toEqual({ added: 872, updated: 0, unchanged: 0 });
    expect(catalog.reasons).toEqual([{ column: 'Section', message: 'is required', rows: 354 }]);
    const { body } = await issuesOf(ctx, admin, catalog.importId, { limit: 1 });
    expect(body.total).toBe(354);
    expect(body.issues[0]).toMatchObject({ column: 'Section', value: '', message: 'is required' });
  });

  it('applies: one section per CRN with the instructors of all its rows, titles decoded', async () => {
    const done = await applied(ctx, admin, catalog.importId);
    expect(done).toMatchObject({ status: 'APPLIED', added: 1332, entities: catalog.entities });
    // CRN 33933, AFST 231 C1: two meeting rows, three instructors.
    expect(await section('AFST', '231', 'C1')).toMatchObject({
      professorNames: 'Martins, M; Muga, M; Saadah, E',
      startDate: '2025-05-19',
      endDate: '2025-08-09',
    });
    // CRN 40267, BSE 636 A: lab, lecture and discussion rows.
    expect(await section('BSE', '636', 'A')).toMatchObject({ professorNames: 'Thomas, D; Yodh, J' });
    // "US Racial &amp; Ethnic Politics" in the file.
    const aas = await courseNamed(ctx.db, ctx.fixture.locations.a, 'AAS', '201');
    expect(aas).toMatchObject({ name: 'US Racial & Ethnic Politics' });
    expect(aas?.description).toMatch(/^Same as AFRO 201/);
  });

  it('takes the enrolments of the grade file onto the same sections', async () => {
    const grades = await uploadChecked(ctx, admin, {
      formatId: 'uiuc-grades-by-crn',
      fileName: 'uiuc_grades_2025-su_by_crn.csv',
      divisionId: divisionId(),
      file: { path: SUMMER_2025_GRADES },
    });
    expect(grades).toMatchObject({ status: 'VALIDATED', rowsRead: 547, rowsRejected: 0 });
    // The catalog has 529 of its sections; the grade file names instructors in full
    // ("Zhang, Li"), the catalog by initial ("Zhang, L"): other professors, new links.
    expect(entity(grades, 'sections')).toEqual({ added: 18, updated: 529, unchanged: 0 });
    expect(entity(grades, 'terms')).toEqual({ added: 0, updated: 0, unchanged: 1 });
    const before = await section('ACCY', '200', 'ONL');
    expect(before?.estimated).toBe(0);
    await applied(ctx, admin, grades.importId);
    // 18 + 10 + 3 + 1 + 2 + 4 + 1 (D-) grade counts.
    expect(await section('ACCY', '200', 'ONL')).toMatchObject({ id: before?.id, estimated: 39 });
  });
});
