import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNDING_REFUSAL, closeEndedFunding as closeEndedContract } from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import {
  day,
  fundingOrderWorld,
  type FundingOrderWorld,
} from '../../test-support/funding-order-world.ts';
import { closeEndedFunding } from './closing-run.ts';

const engines = await testEngines();

describe.each(engines)('closing ended charge windows (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingOrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingOrderWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const closedAt = async (sourceId: number) =>
    (
      await ctx.db
        .select({ closedAt: t.fundingSources.closedAt })
        .from(t.fundingSources)
        .where(eq(t.fundingSources.id, sourceId))
    )[0]?.closedAt ?? null;

  it('expires or pays out each unspent balance once, for the caller’s store only', async () => {
    const student = await w.newStudent();
    const expiring = await w.addSource({ startsOn: day(-40), endsOn: day(-1) });
    const payingOut = await w.addSource({
      startsOn: day(-40),
      endsOn: day(-2),
      unspentPolicy: 'PAY_OUT_TO_STUDENT',
    });
    const open = await w.addSource({ endsOn: day(0) });
    const a = await w.addAllowance(expiring, student, 5_000);
    const order = await w.addOrder(student, 'OPEN', [{ title: 'biology', type: 'BUY_NEW' }]);
    await ctx.db.insert(t.fundingLedger).values({
      locationId: w.storeA,
      sourceId: expiring,
      allowanceId: a,
      studentId: student,
      kind: 'CHARGE',
      amountCents: -2_000,
      orderId: order,
    });
    const b = await w.addAllowance(payingOut, student, 4_000);
    const c = await w.addAllowance(open, student, 1_000);
    const spender = await w.newStudent();
    const spent = await w.addAllowance(expiring, spender, 700);
    await ctx.db.insert(t.fundingLedger).values({
      locationId: w.storeA,
      sourceId: expiring,
      allowanceId: spent,
      studentId: spender,
      kind: 'ADJUSTMENT',
      amountCents: -700,
    });
    // Store B's ended source is not the store A manager's to close.
    const [carol] = await ctx.db
      .select({ id: t.students.id })
      .from(t.students)
      .where(eq(t.students.locationId, w.storeB));
    const other = await w.addSource({ locationId: w.storeB, startsOn: day(-40), endsOn: day(-1) });
    const d = await w.addAllowance(other, carol!.id, 900);

    const res = await w.call(w.manager, closeEndedContract);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sourcesClosed: 2, allowancesClosed: 2, closedCents: 7_000 });
    expect((await w.entries('EXPIRY', { allowanceId: a })).map((e) => e.amountCents)).toEqual([
      -3_000,
    ]);
    expect((await w.entries('PAYOUT', { allowanceId: b })).map((e) => e.amountCents)).toEqual([
      -4_000,
    ]);
    expect(await w.entries('EXPIRY', { allowanceId: spent })).toEqual([]);
    expect([await w.balanceOf(a), await w.balanceOf(b), await w.balanceOf(c)]).toEqual([
      0, 0, 1_000,
    ]);
    expect(await w.balanceOf(d)).toBe(900);
    expect(await closedAt(expiring)).not.toBeNull();
    expect(await closedAt(open)).toBeNull();
    const activity = await ctx.db
      .select({ action: t.fundingActivity.action, actor: t.fundingActivity.actorAccountId })
      .from(t.fundingActivity)
      .where(eq(t.fundingActivity.sourceId, expiring));
    expect(activity).toEqual([{ action: 'BALANCES_CLOSED', actor: w.manager.accountId }]);

    // Again: nothing left to close, nothing written.
    const again = await w.call(w.manager, closeEndedContract);
    expect(again.json()).toEqual({ sourcesClosed: 0, allowancesClosed: 0, closedCents: 0 });
    expect(await w.entries('EXPIRY', { allowanceId: a })).toHaveLength(1);

    // A refund credited after the closing is closed by the next run (the daily job: all stores).
    await ctx.db.insert(t.fundingLedger).values({
      locationId: w.storeA,
      sourceId: expiring,
      allowanceId: a,
      studentId: student,
      kind: 'REFUND',
      amountCents: 2_000,
      orderId: order,
    });
    const now = new Date();
    const daily = await closeEndedFunding(ctx.db, {
      locationId: null,
      today: day(0),
      now,
      actorAccountId: null,
    });
    expect(daily).toEqual({ sourcesClosed: 2, allowancesClosed: 2, closedCents: 2_900 });
    expect(await w.balanceOf(a)).toBe(0);
    expect(await w.balanceOf(d)).toBe(0);

    // The day after the open source's window ends, it is closed too: once, by two runs at once.
    const run = () =>
      closeEndedFunding(ctx.db, { locationId: w.storeA, today: day(1), now, actorAccountId: null });
    const [first, second] = await Promise.all([run(), run()]);
    expect(first.closedCents + second.closedCents).toBe(1_000);
    expect(first.sourcesClosed + second.sourcesClosed).toBe(1);
    expect(await w.entries('EXPIRY', { allowanceId: c })).toHaveLength(1);
    expect(await w.balanceOf(c)).toBe(0);
  });

  it('is for MANAGE_VOUCHERS holders only', async () => {
    const res = await w.call(w.who.clerk, closeEndedContract);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FUNDING_REFUSAL);
  });
});
