import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDING_MESSAGES as M,
  emailVoucher,
  getSourceVouchersPdf,
  getVoucherPdf,
  type FundingAllowance,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { readLabelPdf } from '../../../test-support/rental-world.ts';
import { renderVouchers } from './voucher-pdf.ts';
import {
  decodeQuotedPrintable,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { day, fundingWorld, type FundingWorld } from '../../../test-support/funding-world.ts';

const engines = await testEngines();

const usDay = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

describe.each(engines)('funding vouchers (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingWorld;
  let smtp: SmtpCapture;
  let allowance: FundingAllowance;
  let sourceId: number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp(engine, { config: { smtpUrl: smtp.url } });
    w = await fundingWorld(ctx);
    const source = await w.createSource(w.who.manager, {
      name: 'Spring Book Grant',
      kind: 'GRANT',
      termIds: [w.terms.a],
      scope: 'REQUIRED_OWN_SECTIONS',
      spending: ['USED', 'NEW'],
    });
    sourceId = source.sourceId;
    const students = await w.addStudents(w.storeA, 3, { lastName: 'Voucherly' });
    allowance = await w.addAllowance(w.who.manager, sourceId, students[0]!.studentIdNum, 12_550);
    for (const s of students.slice(1))
      await w.addAllowance(w.who.manager, sourceId, s.studentIdNum, 1_000);
    await w.charge(allowance, 2_550);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("prints a student's voucher: store, student, source, amounts, window, and the code as a barcode", async () => {
    const res = await w.call(w.who.manager, getVoucherPdf, {
      params: { allowanceId: allowance.allowanceId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`voucher-${allowance.voucherCode}.pdf`);
    const pdf = await readLabelPdf(res.rawPayload);
    expect(pdf.pages).toHaveLength(1);
    for (const text of [
      'Store A',
      `${allowance.firstName} ${allowance.lastName}`,
      `Student ID ${allowance.studentIdNum}`,
      'Spring Book Grant',
      '$125.50',
      '$100.00',
      `${usDay(day(-10))} to ${usDay(day(30))}`,
      "Required materials of the student's own sections: new, used; Fall 2026 only",
      allowance.voucherCode,
    ])
      expect(pdf.text).toContain(text);
    expect(pdf.barcodes).toEqual([allowance.voucherCode]);
    const printed = await ctx.db
      .select()
      .from(t.fundingActivity)
      .where(
        and(
          eq(t.fundingActivity.allowanceId, allowance.allowanceId),
          eq(t.fundingActivity.action, 'VOUCHERS_PRINTED'),
        ),
      );
    expect(printed.map((a) => [a.sourceId, a.actorAccountId, a.summary])).toEqual([
      [
        sourceId,
        w.who.manager.accountId,
        `Printed the voucher of student ${allowance.studentIdNum}`,
      ],
    ]);
  });

  it('prints every voucher of a source, one per page, and records it', async () => {
    const res = await w.call(w.who.manager, getSourceVouchersPdf, { params: { sourceId } });
    expect(res.statusCode).toBe(200);
    const pdf = await readLabelPdf(res.rawPayload);
    expect(pdf.pages).toHaveLength(3);
    expect(pdf.barcodes).toHaveLength(3);
    expect(pdf.barcodes).toContain(allowance.voucherCode);
    const printed = await ctx.db
      .select()
      .from(t.fundingActivity)
      .where(
        and(
          eq(t.fundingActivity.sourceId, sourceId),
          eq(t.fundingActivity.action, 'VOUCHERS_PRINTED'),
          isNull(t.fundingActivity.allowanceId),
        ),
      );
    expect(printed.map((a) => a.summary)).toEqual(['Printed 3 vouchers']);
  });

  it("starts a promotion's vouchers with a page of its shared code, to print and post", async () => {
    const promotion = await w.createSource(w.who.manager, {
      name: 'Welcome week',
      kind: 'PROMOTION',
      budgetCents: 100_000,
      scope: 'ANY_COURSE_MATERIAL',
      spending: ['NEW'],
      promotion: { code: 'WELCOME-25', amountCents: 2_500, useLimit: 40 },
    });
    const [student] = await w.addStudents(w.storeA, 1);
    // A use of the promotion is an allowance of it (here given by hand).
    const use = await w.addAllowance(
      w.who.manager,
      promotion.sourceId,
      student!.studentIdNum,
      2_500,
    );
    const res = await w.call(w.who.manager, getSourceVouchersPdf, {
      params: { sourceId: promotion.sourceId },
    });
    expect(res.statusCode).toBe(200);
    const pdf = await readLabelPdf(res.rawPayload);
    expect(pdf.pages).toHaveLength(2);
    // The promotion's page first (pages are read in order), then the use's voucher.
    expect(pdf.barcodes).toEqual(['WELCOME-25', use.voucherCode]);
    const first = pdf.text.slice(0, pdf.text.indexOf('Course materials voucher'));
    for (const text of [
      'Store A',
      'Course materials promotion',
      'Welcome week',
      'WELCOME-25',
      '$25.00',
      '39 of 40 (one per student)',
      `${usDay(day(-10))} to ${usDay(day(30))}`,
      'Any course material: new; any term',
    ])
      expect(first).toContain(text);
  });

  it('e-mails the voucher to the student over SMTP and records when', async () => {
    const res = await w.call(w.who.manager, emailVoucher, {
      params: { allowanceId: allowance.allowanceId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sentTo: allowance.email });
    const mail = decodeQuotedPrintable((await smtp.take(allowance.email)).raw);
    expect(mail).toContain('Subject: Your course materials voucher from Store A Campus Store');
    expect(mail).toContain(allowance.voucherCode);
    expect(mail).toContain('Spring Book Grant');
    expect(mail).toContain('$100.00');
    // It says which of the store's staff sent it.
    expect(mail).toContain('Sent by admin (admin@store-a.test) through Store A.');
    const [row] = await ctx.db
      .select()
      .from(t.fundingAllowances)
      .where(eq(t.fundingAllowances.id, allowance.allowanceId));
    expect(row?.emailedAt?.toISOString()).toBe(res.json().emailedAt);
    const [logged] = await ctx.db
      .select()
      .from(t.fundingActivity)
      .where(
        and(
          eq(t.fundingActivity.allowanceId, allowance.allowanceId),
          eq(t.fundingActivity.action, 'VOUCHER_EMAILED'),
        ),
      );
    expect(logged?.summary).toContain(allowance.email);
  });

  it('refuses to e-mail a student without an address, naming allowanceId', async () => {
    const [student] = await w.addStudents(w.storeA, 1, { email: false });
    const noMail = await w.addAllowance(w.who.manager, sourceId, student!.studentIdNum, 100);
    const res = await w.call(w.who.manager, emailVoucher, {
      params: { allowanceId: noMail.allowanceId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: M.noStudentEmail, field: 'allowanceId' });
  });

  it("gives no voucher of another store's allowance or source (404)", async () => {
    for (const [contract, params, field] of [
      [getVoucherPdf, { allowanceId: allowance.allowanceId }, 'allowanceId'],
      [emailVoucher, { allowanceId: allowance.allowanceId }, 'allowanceId'],
      [getSourceVouchersPdf, { sourceId }, 'sourceId'],
    ] as const) {
      const res = await w.call(w.who.storeB, contract, { params });
      expect(res.statusCode).toBe(404);
      expect(res.json().field).toBe(field);
    }
    expect(smtp.messages.filter((m) => m.to.includes(allowance.email))).toHaveLength(1);
  });
});

describe('voucher PDF rendering', () => {
  const voucher = {
    storeName: 'Store Ł',
    studentName: 'Zoë 中文',
    studentIdNum: '123',
    sourceName: 'Aid',
    kind: 'FINANCIAL_AID',
    allocatedCents: 100,
    balanceCents: 50,
    asOf: '2026-09-01',
    chargeStartsOn: '2026-08-01',
    chargeEndsOn: '2026-09-30',
    eligibility: 'Any course material: new; any term',
    voucherCode: 'ABCDE-12345',
  };

  it('says on a last page how many vouchers a capped print left out', async () => {
    const pdf = await readLabelPdf(await renderVouchers('Vouchers', [voucher], 7));
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.text).toContain('7 more vouchers are not in this file');
    expect(pdf.text).toContain('Zoë ??');
    expect(pdf.barcodes).toEqual(['ABCDE-12345']);
  });
});
