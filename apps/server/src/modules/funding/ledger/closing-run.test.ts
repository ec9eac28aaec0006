import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDING_REFUSAL,
  cancelOrder,
  closeEndedFunding as closeEndedContract,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  day,
  fundingOrderWorld,
  type FundingOrderWorld,
} from '../../../test-support/funding-order-world.ts';
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

  const closeNow = (today = day(0)) =>
    closeEndedFunding(ctx.db, {
      locationId: w.storeA,
      today,
      now: new Date(),
      actorAccountId: null,
    });
  const sumOf = (entries: { amountCents: number }[]) =>
    entries.reduce((sum, e) => sum + e.amountCents, 0);

  it('closes a source of 8,000 unspent balances (more than one statement may bind)', async () => {
    await closeNow();
    const source = await w.addSource({
      startsOn: day(-40),
      endsOn: day(-1),
      budgetCents: 10_000_000,
    });
    const ids = await w.addAllowances(source, 8_000, 125);
    const student = await w.newStudent();
    const spent = await w.addAllowance(source, student, 500);
    const order = await w.addOrder(student, 'OPEN', [{ title: 'biology', type: 'BUY_NEW' }]);
    await ctx.db.insert(t.fundingLedger).values({
      locationId: w.storeA,
      sourceId: source,
      allowanceId: spent,
      studentId: student,
      kind: 'CHARGE',
      amountCents: -500,
      orderId: order,
    });

    expect(await closeNow()).toEqual({
      sourcesClosed: 1,
      allowancesClosed: 8_000,
      closedCents: 1_000_000,
    });
    const expired = await w.entries('EXPIRY', { sourceId: source });
    expect(expired).toHaveLength(8_000);
    expect(sumOf(expired)).toBe(-1_000_000);
    expect(new Set(expired.map((e) => e.allowanceId))).toEqual(new Set(ids));
    expect(await w.balanceOf(ids[7_999]!)).toBe(0);
    expect(await w.balanceOf(spent)).toBe(0);
    const [activity] = await ctx.db
      .select({ summary: t.fundingActivity.summary })
      .from(t.fundingActivity)
      .where(eq(t.fundingActivity.sourceId, source));
    expect(activity?.summary).toBe('$10,000.00 of 8000 unspent balance(s) returned to the source');
    expect(await closeNow()).toEqual({ sourcesClosed: 0, allowancesClosed: 0, closedCents: 0 });
  });

  it('closes a refund credited after the closing even when its time is before it', async () => {
    const student = await w.newStudent();
    const source = await w.addSource({ startsOn: day(-40), endsOn: day(-1) });
    const a = await w.addAllowance(source, student, 5_000);
    const order = await w.addOrder(student, 'OPEN', [{ title: 'biology', type: 'BUY_NEW' }]);
    const entry = { locationId: w.storeA, sourceId: source, allowanceId: a, studentId: student };
    await ctx.db
      .insert(t.fundingLedger)
      .values({ ...entry, kind: 'CHARGE', amountCents: -2_000, orderId: order });
    await closeNow();
    // A cancellation that read its clock, then waited for the closing's locks.
    await ctx.db.insert(t.fundingLedger).values({
      ...entry,
      kind: 'REFUND',
      amountCents: 2_000,
      orderId: order,
      at: new Date(Date.now() - 60_000),
    });
    expect(await closeNow()).toEqual({ sourcesClosed: 1, allowancesClosed: 1, closedCents: 2_000 });
    expect(await w.balanceOf(a)).toBe(0);
    expect(await closeNow()).toEqual({ sourcesClosed: 0, allowancesClosed: 0, closedCents: 0 });
  });

  it('a cancellation at the moment of a closing is refunded once and closed exactly', async () => {
    for (let round = 0; round < 4; round++) {
      const student = await w.newStudent();
      const source = await w.addSource({ startsOn: day(-40), endsOn: day(-1) });
      const a = await w.addAllowance(source, student, 5_000);
      const order = await w.addOrder(student, 'OPEN', [{ title: 'biology', type: 'BUY_NEW' }]);
      await ctx.db.insert(t.fundingLedger).values({
        locationId: w.storeA,
        sourceId: source,
        allowanceId: a,
        studentId: student,
        kind: 'CHARGE',
        amountCents: -2_000,
        orderId: order,
      });
      const [cancelled] = await Promise.all([
        w.call(w.who.clerk, cancelOrder, { body: { customerId: student, orderId: order } }),
        closeNow(),
      ]);
      expect(cancelled.statusCode).toBe(200);
      // Closed before the refund (it waits, then credits 20.00), or after it (nothing left).
      expect([0, 2_000]).toContain(await w.balanceOf(a));
      await closeNow();
      expect(await w.balanceOf(a)).toBe(0);
      expect(sumOf(await w.entries('REFUND', { allowanceId: a }))).toBe(2_000);
      expect(sumOf(await w.entries('EXPIRY', { allowanceId: a }))).toBe(-5_000);
    }
  });

  it('is for MANAGE_VOUCHERS holders only', async () => {
    const res = await w.call(w.who.clerk, closeEndedContract);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FUNDING_REFUSAL);
  });
});
