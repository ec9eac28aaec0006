import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, getImportTemplate, mapImportColumns, type ImportSummary } from '@csp/contracts';
import { authHeaders, createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  importOf,
  removeWaitingUploads,
  sectionNamed,
  uploadChecked,
  UOFT_ADOPTIONS,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

/** A registrar's own export: its own headers, "First Last" names, no division or term column. */
const EXPORT = [
  'Subject,Catalog Nbr,Class Title,Section,Instructor,Enrolled',
  'BIO,101,Intro Biology,021,Marie Curie,25',
  'BIO,101,Intro Biology,022,Gabriel García Márquez,31',
].join('\n');

describe.each(engines)('matching a file of other headers (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const upload = (file: string, fileName = 'registrar-export.csv') =>
    uploadChecked(ctx, admin, { formatId: 'courses-sections', fileName, file });
  /** Sends the columns as the contract lists them, from `{ key: choice }`. */
  type MapBody = { columns: Record<string, unknown>; nameOrder?: string; saveAs?: string };
  const mapColumns = async (importId: number, body: MapBody) => {
    const columns = Object.entries(body.columns).map(([key, choice]) => ({ key, choice }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: fillPath(mapImportColumns.path, { userAccountId: admin.accountId, importId }),
      headers: authHeaders(admin.host, admin.token),
      payload: { ...body, columns },
    });
    await ctx.background.drain();
    return res;
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  let first: ImportSummary;
  it('asks for the columns of a file whose headers are not the format’s, proposing a mapping', async () => {
    first = await upload(EXPORT);
    expect(first).toMatchObject({ status: 'NEEDS_MAPPING', rowsRead: 0 });
    const mapping = first.columnMapping;
    expect(mapping?.fileColumns[4]).toEqual({
      header: 'Instructor',
      samples: ['Marie Curie', 'Gabriel García Márquez'],
    });
    const choices = Object.fromEntries(mapping?.fields.map((f) => [f.key, f.choice]) ?? []);
    expect(choices).toMatchObject({
      division: { source: 'none' },
      term: { source: 'none' },
      department: { source: 'column', header: 'Subject' },
      course: { source: 'column', header: 'Catalog Nbr' },
      course_name: { source: 'column', header: 'Class Title' },
      section: { source: 'column', header: 'Section' },
      professors: { source: 'column', header: 'Instructor' },
      estimated_enrollment: { source: 'column', header: 'Enrolled' },
      capacity: { source: 'none' },
    });
    expect(mapping?.nameOrder).toBe('first-last');
    expect(mapping?.fields.find((f) => f.key === 'division')).toMatchObject({ required: true, people: false });
    expect(mapping?.templateName).toBeNull();
  });

  it('refuses a mapping that leaves out a required column or names one the file lacks', async () => {
    const columns = Object.fromEntries(first.columnMapping!.fields.map((f) => [f.key, f.choice]));
    const cases: [MapBody, string, string][] = [
      [{ columns }, 'columns.division', 'Division is required: choose the file\'s column, or a value for every row.'],
      [
        { columns: { ...columns, division: { source: 'value', value: 'Main Campus' }, term: { source: 'column', header: 'Semester' } } },
        'columns.term',
        'The file has no column "Semester".',
      ],
      [
        { columns: { ...columns, division: { source: 'value', value: 'Main Campus' }, term: { source: 'value', value: 'Fall 2026' }, room: { source: 'none' } } },
        'columns.room',
        'The format has no column "room".',
      ],
      [{ columns, nameOrder: 'surname-first' }, 'nameOrder', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await mapColumns(first.importId, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json<{ field: string }>().field).toBe(field);
      if (message) expect(res.json<{ message: string }>().message).toBe(message);
    }
    const twice = await ctx.app.inject({
      method: 'POST',
      url: fillPath(mapImportColumns.path, { userAccountId: admin.accountId, importId: first.importId }),
      headers: authHeaders(admin.host, admin.token),
      payload: {
        columns: [
          { key: 'section', choice: { source: 'column', header: 'Section' } },
          { key: 'section', choice: { source: 'none' } },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({
      message: 'The column "section" of the format is given twice.',
      field: 'columns.section',
    });
    expect((await importOf(ctx, admin, first.importId)).body.status).toBe('NEEDS_MAPPING');
  });

  it('checks the file with the columns chosen, values for the missing ones, names as "First Last"', async () => {
    const columns = {
      ...Object.fromEntries(first.columnMapping!.fields.map((f) => [f.key, f.choice])),
      division: { source: 'value', value: 'Main Campus' },
      term: { source: 'value', value: 'Fall 2026' },
    };
    const res = await mapColumns(first.importId, { columns, nameOrder: 'first-last', saveAs: 'Registrar export' });
    expect(res.statusCode).toBe(202);
    expect(res.json<ImportSummary>().status).toBe('VALIDATING');
    const checked = (await importOf(ctx, admin, first.importId)).body;
    expect(checked).toMatchObject({ status: 'VALIDATED', rowsValid: 2, rowsRejected: 0, rowsWarned: 0 });
    expect(checked.columnMapping?.templateName).toBe('Registrar export');
    await applied(ctx, admin, first.importId);
    const a = ctx.fixture.locations.a;
    expect(await sectionNamed(ctx.db, a, 'Fall 2026 - Main', 'BIO', '101', '022')).toMatchObject({
      professorNames: 'García Márquez, Gabriel',
      estimated: 31,
    });
  });

  it('keeps a file’s sample values only while it may be mapped: not once applied', async () => {
    const done = (await importOf(ctx, admin, first.importId)).body;
    expect(done.status).toBe('APPLIED');
    expect(done.columnMapping?.fileColumns[4]).toEqual({ header: 'Instructor', samples: [] });
  });

  it('saves no mapping whose check leaves no row to apply', async () => {
    const layout = 'Dept,Number,Name,Sec';
    const bad = await upload(`${layout}\nBIO,101,Intro Biology,031\n`, 'bad.csv');
    expect(bad.status).toBe('NEEDS_MAPPING');
    const columns = {
      ...Object.fromEntries(bad.columnMapping!.fields.map((f) => [f.key, f.choice])),
      division: { source: 'value', value: 'Law School' },
      term: { source: 'value', value: 'Fall 2026' },
    };
    expect((await mapColumns(bad.importId, { columns, saveAs: 'Mistaken' })).statusCode).toBe(202);
    expect((await importOf(ctx, admin, bad.importId)).body.status).toBe('INVALID');
    // The next file of that layout is asked for again, not failed by the mistaken mapping.
    expect((await upload(`${layout}\nBIO,101,Intro Biology,032\n`, 'again.csv')).status).toBe('NEEDS_MAPPING');
  });

  it('maps the next file of the same headers by the saved mapping, without a click', async () => {
    const next = await upload(EXPORT.replace('Marie Curie,25', 'Marie Curie,27'), 'registrar-export-2.csv');
    expect(next).toMatchObject({ status: 'VALIDATED', rowsValid: 2, updated: 1, unchanged: 1 });
    expect(next.columnMapping?.templateName).toBe('Registrar export');
    // Another layout is not this mapping's: it is asked for.
    const other = await upload(EXPORT.replace('Enrolled', 'Headcount'), 'other.csv');
    expect(other.status).toBe('NEEDS_MAPPING');
  });

  it('leaves a file of the format’s own headers as it was: nothing to map', async () => {
    const own = await upload('division,term,department,course,course_name,section\nMain Campus,Fall 2026,BIO,101,Intro Biology,023\n');
    expect(own).toMatchObject({ status: 'VALIDATED', columnMapping: null });
    const res = await mapColumns(own.importId, { columns: {} });
    expect(res.statusCode).toBe(409);
  });

  it("reads the UofT Bookstore's own adoption list as the store's products, mapped on screen", async () => {
    const own = await uploadChecked(ctx, admin, {
      formatId: 'uoft-bookstore-adoptions',
      fileName: 'uoft.csv',
      file: { path: UOFT_ADOPTIONS },
    });
    const upload = await uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName: 'uoft.csv',
      file: { path: UOFT_ADOPTIONS },
    });
    expect(upload.status).toBe('NEEDS_MAPPING');
    const proposed = Object.fromEntries(upload.columnMapping!.fields.map((f) => [f.key, f.choice]));
    expect(proposed).toEqual({
      isbn: { source: 'column', header: 'isbn13_derived' },
      isbn10: { source: 'column', header: 'isbn10' },
      title: { source: 'column', header: 'title' },
      author: { source: 'column', header: 'author' },
      edition: { source: 'column', header: 'edition' },
      publisher: { source: 'none' },
      list_price: { source: 'column', header: 'price_cad' },
    });
    const res = await mapColumns(upload.importId, { columns: proposed });
    expect(res.statusCode).toBe(202);
    const checked = (await importOf(ctx, admin, upload.importId)).body;
    // The same titles as the format written for this file finds.
    expect(checked).toMatchObject({
      status: 'VALIDATED',
      rowsRead: own.rowsRead,
      added: own.added,
      entities: own.entities,
    });
  });

  it('gives a template of each format that imports as it is', async () => {
    for (const formatId of ['courses-sections', 'products-prices']) {
      const res = await ctx.app.inject({
        url: fillPath(getImportTemplate.path, { userAccountId: admin.accountId, formatId }),
        headers: authHeaders(admin.host, admin.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.body.split('\r\n').filter(Boolean)).toHaveLength(3);
      const checked = await uploadChecked(ctx, admin, { formatId, fileName: 'template.csv', file: res.body });
      expect(checked, formatId).toMatchObject({ status: 'VALIDATED', rowsRejected: 0, rowsWarned: 0 });
    }
    const missing = await ctx.app.inject({
      url: fillPath(getImportTemplate.path, { userAccountId: admin.accountId, formatId: 'nope' }),
      headers: authHeaders(admin.host, admin.token),
    });
    expect(missing.statusCode).toBe(404);
  });
});
