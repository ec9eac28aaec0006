import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, MAX_IMPORT_BYTES, uploadImport, type ImportSummary } from '@csp/contracts';
import { isAppError } from '@csp/http-kit';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { addCatalog, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applyCall,
  applied,
  courseNamed,
  issuesOf,
  sectionNamed,
  storeTables,
  upload,
  uploadChecked,
  removeWaitingUploads,
} from '../../../test-support/data-test-support.ts';
import { storeUpload } from '../../../lib/uploads/receive-upload.ts';
import { importLimits } from './file-rows.ts';

const engines = await testEngines();
const INTERRUPTED = { interrupted: 'The upload stopped before the whole file arrived.' };

const HEADER =
  'division,term,term_start,term_end,department,department_name,course,course_name,course_description,section,start_date,end_date,capacity,estimated_enrollment,professors';

/** The store's standard section list with one good row and one of each kind of mistake. */
const SECTIONS_WITH_MISTAKES = [
  HEADER,
  'Main Campus,Fall 2026,,,BIO,,101,Intro Biology,,002,,,30,25,"Instructor, Ida; Curie, Marie"',
  'Main Campus,Spring 2027,2027-01-11,2027-05-07,CHEM,Chemistry,110,General Chemistry,"Atoms,\nand molecules",001,,,,,"Pauling, Linus"',
  'Law School,Fall 2026,,,LAW,,100,Torts,,001,,,,,',
  'Main Campus,Winter 2030,,,BIO,,101,Intro Biology,,003,,,,,',
  'Main Campus,Fall 2026,,,BIO,,101,Intro Biology,,1.20E+02,,,,,',
  'Main Campus,Fall 2026,,,BIO,,101,Intro Biology,,004,2026-13-01,2026-12-01,lots,,Ida Instructor',
  'Main Campus,Fall 2026,,,BIO,,101,,,005,,,,,',
  'Main Campus,Fall 2026,,,BIO,,101,Intro Biology,,006,2026-12-01,2026-09-01,,,',
  'Main Campus,Fall 2026,,,BIO,,101,Intro Biology,,002,,,30,26,',
  '',
].join('\n');

