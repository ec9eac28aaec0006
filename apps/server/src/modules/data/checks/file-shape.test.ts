import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, uploadImport } from '@csp/contracts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  issuesOf,
  removeWaitingUploads,
  upload,
  uploadChecked,
  XLSX_TYPE,
} from '../../../test-support/data-test-support.ts';
import { READ_LIMITS } from './file-rows.ts';
import { isAppError } from '@csp/http-kit';
import { storeUpload } from '../../../lib/uploads/receive-upload.ts';
import { importLimits } from './file-rows.ts';

const engines = await testEngines();
const INTERRUPTED = { interrupted: 'The upload stopped before the whole file arrived.' };

/** Files whose shape, not their cells, is wrong: extra cells, repeated columns, too much text. */
describe.each(engines)('the shape of an uploaded file (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const products = (file: string | Buffer, fileName = 'products.csv', contentType?: string) =>
    uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName,
      file,
      ...(contentType && { contentType }),
    });

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('rejects a CSV row with more cells than the header, by its row number; fewer cells are empty ones', async () => {
    const checked = await products(
      [
        'isbn,title,author,publisher',
        // An unquoted comma: without the check the author would be "Complex".
        '9780070006577,Analysis, Complex,Ahlfors,McGraw-Hill',
        '9780393979503,Norton Anthology,Baym',
        '',
      ].join('\n'),
    );
    expect(checked).toMatchObject({ status: 'VALIDATED', rowsValid: 1, rowsRejected: 1 });
    const { body } = await issuesOf(ctx, admin, checked.importId);
    expect(body.issues).toEqual([
      {
        rowNumber: 2,
        column: '',
        value: '5 cells, the header has 4',
        message:
          'has more cells than the header has columns: a value with a comma in it must be in double quotes',
        warning: false,
      },
    ]);
  });

  it('takes rows that end in a comma (empty cells past the header) as they are', async () => {
    const checked = await products(
      [
        'isbn,title,author,publisher,',
        '9780070006577,Complex Analysis,Ahlfors,McGraw-Hill,',
        '9780393979503,Norton Anthology,Baym,Norton,,',
      ].join('\n'),
    );
    expect(checked).toMatchObject({ status: 'VALIDATED', rowsValid: 2, rowsRejected: 0 });
  });

  it.each([
    ['semicolons', ';'],
    ['tabs', '\t'],
  ])('tells a file read with commas but separated by %s its separator', async (word, separator) => {
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'products-prices',
      fileName: 'products.csv',
      file: [['isbn', 'title', 'author'].join(separator), ['9780070006577', 'A', 'B'].join(separator)].join(
        '\n',
      ),
      separator: 'comma',
    });
    expect(checked).toMatchObject({ status: 'INVALID', rowsRead: 0 });
    expect(checked.errorMessage).toMatch(
      new RegExp(
        `^The file has no column .*\\. Its values seem to be separated by ${word}, not commas: upload it again with "Values separated by" set to ${word} \\(or left to detection\\), or save it as an \\.xlsx workbook\\.$`,
      ),
    );
  });

  it('makes a file with a mapped column twice INVALID, naming the column', async () => {
    const checked = await products('isbn,title,Title,list_price\n9780070006577,A,B,10\n');
    expect(checked).toMatchObject({ status: 'INVALID', rowsRead: 0 });
    expect(checked.errorMessage).toBe(
      'The file has more than one column "title": keep one of them (which one holds the values cannot be told).',
    );
    // A repeated column the format does not read is no one's concern.
    expect((await products('isbn,title,note,note\n9780070006577,A,x,y\n')).status).toBe('VALIDATED');
  });

  it('stops at a CSV record longer than the limit (an unclosed quote), naming its row', async () => {
    const runaway = `isbn,title\n9780070006577,Complex Analysis\n9780393979503,"Norton\n${'x,'.repeat(READ_LIMITS.csvRecordChars)}\n`;
    const checked = await products(runaway);
    expect(checked.status).toBe('INVALID');
    expect(checked.errorMessage).toBe(
      'The file is not valid CSV: row 3 is longer than 1,048,576 characters (is a quote left unclosed?).',
    );
  });

  it('refuses a workbook holding more text than the limit, saying so', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['isbn', 'title']);
    for (let i = 0; i < 50; i++) sheet.addRow(['9780070006577', `A title of its own, number ${i}`]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const limits = { ...READ_LIMITS };
    READ_LIMITS.sharedStrings = 20;
    try {
      const checked = await products(file, 'products.xlsx', XLSX_TYPE);
      expect(checked.status).toBe('INVALID');
      expect(checked.errorMessage).toMatch(
        /^The file holds more text than an import reads from a workbook \(20 distinct cell texts/,
      );
    } finally {
      Object.assign(READ_LIMITS, limits);
    }
    expect((await products(file, 'products.xlsx', XLSX_TYPE)).status).toBe('VALIDATED');
  });

  it('takes the body as the file whatever its content type, or none', async () => {
    const file = 'isbn,title\n9780070006577,Complex Analysis\n';
    for (const contentType of ['text/plain', 'application/x-anything']) {
      const res = await upload(ctx, admin, {
        formatId: 'products-prices',
        fileName: 'p.csv',
        file,
        contentType,
      });
      expect(res.statusCode, contentType).toBe(202);
    }
    const bare = await ctx.app.inject({
      method: 'POST',
      url: fillPath(uploadImport.path, { userAccountId: admin.accountId }),
      query: { formatId: 'products-prices', fileName: 'p.csv' },
      headers: authHeaders(admin.host, admin.token),
      payload: Buffer.from(file),
    });
    expect(bare.statusCode).toBe(202);
    await ctx.background.drain();
  });

  it('answers 400 naming file when the client stops sending; a disk failure is not the client\'s', async () => {
    // A request stream fails with "aborted" when the client goes away mid-body.
    const body = Readable.from(
      (async function* () {
        yield Buffer.from('isbn,title\n');
        throw new Error('aborted');
      })(),
    );
    const aborted = await storeUpload(body, { ...importLimits(), maxBytes: 1000 }, INTERRUPTED).catch((error: unknown) => error);
    expect(isAppError(aborted) && [aborted.statusCode, aborted.field]).toEqual([400, 'file']);

    // /dev/full answers every write with ENOSPC, as a full disk does.
    const full = await storeUpload(Readable.from([Buffer.from('isbn,title\n')]), { ...importLimits(), maxBytes: 1000 }, INTERRUPTED, () =>
      createWriteStream('/dev/full'),
    ).catch((error: unknown) => error);
    expect(isAppError(full)).toBe(false);
    expect((full as { code?: string }).code).toBe('ENOSPC');
  });
});
