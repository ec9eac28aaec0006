import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDING_REFUSAL,
  fillPath,
  addAllowance,
  createFundingSource,
  emailSourceVouchers,
  emailVoucher,
  getAccessDayReport,
  getAllowanceUpload,
  getAllowanceUploadIssues,
  getAllowanceUploads,
  getAllowances,
  getFundingSource,
  getFundingSources,
  getFundingTerms,
  getNearExpiryReport,
  getSourceActivity,
  getSourceLedger,
  getSourceVouchersPdf,
  getSpendingReport,
  getVoucherMailing,
  getVoucherPdf,
  setAllowanceAmount,
  updateFundingSource,
  type Endpoint,
  type FundingAllowance,
  type FundingSource,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  fundingWorld,
  type CallInput,
  type FundingWorld,
} from '../../../test-support/funding-world.ts';
import { addAccount, signIn } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

describe.each(engines)('funding management needs MANAGE_VOUCHERS store-wide (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingWorld;
  let source: FundingSource;
  let allowance: FundingAllowance;
  let uploadId: number;
  /** A student without an allowance from the source, for the add. */
  let newcomer: string;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingWorld(ctx);
    source = await w.createSource(w.who.manager);
    const [student, other] = await w.addStudents(w.storeA, 2);
    newcomer = other!.studentIdNum;
    allowance = await w.addAllowance(w.who.manager, source.sourceId, student!.studentIdNum, 1_000);
    const [upload] = await ctx.db
      .insert(t.fundingUploads)
      .values({
        locationId: w.storeA,
        sourceId: source.sourceId,
        fileName: 'checked.csv',
        status: 'INVALID',
        createdBy: w.who.manager.accountId,
      })
      .returning({ id: t.fundingUploads.id });
    uploadId = upload!.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const calls = (): [Endpoint, CallInput][] => {
    const sourceId = { sourceId: source.sourceId };
    const allowanceId = { allowanceId: allowance.allowanceId };
    return [
      [getFundingSources, {}],
      [getFundingSource, { params: sourceId }],
      [createFundingSource, { body: { source: w.sourceInput(), clientKey: w.newKey() } }],
      [updateFundingSource, { params: sourceId, body: { source: w.sourceInput(), version: 0 } }],
      [getFundingTerms, {}],
      [getAllowances, { params: sourceId }],
      [getAllowanceUploads, { params: sourceId }],
      [getAllowanceUpload, { params: { uploadId } }],
      [getAllowanceUploadIssues, { params: { uploadId } }],
      [
        addAllowance,
        {
          params: sourceId,
          body: { studentIdNum: newcomer, amountCents: 1, clientKey: w.newKey() },
        },
      ],
      [setAllowanceAmount, { params: allowanceId, body: { amountCents: 5 } }],
      [getVoucherPdf, { params: allowanceId }],
      [getSourceVouchersPdf, { params: sourceId }],
      [emailVoucher, { params: allowanceId }],
      [getVoucherMailing, { params: sourceId }],
      [emailSourceVouchers, { params: sourceId }],
      [getSourceLedger, { params: sourceId }],
      [getSourceActivity, { params: sourceId }],
      [getSpendingReport, {}],
      [getNearExpiryReport, {}],
      [getAccessDayReport, { query: { termId: w.terms.a } }],
    ];
  };

  it('refuses every funding call with 403 to users without it, and changes nothing', async () => {
    // MANAGE_VOUCHERS on one department opens no store-wide funding: it lists every student.
    await addAccount(ctx.db, w.storeA, 'cma-biology@store-a.test', [
      { role: 'CMA_MEMBER', departmentId: ctx.fixture.catalog.departmentId },
    ]);
    const refused = [
      w.who.reporter,
      await signIn(ctx, 'cma-biology@store-a.test'),
      await signIn(ctx, ctx.fixture.accounts.submitterUnscoped.userName),
      await signIn(ctx, ctx.fixture.accounts.storeB.userName, 'store-b.test'),
    ];
    for (const who of refused) {
      for (const [contract, input] of calls()) {
        const res = await w.call(who, contract, input);
        expect(res.statusCode, `${contract.method} ${contract.path}`).toBe(403);
        expect(res.json()).toMatchObject({ message: FUNDING_REFUSAL });
      }
    }
    expect(await w.ledgerSums(source.sourceId)).toEqual({ ALLOCATION: 1_000 });
  });

  it('answers every funding call to a funding manager', async () => {
    for (const [contract, input] of calls()) {
      const res = await w.call(w.who.manager, contract, input);
      // E-mailing a source's vouchers answers 202 when it started sending some.
      expect(
        contract === emailSourceVouchers ? [200, 202] : [200],
        `${contract.method} ${contract.path}: ${res.body.slice(0, 200)}`,
      ).toContain(res.statusCode);
    }
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getFundingSources.path, { userAccountId: w.who.manager.accountId }),
      headers: { host: 'store-a.test' },
    });
    expect(res.statusCode).toBe(401);
  });
});