describe.each(engines)('checking uploads (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const rawUpload = (
    query: string,
    input: { headers?: Record<string, string>; payload: string | Readable },
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `${fillPath(uploadImport.path, { userAccountId: admin.accountId })}?${query}`,
      headers: {
        ...authHeaders(admin.host, admin.token),
        'content-type': 'text/csv',
        ...input.headers,
      },
      payload: input.payload,
    });
  const sections = (file: string | Buffer) =>
    uploadChecked(ctx, admin, { formatId: 'courses-sections', fileName: 'sections.csv', file });

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('names each bad cell by row (as a spreadsheet numbers it) and column; the good rows apply', async () => {
    const checked = await sections(SECTIONS_WITH_MISTAKES);
    // Row 7's mistakes are all in details (dates, capacity, a professor): it goes in without them.
    expect(checked).toMatchObject({
      status: 'VALIDATED',
      rowsRead: 9,
      rowsValid: 3,
      rowsRejected: 6,
      rowsWarned: 1,
    });
    const { body } = await issuesOf(ctx, admin, checked.importId);
    expect(body.issues.map((i) => [i.rowNumber, i.column, i.value, i.message, i.warning])).toEqual([
      [4, 'division', 'Law School', 'is not a division of this store', false],
      [5, 'term', 'Winter 2030', 'is not a term of the division (give its dates to create it)', false],
      [
        6,
        'section',
        '1.20E+02',
        'looks like a number a spreadsheet rewrote in scientific notation (keep codes as text)',
        false,
      ],
      [7, 'start_date', '2026-13-01', 'is not a date: write it as YYYY-MM-DD', true],
      [7, 'capacity', 'lots', 'is not a whole number from 0 to 1,000,000', true],
      [7, 'professors', 'Ida Instructor', 'has a name not written as "Last, First"', true],
      [8, 'course_name', '', 'is required', false],
      [9, 'end_date', '2026-09-01', 'is before the section start date', false],
      [
        10,
        'estimated_enrollment',
        '26 (row 2 has 25)',
        'differs from an earlier row of the same section',
        false,
      ],
    ]);
    expect(checked.warnings).toEqual([
      { column: 'capacity', message: 'is not a whole number from 0 to 1,000,000', rows: 1 },
      { column: 'professors', message: 'has a name not written as "Last, First"', rows: 1 },
      { column: 'start_date', message: 'is not a date: write it as YYYY-MM-DD', rows: 1 },
    ]);
    expect(checked.reasons.map((r) => r.column)).not.toContain('capacity');
    expect(checked.entities).toEqual([
      // "Fall 2026" is the store's "Fall 2026 - Main"; Spring 2027 is new.
      { entity: 'terms', added: 1, updated: 0, unchanged: 1 },
      { entity: 'departments', added: 1, updated: 0, unchanged: 1 },
      { entity: 'courses', added: 1, updated: 0, unchanged: 1 },
      { entity: 'sections', added: 3, updated: 0, unchanged: 0 },
      { entity: 'professors', added: 2, updated: 0, unchanged: 1 },
      { entity: 'section professors', added: 3, updated: 0, unchanged: 0 },
    ]);

    await applied(ctx, admin, checked.importId);
    const a = ctx.fixture.locations.a;
    expect(await sectionNamed(ctx.db, a, 'Fall 2026 - Main', 'BIO', '101', '002')).toMatchObject({
      estimated: 25,
      professorNames: 'Curie, Marie; Instructor, Ida',
      startDate: '2026-08-24',
      endDate: '2026-12-18',
    });
    expect(await sectionNamed(ctx.db, a, 'Spring 2027', 'CHEM', '110', '001')).toMatchObject({
      startDate: '2027-01-11',
      professorNames: 'Pauling, Linus',
    });
    expect(await courseNamed(ctx.db, a, 'CHEM', '110')).toMatchObject({
      description: 'Atoms, and molecules',
    });
    // Row 7 went in with the term's dates and no professor: its bad details were left out.
    expect(await sectionNamed(ctx.db, a, 'Fall 2026 - Main', 'BIO', '101', '004')).toMatchObject({
      professorNames: '',
      startDate: '2026-08-24',
      endDate: '2026-12-01',
    });
  });

  it('keeps the good names of a professors cell and leaves out the one in another shape', async () => {
    const checked = await sections(
      `${HEADER}
Main Campus,Fall 2026,,,BIO,,101,Intro Biology,,007,,,,,"Curie, Marie; Rosalind Franklin"
`,
    );
    expect(checked).toMatchObject({ status: 'VALIDATED', rowsValid: 1, rowsWarned: 1 });
    const { body } = await issuesOf(ctx, admin, checked.importId);
    expect(body.issues).toEqual([
      {
        rowNumber: 2,
        column: 'professors',
        value: 'Rosalind Franklin',
        message: 'has a name not written as "Last, First"',
        warning: true,
      },
    ]);
    await applied(ctx, admin, checked.importId);
    const a = ctx.fixture.locations.a;
    expect(await sectionNamed(ctx.db, a, 'Fall 2026 - Main', 'BIO', '101', '007')).toMatchObject({
      professorNames: 'Curie, Marie',
    });
  });

  it('asks for the columns of a file whose header lacks required ones, proposing them; it cannot be applied yet', async () => {
    const header = HEADER.replace(',section,', ',sec,').replace(',course_name,', ',title,');
    const checked = await sections(`${header}\nMain Campus,Fall 2026\n`);
    expect(checked).toMatchObject({ status: 'NEEDS_MAPPING', rowsRead: 0 });
    const proposed = Object.fromEntries(checked.columnMapping!.fields.map((f) => [f.key, f.choice]));
    expect(proposed).toMatchObject({
      course_name: { source: 'column', header: 'title' },
      section: { source: 'column', header: 'sec' },
      division: { source: 'column', header: 'division' },
    });
    const apply = await applyCall(ctx, admin, checked.importId);
    expect(apply.statusCode).toBe(409);
    expect(apply.json()).toEqual({
      message: 'Only a checked import can be applied; this one is "Columns to match".',
      field: 'importId',
    });
  });

  it('makes an import whose every row is rejected INVALID, with its reasons', async () => {
    const checked = await sections(`${HEADER}\nLaw School,Fall 2026,,,LAW,,100,Torts,,001,,,,,\n`);
    expect(checked).toMatchObject({
      status: 'INVALID',
      rowsRejected: 1,
      errorMessage: 'No row can be applied: every row was rejected (see the reasons).',
      reasons: [{ column: 'division', message: 'is not a division of this store', rows: 1 }],
    });
  });

  it('rejects cells that are not UTF-8 in a file its uploader said is UTF-8', async () => {
    const latin1 = Buffer.from(`last_name,first_name\nM\xfcller,Anna\nCurie,Marie\n`, 'latin1');
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'professors',
      fileName: 'professors.csv',
      file: latin1,
      encoding: 'utf-8',
    });
    expect(checked).toMatchObject({
      status: 'VALIDATED',
      rowsValid: 1,
      rowsRejected: 1,
      csvDialect: { separator: 'comma', encoding: 'utf-8', chosen: true },
    });
    expect(checked.reasons).toEqual([
      {
        column: 'last_name',
        message:
          'contains characters its text encoding cannot give: upload it again choosing its encoding (e.g. Windows-1252), or save it as "CSV UTF-8"',
        rows: 1,
      },
    ]);
  });

  it('answers a 400 naming the field for a bad format, file name, division or body', async () => {
    const b = await addCatalog(ctx.db, ctx.fixture.locations.b, { departmentCode: 'ZZ' });
    const file = `${HEADER}\n`;
    const cases: [Parameters<typeof upload>[2], number, string][] = [
      [{ formatId: 'nope', fileName: 'a.csv', file }, 400, 'formatId'],
      [{ formatId: '', fileName: 'a.csv', file }, 400, 'formatId'],
      [{ formatId: 'courses-sections', fileName: 'a.txt', file }, 400, 'fileName'],
      [{ formatId: 'courses-sections', fileName: 'a.xlsx', file }, 400, 'fileName'],
      [{ formatId: 'uiuc-grades-by-crn', fileName: 'a.csv', file }, 400, 'divisionId'],
      [
        { formatId: 'uiuc-grades-by-crn', fileName: 'a.csv', file, divisionId: b.divisionId },
        404,
        'divisionId',
      ],
      [{ formatId: 'courses-sections', fileName: 'a.csv', file: '' }, 400, 'file'],
      [
        {
          formatId: 'courses-sections',
          fileName: 'a.csv',
          file: '{"rows":[]}',
          contentType: 'application/json',
        },
        400,
        'file',
      ],
    ];
    const tables = await storeTables(ctx.db, ctx.fixture.locations.a);
    for (const [input, status, field] of cases) {
      const res = await upload(ctx, admin, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(status);
      expect(res.json<{ field?: string }>().field, JSON.stringify(input)).toBe(field);
    }
    const nonNumeric = await rawUpload('formatId=courses-sections&fileName=a.csv&divisionId=abc', {
      payload: file,
    });
    expect(nonNumeric.statusCode).toBe(400);
    expect(nonNumeric.json<{ field: string }>().field).toBe('divisionId');
    expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(tables);
  });

  it('answers 202 with the import being checked, and 413 naming file for a body over the limit', async () => {
    const res = await upload(ctx, admin, {
      formatId: 'professors',
      fileName: 'p.csv',
      file: 'last_name,first_name\nCurie,Marie\n',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json<ImportSummary>()).toMatchObject({
      status: 'VALIDATING',
      fileBytes: 33,
      progress: { done: 0, total: null },
      createdByName: 'admin',
    });
    await ctx.background.drain();

    const tooLarge = await storeUpload(Readable.from([Buffer.alloc(64), Buffer.alloc(64)]), { ...importLimits(), maxBytes: 100 }, INTERRUPTED)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(isAppError(tooLarge) && [tooLarge.statusCode, tooLarge.field]).toEqual([413, 'file']);
    const declared = await rawUpload('formatId=professors&fileName=p.csv', {
      headers: { 'content-length': String(MAX_IMPORT_BYTES + 1) },
      payload: Readable.from([Buffer.from('last_name,first_name\n')]),
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json<{ field: string }>().field).toBe('file');
  });
});
