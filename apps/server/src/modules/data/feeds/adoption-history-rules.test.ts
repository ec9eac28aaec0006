import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getAdoptionMaterialHistoryItems,
  getAdoptionMaterials,
  type AdoptionHistoryItem,
  type AdoptionMaterialDTO,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { callAs, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  entity,
  issuesOf,
  removeWaitingUploads,
  uploadChecked,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

const HEADER =
  'division,term,department,course,section,isbn,title,author,edition,publisher,requirement,adopter_email';
const row = (section: string, isbn: string, more = ',,,,,') =>
  `Main Campus,Fall 2026,BIO,101,${section},${isbn},${more}`;

/** The store-standard file: one row per rule of the adoption history feed. */
const FILE = [
  HEADER,
  row('001', '9780070006577', ',,,,required,'), // row 2: the portal adopted it on 001
  row('', '9780393979503', ',,,,recommended,instructor@store-a.test'), // 3: course-wide, distributor's book
  row('002', '', 'Lab notebook,Store,,,required,nobody@elsewhere.edu'), // 4: a proposed title, unknown adopter
  row('001', '9780064431781', 'Where The Wild Things Are,Sendak,1,,required,'), // 5: a book from the file
  row('002', '9780064431781', ',,,,recommended,'), // 6: contradicts row 5
  row('001', '9780440416791', ',,,,required,'), // 7: in no catalog, no title
  'Main Campus,Fall 2026,BIO,999,001,9780064431781,,,,,,', // 8: no such course
  row('009', '9780064431781', ',,,,,'), // 9: no such section
  row('002', '9780064431781', ',,,,maybe,'), // 10: an unreadable answer: required, with a warning
].join('\n');

describe.each(engines)('adoption history rules (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let section002: number;
  const input = (file: string) => ({ formatId: 'adoption-history', fileName: 'history.csv', file });
  const adoptions = async () => {
    const res = await ctx.app.inject({
      url: fillPath(getAdoptionMaterials.path, {
        userAccountId: admin.accountId,
        divisionId: ctx.fixture.catalog.divisionId,
        departmentCode: 'BIO',
        courseCode: '101',
      }),
      headers: authHeaders(admin.host, admin.token),
    });
    return res.json<{ adoptionMaterials: AdoptionMaterialDTO[] }>().adoptionMaterials;
  };
  const imported = async () => (await adoptions()).filter((a) => a.source === 'IMPORT');
  const codes = (a: AdoptionMaterialDTO | undefined) => a?.sections.map((s) => s.sectionCode);

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
    const { catalog, locations } = ctx.fixture;
    const [section] = await ctx.db
      .insert(t.sections)
      .values({
        locationId: locations.a,
        courseId: catalog.courseId,
        termId: catalog.termId,
        code: '002',
        startDate: '2026-08-24',
        endDate: '2026-12-18',
      })
      .returning();
    section002 = section!.id;
    const [title] = await ctx.db
      .insert(t.titles)
      .values({ locationId: locations.a, ean13: '9780070006577', description: 'Complex Analysis' })
      .returning();
    const [portal] = await ctx.db
      .insert(t.adoptionMaterials)
      .values({
        locationId: locations.a,
        courseId: catalog.courseId,
        titleId: title!.id,
        adoptionType: 'SECTION_ADOPTION',
        startDate: '2026-08-24',
      })
      .returning();
    await ctx.db
      .insert(t.adoptionMaterialSections)
      .values({ adoptionMaterialId: portal!.id, sectionId: catalog.sectionId });
    await ctx.db
      .insert(t.externalProducts)
      .values({ ean13: '9780393979503', description: 'The Norton Anthology', author: 'Baym' })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('rejects what the store cannot take and says why, row by row', async () => {
    const checked = await uploadChecked(ctx, admin, input(FILE));
    expect(checked).toMatchObject({
      status: 'VALIDATED',
      rowsRead: 9,
      rowsValid: 4,
      rowsRejected: 5,
      rowsWarned: 2,
    });
    expect(entity(checked, 'adoptions')).toEqual({ added: 3, updated: 0, unchanged: 0 });
    expect(entity(checked, 'titles').added).toBe(2);
    const issues = (await issuesOf(ctx, admin, checked.importId)).body.issues.map((i) => [
      i.rowNumber,
      i.column,
      i.message,
    ]);
    expect(issues).toEqual(
      expect.arrayContaining([
        [2, 'isbn', 'is already adopted in the portal for the section'],
        [4, 'adopter_email', 'is not an account of the store: imported without its adopter'],
        [6, 'requirement', 'differs from an earlier row of the same adoption'],
        [7, 'isbn', "is in neither the store's catalog nor the distributor's: give the title too"],
        [8, 'course', 'is not a course of the division in the store'],
        [9, 'section', 'is not a section of the term in the store'],
        [
          10,
          'requirement',
          'is neither required nor recommended (write "required" or "recommended")',
        ],
      ]),
    );
  });

  it('writes the adoptions as the wizard would, marked as imported', async () => {
    const checked = await uploadChecked(ctx, admin, input(FILE));
    await applied(ctx, admin, checked.importId);
    const list = await imported();
    expect(list).toHaveLength(3);
    const norton = list.find((a) => a.title?.ean13 === '9780393979503');
    // The course-wide row covers each section of the course that term; the distributor's
    // book is now the store's; the adopter the file names is the store's instructor.
    expect(norton).toMatchObject({
      required: false,
      title: { description: 'The Norton Anthology' },
      submitter: { userName: 'instructor@store-a.test' },
    });
    expect(codes(norton)).toEqual(['001', '002']);
    const notebook = list.find((a) => a.proposedTitle?.description === 'Lab notebook');
    expect(notebook).toMatchObject({ titleId: null, submitter: null, required: true });
    expect(codes(notebook)).toEqual(['002']);
    // Rows 5 and 10 are one adoption over both sections.
    const wild = list.find((a) => a.title?.ean13 === '9780064431781');
    expect(wild).toMatchObject({
      required: true,
      title: { description: 'Where The Wild Things Are', author: 'Sendak' },
    });
    expect(codes(wild)).toEqual(['001', '002']);
    // The portal's own adoption is as it was.
    expect((await adoptions()).filter((a) => a.source === 'PORTAL').map(codes)).toEqual([['001']]);
  });

  it('brings a changed adoption back to the file, with the change in its history', async () => {
    const wild = (await imported()).find((a) => a.title?.ean13 === '9780064431781')!;
    // A clerk takes the adoption off section 002; the file, imported again, puts it back.
    await ctx.db
      .update(t.adoptionMaterialSections)
      .set({ removed: true })
      .where(
        and(
          eq(t.adoptionMaterialSections.adoptionMaterialId, wild.adoptionMaterialId),
          eq(t.adoptionMaterialSections.sectionId, section002),
        ),
      );
    // The same file, the book now recommended on both of its rows.
    const changed = FILE.replace(
      'Where The Wild Things Are,Sendak,1,,required,',
      'Where The Wild Things Are,Sendak,1,,recommended,',
    ).replace(
      row('002', '9780064431781', ',,,,maybe,'),
      row('002', '9780064431781', ',,,,recommended,'),
    );
    const checked = await uploadChecked(ctx, admin, input(changed));
    expect(entity(checked, 'adoptions')).toEqual({ added: 0, updated: 1, unchanged: 2 });
    await applied(ctx, admin, checked.importId);
    const after = (await imported()).find((a) => a.adoptionMaterialId === wild.adoptionMaterialId);
    expect(after).toMatchObject({ required: false });
    expect(codes(after)).toEqual(['001', '002']);
    const history = await callAs(ctx, admin, getAdoptionMaterialHistoryItems, {
      query: { adoptionMaterialId: wild.adoptionMaterialId },
    });
    const entries = history.json<AdoptionHistoryItem[]>().filter((h) => h.action === 'IMPORTED');
    expect(entries.at(-1)).toMatchObject({
      before: { required: true, sectionCodes: ['001'] },
      after: {
        file: 'history.csv',
        importId: checked.importId,
        required: false,
        sectionCodes: ['001', '002'],
      },
    });
  });
});
