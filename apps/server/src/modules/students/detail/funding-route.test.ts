import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STUDENT_FUNDING_REFUSAL,
  STUDENT_LOOKUP_REFUSAL,
  getStudentFunding,
  type StudentAllowance,
} from '@csp/contracts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { day, fundingWorld, type FundingWorld } from '../../../test-support/funding-world.ts';
import { signIn } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

type Funding = { allowances: StudentAllowance[]; availableCents: number };

describe.each(engines)("a student's funding (%s)", (engine) => {
  let ctx: TestContext;
  let w: FundingWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows each allowance with its balance, whether it pays today and for what', async () => {
    const [student] = await w.addStudents(w.storeA, 1);
    const idNum = student!.studentIdNum;
    const open = await w.createSource(w.who.manager, {
      name: 'Fall aid',
      termIds: [w.terms.a],
      scope: 'REQUIRED_OWN_SECTIONS',
      spending: ['RENTAL', 'NEW'],
      chargeEndsOn: day(20),
    });
    const upcoming = await w.createSource(w.who.manager, {
      name: 'Spring aid',
      kind: 'SCHOLARSHIP',
      chargeStartsOn: day(5),
      chargeEndsOn: day(60),
    });
    const spent = await w.createSource(w.who.manager, { name: 'Spent grant', kind: 'GRANT' });
    const aid = await w.addAllowance(w.who.manager, open.sourceId, idNum, 30_000);
    await w.charge(aid, 12_000);
    await w.addAllowance(w.who.manager, upcoming.sourceId, idNum, 5_000);
    const used = await w.addAllowance(w.who.manager, spent.sourceId, idNum, 2_000);
    await w.charge(used, 2_000);

    const res = await w.call(w.who.manager, getStudentFunding, {
      query: { customerId: student!.id },
    });
    expect(res.statusCode).toBe(200);
    const funding = res.json<Funding>();
    expect(funding.availableCents).toBe(18_000);
    expect(funding.allowances.map((a) => [a.sourceName, a.usableToday, a.balanceCents])).toEqual([
      ['Fall aid', true, 18_000],
      ['Spent grant', false, 0],
      ['Spring aid', false, 5_000],
    ]);
    expect(funding.allowances[0]).toMatchObject({
      allowanceId: aid.allowanceId,
      kind: 'FINANCIAL_AID',
      voucherCode: aid.voucherCode,
      termNames: ['Fall 2026'],
      chargeEndsOn: day(20),
      eligibility: "Required materials of the student's own sections: new, rental; Fall 2026 only",
      allocatedCents: 30_000,
      spentCents: 12_000,
    });
    expect(funding.allowances[2]?.eligibility).toBe(
      'Any course material: new, used, rental, digital; any term',
    );
  });

  it('answers no funding for a student without any', async () => {
    const [student] = await w.addStudents(w.storeA, 1);
    const res = await w.call(w.who.manager, getStudentFunding, {
      query: { customerId: student!.id },
    });
    expect(res.json()).toEqual({ allowances: [], availableCents: 0 });
  });

  it('refuses a reporter, who looks students up without the funding action (403)', async () => {
    const [student] = await w.addStudents(w.storeA, 1);
    const refused = await w.call(w.who.reporter, getStudentFunding, {
      query: { customerId: student!.id },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STUDENT_FUNDING_REFUSAL);
  });

  it("refuses another store's student (404) and a caller who may not look students up (403)", async () => {
    const [student] = await w.addStudents(w.storeA, 1);
    const other = await w.call(w.who.storeB, getStudentFunding, {
      query: { customerId: student!.id },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().field).toBe('customerId');
    const nobody = await signIn(ctx, ctx.fixture.accounts.submitterUnscoped.userName);
    const refused = await w.call(nobody, getStudentFunding, { query: { customerId: student!.id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STUDENT_LOOKUP_REFUSAL);
  });
});
