import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/bulk-write.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  removeWaitingUploads,
  uploadChecked,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

/** The same professors list as Excel saves it in other languages and encodings. */
const PROFESSORS = [
  ['last_name', 'first_name', 'email'],
  ['Müller', 'Anna', 'mueller@example.edu'],
  ['Ó Briain', 'Dara', 'obriain@example.edu'],
];
const lines = (separator: string) => PROFESSORS.map((row) => row.join(separator)).join('\r\n');

/** UTF-16 big-endian bytes of a text (Node writes only little-endian). */
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe.each(engines)('CSV files in other dialects (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const professorsFile = (file: Buffer | string, chosen: { separator?: 'comma' | 'semicolon' | 'tab' } = {}) =>
    uploadChecked(ctx, admin, { formatId: 'professors', fileName: 'professors.csv', file, ...chosen });
  const stored = async () =>
    queryRows<{ name: string }>(
      ctx.db,
      sql`select last_name || ', ' || first_name as name from professors
        where location_id = ${ctx.fixture.locations.a} and email like '%@example.edu'
        order by last_name`,
    );

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it.each([
    ['semicolons, UTF-8', Buffer.from(lines(';')), 'semicolon', 'utf-8'],
    ['tabs, UTF-16 with a BOM (Excel\'s "Unicode text")', Buffer.from(`\uFEFF${lines('\t')}`, 'utf16le'), 'tab', 'utf-16le'],
    ['commas, UTF-16 big-endian', utf16be(`\uFEFF${lines(',')}`), 'comma', 'utf-16be'],
    ['semicolons, Windows-1252', Buffer.from(lines(';'), 'latin1'), 'semicolon', 'windows-1252'],
  ] as const)('reads a file of %s as it is and says how it read it', async (_, file, separator, encoding) => {
    const checked = await professorsFile(file);
    expect(checked).toMatchObject({
      status: 'VALIDATED',
      rowsValid: 2,
      rowsRejected: 0,
      csvDialect: { separator, encoding, chosen: false },
    });
  });

  it('applies a Windows-1252 file with its accents right', async () => {
    const checked = await professorsFile(Buffer.from(lines(','), 'latin1'));
    expect(checked.csvDialect).toEqual({ separator: 'comma', encoding: 'windows-1252', chosen: false });
    await applied(ctx, admin, checked.importId);
    expect(await stored()).toEqual([{ name: 'Müller, Anna' }, { name: 'Ó Briain, Dara' }]);
  });

  it("reads the file as its uploader chose, and says it was chosen", async () => {
    // Detection would read it with semicolons: the uploader's choice wins, and the report
    // says what the file seems to be.
    const checked = await professorsFile(lines(';'), { separator: 'comma' });
    expect(checked).toMatchObject({
      status: 'INVALID',
      csvDialect: { separator: 'comma', encoding: 'utf-8', chosen: true },
    });
    expect(checked.errorMessage).toMatch(/separated by semicolons, not commas/);
  });

  it('leaves the dialect out for a workbook', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Professors');
    for (const row of PROFESSORS) sheet.addRow(row);
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'professors',
      fileName: 'professors.xlsx',
      file: Buffer.from(await workbook.xlsx.writeBuffer()),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(checked).toMatchObject({ status: 'VALIDATED', rowsValid: 2, csvDialect: null });
  });
});
