import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDING_MESSAGES as M,
  FUNDING_REFUSAL,
  MAX_ALLOWANCE_FILE_BYTES,
  applyAllowanceUpload,
  fillPath,
  getAllowanceUpload,
  getAllowanceUploadIssues,
  getAllowanceUploads,
  type AllowanceUpload,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import {
  fundingOrderWorld,
  type FundingOrderWorld,
} from '../../../test-support/funding-order-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';
import { AMOUNT_MESSAGES } from './upload-amount.ts';

const engines = await testEngines();

describe.each(engines)('allowance files: check, then apply (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingOrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingOrderWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Calls an upload endpoint as `who` (the ids go in the path). */
  const call = (
    who: Caller,
    contract: { method: string; path: string },
    id: number,
    query: Record<string, string | number> = {},
  ) =>
    ctx.app.inject({
      method: contract.method as 'GET' | 'POST',
      url: fillPath(contract.path, { userAccountId: who.accountId, uploadId: id, sourceId: id }),
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: authHeaders(who.host, who.token),
    });

  const students = async (n: number) => {
    const ids: { id: number; idNum: string }[] = [];
    for (let i = 0; i < n; i++) {
      const id = await w.newStudent();
      ids.push({ id, idNum: await w.studentIdNum(id) });
    }
    return ids;
  };
  const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\n');

  it('reports every bad row with its row and column, and writes nothing until applied', async () => {
    const source = await w.addSource({ budgetCents: 300_000, capCents: 150_000 });
    type Student = { id: number; idNum: string };
    const [s1, s2, s3, s4, s5, s6, s7, s8, s9] = (await students(9)) as [
      Student,
      Student,
      Student,
      Student,
      Student,
      Student,
      Student,
      Student,
      Student,
    ];
    const existing = (await students(1))[0]!;
    await w.addAllowance(source, existing.id, 5_000);
    const file = csv([
      [' Student ID ', 'AMOUNT', 'note'],
      [s1.idNum, '125.50', 'Fall advance'], // 2: valid
      ['99999999', '10', ''], // 3: unknown student
      [s2.idNum, '"$1,250.00"', ''], // 4: valid
      [s1.idNum, '20', ''], // 5: listed twice
      [existing.idNum, '30', ''], // 6: already has one
      [s3.idNum, '12.345', ''], // 7: three decimals
      [s4.idNum, '-5', ''], // 8: negative
      [s5.idNum, 'abc', ''], // 9: not an amount
      [s6.idNum, '1600', ''], // 10: over the cap
      [s7.idNum, '"1,500"', ''], // 11: valid, 74.50 of the budget left
      [s8.idNum, '100', ''], // 12: over the budget left
      [s9.idNum, '74.50', ''], // 13: valid, fits what is left exactly
      ['', '10', ''], // 14: no student
    ]);
    const before = await w.counts();
    const res = await w.upload(w.manager, source, 'aid.csv', file);
    expect(res.statusCode).toBe(200);
    const report: AllowanceUpload = res.json();
    expect(report).toMatchObject({
      sourceId: source,
      fileName: 'aid.csv',
      status: 'CHECKED',
      rowsRead: 13,
      rowsValid: 4,
      rowsRejected: 9,
      validCents: 12_550 + 125_000 + 150_000 + 7_450,
      remainingCents: 295_000,
      errorMessage: null,
      appliedAt: null,
    });
    expect(report.reasons.reduce((n, r) => n + r.rows, 0)).toBe(9);
    expect(await w.counts()).toEqual(before);

    const issues = await call(w.manager, getAllowanceUploadIssues, report.uploadId, {
      page: 1,
      pageSize: 25,
    });
    expect(issues.statusCode).toBe(200);
    expect(issues.json().recordCount).toBe(9);
    expect(
      issues
        .json()
        .issues.map((i: { rowNumber: number; column: string; message: string }) => [
          i.rowNumber,
          i.column,
          i.message,
        ]),
    ).toEqual([
      [3, 'Student ID', M.studentNotFound('99999999')],
      [5, 'Student ID', M.duplicateAllowance(s1.idNum)],
      [6, 'Student ID', M.duplicateAllowance(existing.idNum)],
      [7, 'Amount', AMOUNT_MESSAGES.notAnAmount],
      [8, 'Amount', AMOUNT_MESSAGES.notPositive],
      [9, 'Amount', AMOUNT_MESSAGES.notAnAmount],
      [10, 'Amount', M.overCap('$1,500.00')],
      [12, 'Amount', M.overBudget('$74.50')],
      [14, 'Student ID', expect.any(String)],
    ]);
    const page2 = await call(w.manager, getAllowanceUploadIssues, report.uploadId, {
      page: 2,
      pageSize: 5,
    });
    expect(page2.json().issues.map((i: { rowNumber: number }) => i.rowNumber)).toEqual([
      9, 10, 12, 14,
    ]);

    const applied = await call(w.manager, applyAllowanceUpload, report.uploadId);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      status: 'APPLIED',
      appliedByName: 'Name of funding@store-a.test',
    });
    expect(await w.counts()).toEqual({
      allowances: before.allowances + 4,
      entries: before.entries + 4,
    });
    const written = await ctx.db
      .select({ studentId: t.fundingAllowances.studentId, uploadId: t.fundingAllowances.uploadId })
      .from(t.fundingAllowances)
      .where(eq(t.fundingAllowances.uploadId, report.uploadId));
    expect(written.map((r) => r.studentId).sort((a, b) => a - b)).toEqual(
      [s1.id, s2.id, s7.id, s9.id].sort((a, b) => a - b),
    );
    const allocations = await w.entries('ALLOCATION', { sourceId: source });
    expect(allocations.reduce((sum, e) => sum + e.amountCents, 0)).toBe(300_000);

    const activity = await ctx.db
      .select({ action: t.fundingActivity.action })
      .from(t.fundingActivity)
      .where(eq(t.fundingActivity.sourceId, source));
    expect(activity.map((a) => a.action).sort()).toEqual(['UPLOAD_APPLIED', 'UPLOAD_CHECKED']);
    const listed = await call(w.manager, getAllowanceUploads, source);
    expect(listed.json().uploads.map((u: AllowanceUpload) => [u.uploadId, u.status])).toEqual([
      [report.uploadId, 'APPLIED'],
    ]);
  });

  it('applies a file once when it is applied twice at the same moment', async () => {
    const source = await w.addSource();
    const s = await students(3);
    const res = await w.upload(
      w.manager,
      source,
      'twice.csv',
      csv([['Student ID', 'Amount'], ...s.map((x) => [x.idNum, '50'])]),
    );
    const { uploadId } = res.json() as AllowanceUpload;
    const before = await w.counts();
    const both = await Promise.all([
      call(w.manager, applyAllowanceUpload, uploadId),
      call(w.manager, applyAllowanceUpload, uploadId),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().status)).toEqual(['APPLIED', 'APPLIED']);
    expect(await w.counts()).toEqual({
      allowances: before.allowances + 3,
      entries: before.entries + 3,
    });
    const again = await call(w.manager, applyAllowanceUpload, uploadId);
    expect(again.json().status).toBe('APPLIED');
    expect(await w.counts()).toEqual({
      allowances: before.allowances + 3,
      entries: before.entries + 3,
    });
  });

  it('refuses to apply a file whose source changed since the check (409), writing nothing', async () => {
    const source = await w.addSource();
    const s = await students(2);
    const res = await w.upload(
      w.manager,
      source,
      'late.csv',
      csv([['Student ID', 'Amount'], ...s.map((x) => [x.idNum, '50'])]),
    );
    const { uploadId, status } = res.json() as AllowanceUpload;
    expect(status).toBe('CHECKED');
    // Someone gives the second student an allowance meanwhile.
    await w.addAllowance(source, s[1]!.id, 1_000);
    const before = await w.counts();
    const refused = await call(w.manager, applyAllowanceUpload, uploadId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: M.sourceChangedSinceCheck, field: 'uploadId' });
    expect(await w.counts()).toEqual(before);
    expect((await call(w.manager, getAllowanceUpload, uploadId)).json().status).toBe('CHECKED');
  });

  it('reads the first sheet of an .xlsx file', async () => {
    const source = await w.addSource();
    const s = await students(2);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Allowances');
    sheet.addRow(['Student ID', 'Amount', 'Note']);
    sheet.addRow([Number(s[0]!.idNum), 125.5, 'typed as numbers']);
    sheet.addRow([s[1]!.idNum, '$80.00', '']);
    sheet.addRow(['12345', 'ten', '']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await w.upload(
      w.manager,
      source,
      'aid.XLSX',
      bytes,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'CHECKED',
      rowsRead: 3,
      rowsValid: 2,
      validCents: 20_550,
    });
    const applied = await call(w.manager, applyAllowanceUpload, res.json().uploadId);
    expect(applied.json().status).toBe('APPLIED');
  });

  it('takes a formula cell by the cents it shows (=100*1.1 is 110.00000000000001)', async () => {
    const source = await w.addSource();
    const s = await students(2);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Allowances');
    sheet.addRow(['Student ID', 'Amount']);
    sheet.addRow([s[0]!.idNum, { formula: '100*1.1', result: 100 * 1.1 }]);
    sheet.addRow([s[1]!.idNum, 0.1 + 0.2]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await w.upload(
      w.manager,
      source,
      'formulas.xlsx',
      bytes,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.json()).toMatchObject({ status: 'CHECKED', rowsValid: 2, validCents: 11_030 });
  });

  it('reports a cell holding a NUL character as its row, and refuses one in fileName', async () => {
    const source = await w.addSource();
    const [good, bad] = await students(2);
    const res = await w.upload(
      w.manager,
      source,
      'nul.csv',
      `Student ID,Amount,Note\n${good!.idNum},10,fine\n${bad!.idNum},20,odd\u0000note\n`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CHECKED', rowsValid: 1, rowsRejected: 1 });
    const issues = await call(w.manager, getAllowanceUploadIssues, res.json().uploadId);
    expect(issues.json().issues).toEqual([
      {
        rowNumber: 3,
        column: 'Note',
        value: 'oddnote',
        message: 'The cell contains a NUL character.',
      },
    ]);
    const nulId = await w.upload(w.manager, source, 'nul.csv', `Student ID,Amount\n12\u00003,10\n`);
    expect(nulId.json()).toMatchObject({ status: 'INVALID', rowsRejected: 1 });

    const named = await w.upload(w.manager, source, 'a\u0000.csv', 'Student ID,Amount\n');
    expect(named.statusCode).toBe(400);
    expect(named.json()).toEqual({
      message: 'fileName: must not contain a NUL character',
      field: 'fileName',
    });
  });

  it('reports a file without a required column, or without rows, as INVALID', async () => {
    const source = await w.addSource();
    const missing = await w.upload(w.manager, source, 'x.csv', 'Student,Amount\n1,2\n');
    expect(missing.json()).toMatchObject({
      status: 'INVALID',
      errorMessage: M.missingColumn('Student ID'),
      rowsValid: 0,
    });
    const empty = await w.upload(w.manager, source, 'x.csv', '');
    expect(empty.json()).toMatchObject({ status: 'INVALID', errorMessage: M.emptyFile });
    const invalid = await call(w.manager, applyAllowanceUpload, missing.json().uploadId);
    expect(invalid.statusCode).toBe(409);
    expect(invalid.json()).toEqual({ message: M.uploadInvalid, field: 'uploadId' });
  });

  it('refuses a file that is too large, not named .csv or .xlsx, or not a file', async () => {
    const source = await w.addSource();
    const big = await w.upload(
      w.manager,
      source,
      'big.csv',
      Buffer.alloc(MAX_ALLOWANCE_FILE_BYTES + 1, 'a'),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      message: 'The file is larger than 5 MB, the most an allowance file may be.',
      field: 'file',
    });
    const named = await w.upload(w.manager, source, 'aid.pdf', 'Student ID,Amount\n');
    expect(named.statusCode).toBe(400);
    expect(named.json().field).toBe('fileName');
    const json = await w.upload(
      w.manager,
      source,
      'aid.csv',
      JSON.stringify({ a: 1 }),
      'application/json',
    );
    expect(json.statusCode).toBe(400);
    expect(json.json().field).toBe('file');
  });

  it('is for MANAGE_VOUCHERS holders of the same store only', async () => {
    const source = await w.addSource();
    const res = await w.upload(w.manager, source, 'mine.csv', 'Student ID,Amount\n');
    const { uploadId } = res.json() as AllowanceUpload;
    const clerk = await w.upload(w.who.clerk, source, 'x.csv', 'Student ID,Amount\n');
    expect(clerk.statusCode).toBe(403);
    expect(clerk.json().message).toBe(FUNDING_REFUSAL);
    for (const [contract, id] of [
      [getAllowanceUpload, uploadId],
      [getAllowanceUploadIssues, uploadId],
      [applyAllowanceUpload, uploadId],
      [getAllowanceUploads, source],
    ] as const) {
      const refused = await call(w.who.clerk, contract, id);
      expect(refused.statusCode, contract.path).toBe(403);
      expect(refused.json().message).toBe(FUNDING_REFUSAL);
    }
    const other = await call(w.who.storeB, getAllowanceUpload, uploadId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: M.uploadNotFound, field: 'uploadId' });
    expect((await call(w.who.storeB, applyAllowanceUpload, uploadId)).statusCode).toBe(404);
    expect((await call(w.who.storeB, getAllowanceUploadIssues, uploadId)).statusCode).toBe(404);
    const intoOther = await w.upload(w.who.storeB, source, 'x.csv', 'Student ID,Amount\n');
    expect(intoOther.statusCode).toBe(404);
    expect(intoOther.json().field).toBe('sourceId');
  });
});
