import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDataIntegrationStatus, type ImportSummary, type TermHoldings } from '@csp/contracts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { callAs, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import { applied, removeWaitingUploads, uploadChecked } from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

interface Status {
  feeds: { feed: string; lastImport: ImportSummary | null; lastApplied: ImportSummary | null }[];
  divisions: { divisionId: number; divisionName: string }[];
  terms: TermHoldings[];
  students: number;
  products: number;
}

const CALENDAR = [
  'division,university,term,term_start,term_end',
  'Main Campus,,Spring 2027,2027-01-11,2027-05-07',
  'Main Campus,,Fall 2026,2026-08-24,2026-12-19',
  'Graduate School,Test U,Fall 2026 - Grad,2026-08-31,2026-12-11',
  'Graduate School,Test U,Winter 2027,2027-01-04,2026-12-01',
].join('\n');

describe.each(engines)('the data integration status (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const status = async () => {
    const res = await callAs(ctx, admin, getDataIntegrationStatus);
    expect(res.statusCode).toBe(200);
    return res.json<Status>();
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('has no import of any feed yet, and what the fixture holds per term', async () => {
    const s = await status();
    expect(s.feeds.map((f) => [f.feed, f.lastImport, f.lastApplied])).toEqual([
      ['DIVISIONS_TERMS', null, null],
      ['COURSES_SECTIONS', null, null],
      ['PROFESSORS', null, null],
      ['STUDENTS_ENROLLMENTS', null, null],
      ['PRODUCTS_PRICES', null, null],
      ['ADOPTION_HISTORY', null, null],
    ]);
    expect(s.divisions).toEqual([
      { divisionId: ctx.fixture.catalog.divisionId, divisionName: 'Main Campus' },
    ]);
    expect(s.terms).toEqual([
      expect.objectContaining({
        termName: 'Fall 2026',
        courses: 1,
        sections: 1,
        professors: 1,
        enrollments: 0,
        adoptions: 0,
      }),
    ]);
    expect([s.students, s.products]).toEqual([0, 0]);
  });

  it('creates divisions and terms from the calendar feed and moves a term it knows', async () => {
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'divisions-terms',
      fileName: 'calendar.csv',
      file: CALENDAR,
    });
    expect(checked).toMatchObject({ status: 'VALIDATED', rowsValid: 3, rowsRejected: 1 });
    expect(checked.entities).toEqual([
      { entity: 'divisions', added: 1, updated: 0, unchanged: 1 },
      // "Fall 2026" is the store's "Fall 2026 - Main", whose end moves from 12-18 to 12-19.
      { entity: 'terms', added: 2, updated: 1, unchanged: 0 },
    ]);
    expect(checked.reasons).toEqual([
      { column: 'term_end', message: 'is before the term start date', rows: 1 },
    ]);
    await applied(ctx, admin, checked.importId);
    const s = await status();
    expect(s.divisions.map((d) => d.divisionName)).toEqual(['Graduate School', 'Main Campus']);
    expect(s.terms.map((t) => [t.divisionName, t.termName, t.endDate])).toEqual([
      ['Main Campus', 'Spring 2027', '2027-05-07'],
      ['Graduate School', 'Fall 2026', '2026-12-11'],
      ['Main Campus', 'Fall 2026', '2026-12-19'],
    ]);
    expect(s.feeds[0]?.lastImport).toMatchObject({ importId: checked.importId, status: 'APPLIED' });
  });

  it("shows each feed's newest import, failures included, and the store's holdings", async () => {
    const sections = await uploadChecked(ctx, admin, {
      formatId: 'courses-sections',
      fileName: 'sections.csv',
      file: [
        'division,term,department,course,course_name,section,professors',
        'Main Campus,Spring 2027,BIO,101,Intro Biology,001,"Instructor, Ida"',
        'Main Campus,Spring 2027,BIO,102,Genetics,001,"Curie, Marie"',
        'Main Campus,Spring 2027,BIO,102,Genetics,002,"Curie, Marie"',
      ].join('\n'),
    });
    await applied(ctx, admin, sections.importId);
    const enrolments = await uploadChecked(ctx, admin, {
      formatId: 'students-enrollments',
      fileName: 'students.csv',
      file: [
        'student_id,first_name,last_name,email,division,term,department,course,section',
        'S1,Ada,Lovelace,ada@example.edu,Main Campus,Spring 2027,BIO,102,001',
        'S2,Alan,Turing,alan@example.edu,Main Campus,Spring 2027,BIO,102,001',
        'S2,Alan,Turing,alan@example.edu,Main Campus,Spring 2027,BIO,102,002',
      ].join('\n'),
    });
    await applied(ctx, admin, enrolments.importId);
    const products = await uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName: 'products.csv',
      file: 'isbn,title\n9780070006577,Complex Analysis\n',
    });
    await applied(ctx, admin, products.importId);
    const broken = await uploadChecked(ctx, admin, {
      formatId: 'divisions-terms',
      fileName: 'calendar.csv',
      file: 'division,term,term_start,term_end\nMain Campus,Fall 2027,2027-13-01,2027-12-01\n',
    });
    expect(broken.status).toBe('INVALID');

    const waiting = await uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName: 'more-products.csv',
      file: 'isbn,title\n9780131103627,The C Programming Language\n',
    });

    const s = await status();
    const last = Object.fromEntries(s.feeds.map((f) => [f.feed, f.lastImport]));
    const lastApplied = Object.fromEntries(s.feeds.map((f) => [f.feed, f.lastApplied]));
    // The failed upload is the newest; the store's calendar is still from the applied one.
    expect(last['DIVISIONS_TERMS']).toMatchObject({ importId: broken.importId, status: 'INVALID' });
    expect(lastApplied['DIVISIONS_TERMS']).toMatchObject({ fileName: 'calendar.csv', status: 'APPLIED' });
    expect(lastApplied['DIVISIONS_TERMS']?.importId).not.toBe(broken.importId);
    expect(last['PRODUCTS_PRICES']).toMatchObject({ importId: waiting.importId, status: 'VALIDATED' });
    expect(lastApplied['PRODUCTS_PRICES']).toMatchObject({ importId: products.importId, added: 1 });
    expect(lastApplied['PROFESSORS']?.importId).toBe(sections.importId);
    expect(last['COURSES_SECTIONS']).toMatchObject({ importId: sections.importId, added: 3 });
    expect(last['PROFESSORS']?.importId).toBe(sections.importId);
    expect(last['STUDENTS_ENROLLMENTS']).toMatchObject({
      importId: enrolments.importId,
      status: 'APPLIED',
    });
    expect(s.terms[0]).toMatchObject({
      termName: 'Spring 2027',
      divisionName: 'Main Campus',
      courses: 2,
      sections: 3,
      professors: 2,
      enrollments: 3,
      adoptions: 0,
    });
    expect([s.students, s.products]).toEqual([2, 1]);
  });
});
