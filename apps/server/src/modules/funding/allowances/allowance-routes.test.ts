import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDING_MESSAGES as M,
  addAllowance,
  getAllowances,
  getFundingSource,
  getSourceActivity,
  setAllowanceAmount,
  type FundingAllowance,
  type FundingSource,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { fundingWorld, type FundingWorld } from '../../../test-support/funding-world.ts';

const engines = await testEngines();

type Page = { allowances: FundingAllowance[]; recordCount: number };

describe.each(engines)('funding allowances (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const add = (sourceId: number, studentIdNum: string, amountCents: number, clientKey?: string) =>
    w.call(w.who.manager, addAllowance, {
      params: { sourceId },
      body: { studentIdNum, amountCents, note: 'Aid list', clientKey: clientKey ?? w.newKey() },
    });
  const setAmount = (allowanceId: number, amountCents: number, note = '') =>
    w.call(w.who.manager, setAllowanceAmount, {
      params: { allowanceId },
      body: { amountCents, note },
    });
  const sourceOf = async (sourceId: number) =>
    (await w.call(w.who.manager, getFundingSource, { params: { sourceId } })).json<FundingSource>();

  it('gives a student an allowance with a voucher code and an ALLOCATION entry', async () => {
    const source = await w.createSource(w.who.manager);
    const [student] = await w.addStudents(w.storeA, 1);
    const res = await add(source.sourceId, student!.studentIdNum, 25_000);
    expect(res.statusCode).toBe(200);
    const allowance = res.json<FundingAllowance>();
    expect(allowance).toMatchObject({
      sourceId: source.sourceId,
      customerId: student!.id,
      studentIdNum: student!.studentIdNum,
      allocatedCents: 25_000,
      spentCents: 0,
      balanceCents: 25_000,
      note: 'Aid list',
      emailedAt: null,
    });
    expect(allowance.voucherCode).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(await w.ledgerSums(source.sourceId)).toEqual({ ALLOCATION: 25_000 });
    const activity = await w.call(w.who.manager, getSourceActivity, {
      params: { sourceId: source.sourceId },
    });
    expect(activity.json().activity[0]).toMatchObject({
      action: 'ALLOWANCE_ADDED',
      summary: `$250.00 to student ${student!.studentIdNum}`,
    });
  });

  it('refuses an unknown student (also one of another store), naming studentIdNum', async () => {
    const source = await w.createSource(w.who.manager);
    const [other] = await w.addStudents(w.storeB, 1, { prefix: '55' });
    for (const id of ['000000000', other!.studentIdNum]) {
      const res = await add(source.sourceId, id, 1_000);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: M.studentNotFound(id), field: 'studentIdNum' });
    }
    const bad = await add(source.sourceId, '1', 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('amountCents');
  });

  it('adds once for one clientKey, also when two submits race', async () => {
    const source = await w.createSource(w.who.manager);
    const [student] = await w.addStudents(w.storeA, 1);
    const key = w.newKey();
    const [a, b] = await Promise.all([
      add(source.sourceId, student!.studentIdNum, 5_000, key),
      add(source.sourceId, student!.studentIdNum, 5_000, key),
    ]);
    const again = await add(source.sourceId, student!.studentIdNum, 5_000, key);
    expect([a.statusCode, b.statusCode, again.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a, b, again].map((r) => r.json<FundingAllowance>().allowanceId)).size).toBe(1);
    expect(await w.ledgerSums(source.sourceId)).toEqual({ ALLOCATION: 5_000 });
    // Another key for the same student is a duplicate.
    const dup = await add(source.sourceId, student!.studentIdNum, 5_000);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: M.duplicateAllowance(student!.studentIdNum),
      field: 'studentIdNum',
    });
  });

  it('keeps to the per-student cap and the budget', async () => {
    const source = await w.createSource(w.who.manager, {
      budgetCents: 10_000,
      perStudentCapCents: 6_000,
    });
    const students = await w.addStudents(w.storeA, 3);
    const overCap = await add(source.sourceId, students[0]!.studentIdNum, 6_001);
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json()).toEqual({ message: M.overCap('$60.00'), field: 'amountCents' });
    expect((await add(source.sourceId, students[0]!.studentIdNum, 6_000)).statusCode).toBe(200);
    const overBudget = await add(source.sourceId, students[1]!.studentIdNum, 4_001);
    expect(overBudget.statusCode).toBe(409);
    expect(overBudget.json()).toEqual({ message: M.overBudget('$40.00'), field: 'amountCents' });
    expect((await add(source.sourceId, students[1]!.studentIdNum, 4_000)).statusCode).toBe(200);
    expect((await sourceOf(source.sourceId)).figures.remainingCents).toBe(0);
  });

  it('sets an amount with an ADJUSTMENT, never below spent nor beyond cap or budget', async () => {
    const source = await w.createSource(w.who.manager, {
      budgetCents: 50_000,
      perStudentCapCents: 30_000,
    });
    const students = await w.addStudents(w.storeA, 2);
    const allowance = await w.addAllowance(
      w.who.manager,
      source.sourceId,
      students[0]!.studentIdNum,
      10_000,
    );
    await w.addAllowance(w.who.manager, source.sourceId, students[1]!.studentIdNum, 25_000);
    await w.charge(allowance, 4_000);

    const up = await setAmount(allowance.allowanceId, 15_000, 'Second disbursement');
    expect(up.statusCode).toBe(200);
    expect(up.json<FundingAllowance>()).toMatchObject({
      allocatedCents: 15_000,
      spentCents: 4_000,
      balanceCents: 11_000,
    });
    const same = await setAmount(allowance.allowanceId, 15_000);
    expect(same.statusCode).toBe(200);
    const adjustments = await ctx.db
      .select()
      .from(t.fundingLedger)
      .where(eq(t.fundingLedger.allowanceId, allowance.allowanceId));
    expect(adjustments.filter((e) => e.kind === 'ADJUSTMENT').map((e) => e.amountCents)).toEqual([
      5_000,
    ]);

    const belowSpent = await setAmount(allowance.allowanceId, 3_999);
    expect(belowSpent.statusCode).toBe(400);
    expect(belowSpent.json()).toEqual({ message: M.belowSpent('$40.00'), field: 'amountCents' });
    const overCap = await setAmount(allowance.allowanceId, 30_001);
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json()).toEqual({ message: M.overCap('$300.00'), field: 'amountCents' });
    // 50,000 budget − 25,000 − 15,000 leaves 10,000: 25,001 is 10,001 more.
    const overBudget = await setAmount(allowance.allowanceId, 25_001);
    expect(overBudget.statusCode).toBe(409);
    expect(overBudget.json()).toEqual({ message: M.overBudget('$100.00'), field: 'amountCents' });

    const down = await setAmount(allowance.allowanceId, 4_000);
    expect(down.json<FundingAllowance>()).toMatchObject({ allocatedCents: 4_000, balanceCents: 0 });

    // Every figure is the ledger's sum.
    const sums = await w.ledgerSums(source.sourceId);
    expect(sums).toEqual({ ALLOCATION: 35_000, ADJUSTMENT: -6_000, CHARGE: -4_000 });
    expect((await sourceOf(source.sourceId)).figures).toMatchObject({
      allocatedCents: 29_000,
      spentCents: 4_000,
      balanceCents: 25_000,
      remainingCents: 21_000,
      allowanceCount: 2,
    });
    const activity = await w.call(w.who.manager, getSourceActivity, {
      params: { sourceId: source.sourceId },
    });
    const adjusted = activity
      .json<{ activity: { action: string; summary: string }[] }>()
      .activity.filter((a) => a.action === 'ALLOWANCE_ADJUSTED')
      .map((a) => a.summary);
    expect(adjusted).toEqual([
      `Student ${students[0]!.studentIdNum}: $150.00 → $40.00`,
      `Student ${students[0]!.studentIdNum}: $100.00 → $150.00 (Second disbursement)`,
    ]);
  });

  it('pages 200 allowances on the server and finds them by ID or name prefix', async () => {
    const source = await w.createSource(w.who.manager);
    const students = await w.addStudents(w.storeA, 200, { prefix: '81', lastName: 'Pagewell' });
    await ctx.db
      .update(t.students)
      .set({ lastName: "O'Brien", firstName: 'Maeve' })
      .where(eq(t.students.id, students[150]!.id));
    for (const s of students)
      await w.addAllowance(w.who.manager, source.sourceId, s.studentIdNum, 100);
    const list = (query: Record<string, string | number>) =>
      w.call(w.who.manager, getAllowances, { params: { sourceId: source.sourceId }, query });

    const first = (await list({ pageSize: 25, sortField: 'studentIdNum' })).json<Page>();
    expect(first.recordCount).toBe(200);
    expect(first.allowances).toHaveLength(25);
    expect(first.allowances[0]?.studentIdNum).toBe('810001');
    const last = (await list({ pageSize: 25, page: 8, sortField: 'studentIdNum' })).json<Page>();
    expect(last.allowances.map((a) => a.studentIdNum).at(-1)).toBe('810200');
    const seen = new Set<number>();
    for (let page = 1; page <= 8; page++) {
      for (const a of (await list({ pageSize: 25, page })).json<Page>().allowances)
        seen.add(a.allowanceId);
    }
    expect(seen.size).toBe(200);
    const desc = (await list({ sortField: 'studentIdNum', sortDirection: 'desc' })).json<Page>();
    expect(desc.allowances[0]?.studentIdNum).toBe('810200');

    const byId = (await list({ search: '81010' })).json<Page>();
    expect(byId.recordCount).toBe(10);
    const byName = (await list({ search: "o'bri" })).json<Page>();
    expect(byName.allowances.map((a) => a.lastName)).toEqual(["O'Brien"]);
    const byBoth = (await list({ search: "O'Brien, mae" })).json<Page>();
    expect(byBoth.recordCount).toBe(1);
    const none = (await list({ search: '%' })).json<Page>();
    expect(none.recordCount).toBe(0);
    const beyond = (await list({ page: 50 })).json<Page>();
    expect(beyond).toEqual({ allowances: [], recordCount: 200 });
    expect((await list({ pageSize: 101 })).statusCode).toBe(400);
  });

  it('orders and finds students by their names as they are now, after a rename', async () => {
    const source = await w.createSource(w.who.manager);
    const students = await w.addStudents(w.storeA, 3, { prefix: '82', lastName: 'Middleton' });
    for (const s of students)
      await w.addAllowance(w.who.manager, source.sourceId, s.studentIdNum, 100);
    const list = (query: Record<string, string | number>) =>
      w.call(w.who.manager, getAllowances, { params: { sourceId: source.sourceId }, query });
    const names = async (query: Record<string, string | number> = {}) =>
      (await list({ sortField: 'lastName', ...query }))
        .json<Page>()
        .allowances.map((a) => `${a.lastName}/${a.studentIdNum}`);
    expect(await names()).toEqual(['Middleton/820001', 'Middleton/820002', 'Middleton/820003']);

    // As a student import writes a changed name and ID: one statement for the batch.
    await ctx.db.execute(sql`update students set
        last_name = case id when ${students[2]!.id} then 'Abbott' else 'zimmer' end,
        student_id_num = case id when ${students[2]!.id} then '820999' else student_id_num end
      where id in (${students[0]!.id}, ${students[2]!.id})`);
    expect(await names()).toEqual(['Abbott/820999', 'Middleton/820002', 'zimmer/820001']);
    expect(await names({ sortDirection: 'desc' })).toEqual([
      'zimmer/820001',
      'Middleton/820002',
      'Abbott/820999',
    ]);
    expect(await names({ sortField: 'studentIdNum' })).toEqual([
      'zimmer/820001',
      'Middleton/820002',
      'Abbott/820999',
    ]);
    expect(await names({ search: 'ZIM' })).toEqual(['zimmer/820001']);
    expect(await names({ search: '820999' })).toEqual(['Abbott/820999']);
    expect((await list({ search: 'middle' })).json<Page>().recordCount).toBe(1);
  });

  it("hides a store's allowances from every other store (404 naming the id)", async () => {
    const source = await w.createSource(w.who.manager);
    const [student] = await w.addStudents(w.storeA, 1);
    const allowance = await w.addAllowance(
      w.who.manager,
      source.sourceId,
      student!.studentIdNum,
      1_000,
    );
    const list = await w.call(w.who.storeB, getAllowances, {
      params: { sourceId: source.sourceId },
    });
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ message: M.sourceNotFound, field: 'sourceId' });
    const added = await w.call(w.who.storeB, addAllowance, {
      params: { sourceId: source.sourceId },
      body: { studentIdNum: student!.studentIdNum, amountCents: 100, clientKey: w.newKey() },
    });
    expect(added.statusCode).toBe(404);
    const amount = await w.call(w.who.storeB, setAllowanceAmount, {
      params: { allowanceId: allowance.allowanceId },
      body: { amountCents: 0 },
    });
    expect(amount.statusCode).toBe(404);
    expect(amount.json()).toEqual({ message: M.allowanceNotFound, field: 'allowanceId' });
  });
});
