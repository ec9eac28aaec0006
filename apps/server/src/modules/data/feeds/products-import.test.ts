import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/bulk-write.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  issuesOf,
  storeTables,
  UOFT_ADOPTIONS,
  uploadChecked,
  XLSX_TYPE,
  removeWaitingUploads,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

async function titleOf(ctx: TestContext, ean13: string) {
  const [row] = await queryRows<{
    isbn10: string | null;
    description: string;
    author: string;
    edition: string;
    publisher: string;
    listPriceCents: number;
  }>(
    ctx.db,
    sql`select isbn10, description, author, edition, publisher,
        list_price_cents as "listPriceCents"
      from titles where location_id = ${ctx.fixture.locations.a} and ean13 = ${ean13}`,
  );
  return row;
}

/** A products-prices workbook as a spreadsheet user would type it (numbers where they look like numbers). */
async function productWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(['isbn', 'isbn10', 'title', 'author', 'edition', 'publisher', 'list_price']);
  sheet.addRow([9780070006577, '', 'Complex Analysis', 'Ahlfors', '3', 'McGraw-Hill', 129.95]);
  sheet.addRow([
    '0-393-97950-4',
    '0393979504',
    { richText: [{ text: 'Norton Anthology ' }, { text: 'Vol. A' }] },
    'Baym',
    '',
    '',
    '$1,299.00',
  ]);
  sheet.addRow([]);
  sheet.addRow([9780070006578, '', 'Bad check digit', '', '', '', 10]);
  sheet.addRow([64431789, '', 'Leading zeros lost', '', '', '', 10]);
  sheet.addRow(['9780064431781', '0070006571', 'Two books in one row', '', '', '', 10]);
  sheet.addRow(['9780140424393', '', '', 'Milton', '', '', 'twelve']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(engines)('products and prices (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it("imports the UofT Bookstore's adoption list as titles, one per ISBN", async () => {
    const input = {
      formatId: 'uoft-bookstore-adoptions',
      fileName: 'uoft_bookstore_textbook_adoptions_2020-fall.csv',
      file: { path: UOFT_ADOPTIONS },
    };
    const checked = await uploadChecked(ctx, admin, input);
    expect(checked).toMatchObject({
      status: 'VALIDATED',
      divisionId: null,
      rowsRead: 1405,
      rowsValid: 1401,
      rowsRejected: 4,
      added: 1401,
      entities: [{ entity: 'titles', added: 1401, updated: 0, unchanged: 0 }],
      terms: [],
    });
    // Four ISBNs appear twice with another title (e.g. "... (Do Not Use)"), author or price.
    expect(checked.reasons).toEqual([
      { column: 'title', message: 'differs from an earlier row of the same ISBN', rows: 4 },
      { column: 'author', message: 'differs from an earlier row of the same ISBN', rows: 3 },
      { column: 'edition', message: 'differs from an earlier row of the same ISBN', rows: 1 },
      { column: 'price_cad', message: 'differs from an earlier row of the same ISBN', rows: 1 },
    ]);
    const { body } = await issuesOf(ctx, admin, checked.importId);
    expect([...new Set(body.issues.map((i) => i.rowNumber))]).toEqual([283, 784, 796, 1265]);
    expect(body.issues.find((i) => i.rowNumber === 796 && i.column === 'price_cad')).toMatchObject({
      value: '34.45 (row 533 has 34.25)',
    });

    const done = await applied(ctx, admin, checked.importId);
    expect(done).toMatchObject({ status: 'APPLIED', added: 1401 });
    expect(await titleOf(ctx, '9780064431781')).toEqual({
      isbn10: '0064431789',
      description: 'Where The Wild Things Are',
      author: 'Sendak',
      edition: '1',
      publisher: '',
      listPriceCents: 930,
    });
    // An ISBN-10 ending in X (130 of the file's books).
    const [withX] = await queryRows<{ isbn10: string; ean13: string }>(
      ctx.db,
      sql`select isbn10, ean13 from titles where location_id = ${ctx.fixture.locations.a}
        and isbn10 like '%X' order by ean13 limit 1`,
    );
    expect(withX?.ean13).toMatch(/^978\d{10}$/);
    expect(withX?.isbn10.slice(0, 9)).toBe(withX?.ean13.slice(3, 12));

    const tables = await storeTables(ctx.db, ctx.fixture.locations.a);
    const again = await uploadChecked(ctx, admin, input);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 1401 });
    expect(await applied(ctx, admin, again.importId)).toMatchObject({ unchanged: 1401 });
    expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(tables);
  }, 60_000);

  it('reads an Excel workbook: numbers, rich text, blank rows; bad ISBNs and prices are named', async () => {
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName: 'Products.XLSX',
      file: await productWorkbook(),
      contentType: XLSX_TYPE,
    });
    expect(checked).toMatchObject({
      fileType: 'xlsx',
      status: 'VALIDATED',
      rowsRead: 6,
      rowsValid: 2,
      rowsRejected: 4,
    });
    const { body } = await issuesOf(ctx, admin, checked.importId);
    // Row numbers as the spreadsheet shows them: the blank row 4 is skipped, not renumbered.
    expect(body.issues.map((i) => [i.rowNumber, i.column, i.value, i.message])).toEqual([
      [5, 'isbn', '9780070006578', 'is not a valid ISBN: the check digit is wrong'],
      [6, 'isbn', '64431789', 'is not an ISBN: its leading zeros were lost (keep the column as text)'],
      [7, 'isbn10', '0070006571', 'is not the same book as the ISBN-13'],
      [8, 'title', '', 'is required'],
      [8, 'list_price', 'twelve', expect.stringMatching(/^is not a price/)],
    ]);
    await applied(ctx, admin, checked.importId);
    expect(await titleOf(ctx, '9780070006577')).toMatchObject({
      isbn10: '0070006571',
      description: 'Complex Analysis',
      listPriceCents: 12995,
    });
    expect(await titleOf(ctx, '9780393979503')).toMatchObject({
      isbn10: '0393979504',
      description: 'Norton Anthology Vol. A',
      listPriceCents: 129900,
    });
  });

  it('refuses a file named .xlsx that is not a workbook: INVALID, saying so', async () => {
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName: 'products.xlsx',
      file: 'isbn,title\n9780070006577,Complex Analysis\n',
      contentType: 'application/octet-stream',
    });
    expect(checked.status).toBe('INVALID');
    expect(checked.errorMessage).toMatch(/^The file is not a readable Excel workbook \(\.xlsx\)/);
  });
});
