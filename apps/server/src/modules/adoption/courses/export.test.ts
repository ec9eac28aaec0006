import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { courseListRequest, exportCatalog, fillPath, XLSX_CONTENT_TYPE } from '@csp/contracts';
import { ExportAbandoned, writeCatalogWorkbook } from './export.ts';
import { courseListQuery } from './list.ts';
import { allListedCourses } from './list-repository.ts';
import * as t from '../../../db/schema/index.ts';
import { useUpMailAllowance } from '../../../test-support/mail-allowance.ts';
import {
  attachmentIn,
  decodeQuotedPrintable,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();
const NOW = new Date('2026-12-01T15:00:00Z');

async function readSheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Course catalog');
  if (!sheet) throw new Error('no Course catalog sheet');
  const rows: Record<string, unknown>[] = [];
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? ''])));
  });
  return rows;
}

/** The catalog export: the filtered list as a workbook, downloaded or e-mailed. */
describe.each(engines)('adoption: catalog export (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let admin: Caller;
  let submitter: Caller;

  const exportAs = (caller: Caller, body: object, query = '') =>
    ctx.app.inject({
      method: 'POST',
      url: `${fillPath(exportCatalog.path, { userAccountId: caller.accountId })}${query}`,
      headers: authHeaders(caller.host, caller.token),
      payload: body,
    });

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { now: () => NOW, config: { smtpUrl: smtp.url } });
    const { locations, catalog } = ctx.fixture;
    // BIO 101's fixture section runs 2026-08-24 .. 2026-12-18; adopt a title for it.
    const [title] = await ctx.db
      .insert(t.titles)
      .values({
        locationId: locations.a,
        ean13: '9780306406157',
        description: 'Campbell Biology',
        author: 'Urry',
        edition: '12',
        publisher: 'Pearson',
      })
      .returning({ id: t.titles.id });
    const [adoption] = await ctx.db
      .insert(t.adoptionMaterials)
      .values({
        locationId: locations.a,
        courseId: catalog.courseId,
        titleId: title!.id,
        adoptionType: 'SECTION_ADOPTION',
        startDate: '2026-08-01',
        flexibleOnEdition: true,
      })
      .returning({ id: t.adoptionMaterials.id });
    await ctx.db
      .insert(t.adoptionMaterialSections)
      .values({ adoptionMaterialId: adoption!.id, sectionId: catalog.sectionId });
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    submitter = await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const window = { sectionStartDate: '2026-08-01', sectionEndDate: '2026-12-31' };

  it('downloads the filtered list as a workbook: one row per course, section and material', async () => {
    const res = await exportAs(admin, window);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="course-catalog-2026-12-01.xlsx"',
    );
    const rows = await readSheet(res.rawPayload);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Department: 'BIO',
      Course: '101',
      'Adopted (Y/N)': 'Y',
      Section: '001',
      'Adoption type': 'Section adoption',
      'ISBN-13': '978-0-306-40615-7',
      Title: 'Campbell Biology',
      Author: 'Urry',
      'Flexible on edition': 'Y',
      'Inclusive access': 'N',
    });
    expect(rows[0]?.['Section start']).toEqual(new Date('2026-08-24T00:00:00Z'));
  });

  it('exports only what the filters list, and nothing outside the caller’s scope', async () => {
    // The default window (today .. 187 days) has no section of BIO 101 starting in it.
    expect(await readSheet((await exportAs(admin, {})).rawPayload)).toEqual([]);
    const theirs = await readSheet((await exportAs(submitter, window)).rawPayload);
    expect(theirs.map((r) => `${r.Department} ${r.Course}`)).toEqual(['BIO 101']);
  });

  it('e-mails the workbook to the caller, or to another address', async () => {
    const mine = await exportAs(admin, window, '?email=true');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ emailedTo: ctx.fixture.accounts.admin.userName, rowCount: 1 });
    const mail = await smtp.take(ctx.fixture.accounts.admin.userName);
    expect(mail.raw).toContain('Course catalog export (1 rows)');
    const rows = await readSheet(attachmentIn(mail.raw, '.xlsx'));
    expect(rows[0]).toMatchObject({ Title: 'Campbell Biology' });

    const other = await exportAs(admin, window, '?overrideEmail=buyer%40store-a.test');
    expect(other.json()).toEqual({ emailedTo: 'buyer@store-a.test', rowCount: 1 });
    // It says who sent it, through which store, and replies go to them.
    const sent = await smtp.take('buyer@store-a.test');
    expect(sent.raw).toMatch(/^Reply-To: admin@store-a\.test\r?$/m);
    expect(decodeQuotedPrintable(sent.raw)).toContain(
      'Sent by admin (admin@store-a.test) through Store A.',
    );
  });

  it('refuses to e-mail the export to anyone the store does not know, and sends nothing', async () => {
    const before = smtp.messages.length;
    const res = await exportAs(admin, window, '?overrideEmail=Stranger%40Example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        'The export can only be e-mailed to people this store knows: stranger@example.com is not an account of this store or an address at one of its domains.',
      field: 'overrideEmail',
    });
    expect(smtp.messages.length).toBe(before);
  });

  it('sends the same export to the same address once, and lets a failed sending be retried', async () => {
    const exportDirs = async () =>
      (await readdir(tmpdir())).filter((f) => f.startsWith('csp-export-')).sort();
    const dirsBefore = await exportDirs();
    const to = 'twice@store-a.test';
    const query = `?overrideEmail=${encodeURIComponent(to)}`;
    const first = await exportAs(admin, window, query);
    expect(first.statusCode, first.body).toBe(200);
    const again = await exportAs(admin, window, query);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/less than a minute ago/);
    await smtp.take(to);
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);

    const refused = 'refused@store-a.test';
    smtp.refuse.add(refused);
    try {
      const failed = await exportAs(admin, window, `?overrideEmail=${encodeURIComponent(refused)}`);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toMatch(/could not be e-mailed/);
    } finally {
      smtp.refuse.clear();
    }
    const retried = await exportAs(admin, window, `?overrideEmail=${encodeURIComponent(refused)}`);
    expect(retried.statusCode, retried.body).toBe(200);
    // No temporary workbook is left behind, sent or not.
    expect(await exportDirs()).toEqual(dirsBefore);
  });

  it('writes every batch of courses (more than 250)', async () => {
    const { locations, catalog } = ctx.fixture;
    const [department] = await ctx.db
      .insert(t.departments)
      .values({
        locationId: locations.a,
        divisionId: catalog.divisionId,
        code: 'MANY',
        name: 'Many',
      })
      .returning({ id: t.departments.id });
    const many = await ctx.db
      .insert(t.courses)
      .values(
        Array.from({ length: 260 }, (_, i) => ({
          locationId: locations.a,
          divisionId: catalog.divisionId,
          departmentId: department!.id,
          code: String(100 + i),
          name: `Course ${i}`,
        })),
      )
      .returning({ id: t.courses.id });
    await ctx.db.insert(t.sections).values(
      many.map((c) => ({
        locationId: locations.a,
        courseId: c.id,
        termId: catalog.termId,
        code: '001',
        startDate: '2026-12-15',
        endDate: '2027-03-01',
      })),
    );
    const rows = await readSheet((await exportAs(admin, { searchString: 'many' })).rawPayload);
    expect(rows).toHaveLength(260);
    expect(new Set(rows.map((r) => r.Course)).size).toBe(260);
    expect(rows.every((r) => r.Section === '001' && r['Adoption type'] === 'Not adopted')).toBe(
      true,
    );
  });

  it('stops building when the reader goes away', async () => {
    const query = courseListQuery(
      courseListRequest.parse({ searchString: 'many' }),
      ctx.fixture.locations.a,
      null,
      NOW,
    );
    const courses = await allListedCourses(ctx.db, query);
    expect(courses.length).toBeGreaterThan(250);
    const output = new PassThrough();
    output.once('data', () => output.destroy());
    await expect(
      writeCatalogWorkbook(ctx.db, query, courses, output, 'Test store'),
    ).rejects.toBeInstanceOf(ExportAbandoned);
  });

  it('refuses a bad override address and bad filters, naming the field', async () => {
    const bad = await exportAs(admin, window, '?overrideEmail=not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'overrideEmail' });
    const reversed = await exportAs(admin, {
      sectionStartDate: '2027-01-02',
      sectionEndDate: '2027-01-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ field: 'sectionEndDate' });
    // Text PostgreSQL cannot store is refused before any header of a download goes out.
    const nul = await exportAs(admin, { searchString: 'bio\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ field: 'searchString' });
  });

  // Last: it uses up the store's allowance for the hour.
  it('refuses e-mailed exports over the hourly limits of the account and the store, sending nothing', async () => {
    const { locations, accounts } = ctx.fixture;
    const before = smtp.messages.length;
    const who = { accountId: accounts.submitterDepartment.id, locationId: locations.a };
    await useUpMailAllowance(ctx.db, 'catalogExport', who, 'account');
    const mine = await exportAs(submitter, window, '?email=true');
    expect(mine.statusCode).toBe(429);
    expect(Number(mine.headers['retry-after'])).toBeGreaterThan(3000);
    expect(mine.json().message).toMatch(
      /^You have e-mailed 10 exports in the last hour\. Download this one instead, or try again in \d+ minutes\.$/,
    );
    expect((await exportAs(submitter, window)).statusCode).toBe(200);
    const theirs = await exportAs(admin, window, '?overrideEmail=other%40store-a.test');
    expect(theirs.statusCode, theirs.body).toBe(200);
    await useUpMailAllowance(ctx.db, 'catalogExport', who, 'store');
    const store = await exportAs(admin, window, '?overrideEmail=third%40store-a.test');
    expect(store.statusCode).toBe(429);
    expect(store.headers['retry-after']).toBeDefined();
    expect(store.json().message).toMatch(/^This store has e-mailed 100 exports in the last hour\./);
    expect(smtp.messages.length).toBe(before + 1);
  });
});
