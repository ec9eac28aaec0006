import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelOrder,
  createOrder,
  divisionFulfillment,
  getFulfillmentBreakdown,
  getMarketShare,
  getOrderTypes,
  getStudentPreferences,
  holdOrder,
  onTimeOrderFulfillment,
  unholdOrder,
} from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { one } from '../../test-support/one-row.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import { day, orderWorld, type OrderWorld } from '../../test-support/order-world.ts';
import {
  keptSummaries,
  recountedSummaries,
  totalsOf,
  type Summaries,
} from '../../test-support/metrics-recount.ts';

const engines = await testEngines();

/** Midday UTC of `day(n)`, a fulfilment time on that calendar day. */
const noonOf = (n: number) => new Date(`${day(n)}T12:00:00Z`);

/**
 * The dashboard's kept summaries (migration 0014) follow every write that moves a figure: after
 * each step they equal a recount from the base tables, and the endpoints answer those figures.
 */
describe.each(engines)('metric summaries follow the data (%s)', (engine) => {
  let ctx: TestContext;
  let w: OrderWorld;
  let termId: number;

  const inStep = async (): Promise<Summaries> => {
    const recount = await recountedSummaries(ctx.db, w.storeA);
    expect(await keptSummaries(ctx.db, w.storeA)).toEqual(recount);
    return recount;
  };
  const mainTotals = async () => totalsOf((await inStep()).items, w.divisions.main, termId);
  const itemsOf = (orderId: number) =>
    ctx.db.select().from(t.orderItems).where(eq(t.orderItems.orderId, orderId));
  const change = (contract: typeof holdOrder, customerId: number, orderId: number) =>
    w.call(w.who.admin, contract, { body: { customerId, orderId } });

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await orderWorld(ctx);
    termId = ctx.fixture.catalog.termId;
  });
  afterAll(async () => ctx?.close());

  it("starts in step with the world's orders, adoptions and enrolments", async () => {
    const kept = await inStep();
    expect(kept.items.length).toBeGreaterThan(0);
    // 001 requires biology, the lab manual and chemistry; each has Alice and Bob enrolled.
    const s001 = kept.requirements.find((r) => r.sectionId === w.sections.s001);
    expect(s001).toEqual({
      sectionId: w.sections.s001,
      termId,
      enrollmentCount: 2,
      titleIds: [w.titles.biology, w.titles.chemistry, w.titles.owned].sort((a, b) => a - b),
    });
  });

  it('follows orders placed through the API, fulfilled, held, released and cancelled', async () => {
    const before = await mainTotals();
    const student = await w.newStudent();
    const placed = await w.call(w.who.admin, createOrder, {
      body: {
        customerId: student,
        items: [
          { sectionId: w.sections.s001, titleId: w.titles.biology, fulfillmentType: 'DIGITAL' },
          { sectionId: w.sections.s002, titleId: w.titles.chemistry, fulfillmentType: 'RENT_NEW' },
        ],
        shippingMethod: 'PICKUP',
        clientKey: w.newKey(),
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json<{ order: { orderId: number } }>().order.orderId;
    let totals = await mainTotals();
    expect(totals.itemCount).toBe(before.itemCount + 2);
    expect(totals.pendingCount).toBe(before.pendingCount + 2);
    expect(totals.rentNewCount).toBe(before.rentNewCount + 1);
    expect(totals.digitalCount).toBe(before.digitalCount + 1);
    expect(totals.requiredBoughtCount).toBe(before.requiredBoughtCount + 2);

    expect((await change(holdOrder, student, orderId)).statusCode).toBe(200);
    totals = await mainTotals();
    expect(totals.onHoldCount).toBe(before.onHoldCount + 2);
    expect(totals.pendingCount).toBe(before.pendingCount);
    expect((await change(unholdOrder, student, orderId)).statusCode).toBe(200);
    expect((await mainTotals()).onHoldCount).toBe(before.onHoldCount);

    // Biology handed over the day before 001 started (on time); chemistry after 002 started.
    const [biology, chemistry] = await itemsOf(orderId);
    await ctx.db
      .update(t.orderItems)
      .set({ status: 'FULFILLED', fulfilledAt: noonOf(-8) })
      .where(eq(t.orderItems.id, biology!.id));
    await ctx.db
      .update(t.orderItems)
      .set({ status: 'FULFILLED', fulfilledAt: noonOf(15) })
      .where(eq(t.orderItems.id, chemistry!.id));
    totals = await mainTotals();
    expect(totals.fulfilledCount).toBe(before.fulfilledCount + 2);
    expect(totals.onTimeCount).toBe(before.onTimeCount + 1);

    // A held order cancelled: its pending item is cancelled with it.
    const held = await w.addOrder(student, 'OPEN', [
      { title: 'biology', type: 'BUY_NEW', section: w.sections.s001 },
    ]);
    expect((await change(holdOrder, student, held)).statusCode).toBe(200);
    expect((await mainTotals()).onHoldCount).toBe(before.onHoldCount + 1);
    expect((await change(cancelOrder, student, held)).statusCode).toBe(200);
    totals = await mainTotals();
    expect(totals.onHoldCount).toBe(before.onHoldCount);
    expect(totals.cancelledCount).toBe(before.cancelledCount + 1);
  });

  it('follows items and orders edited, moved and deleted directly', async () => {
    const student = await w.newStudent();
    const orderId = await w.addOrder(student, 'OPEN', [
      { title: 'biology', type: 'BUY_USED', section: w.sections.s001 },
      { title: 'chemistry', type: 'RENT_USED', section: null },
      { title: 'law', type: 'BUY_NEW', section: w.sections.law },
    ]);
    await inStep();
    const [biology, chemistry] = await itemsOf(orderId);
    // A price edited moves no figure; a section and a type edited do.
    await ctx.db
      .update(t.orderItems)
      .set({ priceCents: 1 })
      .where(eq(t.orderItems.orderId, orderId));
    await ctx.db
      .update(t.orderItems)
      .set({ sectionId: w.sections.s001, fulfillmentType: 'BUY_NEW' })
      .where(eq(t.orderItems.id, chemistry!.id));
    await inStep();
    await ctx.db.delete(t.orderItems).where(eq(t.orderItems.id, biology!.id));
    await inStep();
    // The order moved to the law school's division and term, then deleted with its items.
    const [lawTerm] = await ctx.db
      .select({ id: t.terms.id })
      .from(t.terms)
      .where(eq(t.terms.divisionId, w.divisions.law));
    await ctx.db
      .update(t.orders)
      .set({ divisionId: w.divisions.law, termId: lawTerm!.id, status: 'ON_HOLD' })
      .where(eq(t.orders.id, orderId));
    const moved = await inStep();
    expect(totalsOf(moved.items, w.divisions.law, lawTerm!.id).onHoldCount).toBe(2);
    await ctx.db.delete(t.orders).where(eq(t.orders.id, orderId));
    const gone = await inStep();
    expect(totalsOf(gone.items, w.divisions.law, lawTerm!.id).itemCount).toBe(0);
  });

  it('follows adoptions making a title required, start dates and enrolments', async () => {
    const student = await w.newStudent();
    await w.addOrder(student, 'OPEN', [
      { title: 'notAdopted', type: 'BUY_NEW', section: w.sections.s001, status: 'FULFILLED' },
    ]);
    await ctx.db
      .update(t.orderItems)
      .set({ fulfilledAt: noonOf(-10) })
      .where(eq(t.orderItems.titleId, w.titles.notAdopted));
    let totals = await mainTotals();
    const bought = totals.requiredBoughtCount;
    const onTime = totals.onTimeCount;

    // The novel adopted for 001 as an optional material, then made required.
    const adoption = one(
      await ctx.db
        .insert(t.adoptionMaterials)
        .values({
          locationId: w.storeA,
          courseId: ctx.fixture.catalog.courseId,
          titleId: w.titles.notAdopted,
          adoptionType: 'SECTION_ADOPTION',
          startDate: day(-30),
          required: false,
        })
        .returning({ id: t.adoptionMaterials.id }),
    );
    await ctx.db
      .insert(t.adoptionMaterialSections)
      .values({ adoptionMaterialId: adoption.id, sectionId: w.sections.s001 });
    expect((await mainTotals()).requiredBoughtCount).toBe(bought);
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ required: true })
      .where(eq(t.adoptionMaterials.id, adoption.id));
    totals = await mainTotals();
    expect(totals.requiredBoughtCount).toBeGreaterThan(bought);
    // As a course-wide auto adoption it covers 002 as well; removed from 001 it covers 002 only.
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ adoptionType: 'AUTO_ADOPTION' })
      .where(eq(t.adoptionMaterials.id, adoption.id));
    await inStep();
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ active: false })
      .where(eq(t.adoptionMaterials.id, adoption.id));
    expect((await mainTotals()).requiredBoughtCount).toBe(bought);
    await ctx.db
      .delete(t.adoptionMaterialSections)
      .where(eq(t.adoptionMaterialSections.adoptionMaterialId, adoption.id));
    await inStep();

    // 001 starts three weeks earlier: items fulfilled since then are no longer on time.
    await ctx.db
      .update(t.sections)
      .set({ startDate: day(-21) })
      .where(eq(t.sections.id, w.sections.s001));
    expect((await mainTotals()).onTimeCount).toBeLessThan(onTime);

    // New enrolments count towards market share's seats; so does a section moved to a term.
    const seats = (s: Summaries) =>
      s.requirements.find((r) => r.sectionId === w.sections.s002)?.enrollmentCount;
    const was = seats(await inStep()) ?? 0;
    const newcomer = await w.newStudent();
    expect(seats(await inStep())).toBe(was + 1);
    await ctx.db
      .delete(t.enrollments)
      .where(
        and(eq(t.enrollments.studentId, newcomer), eq(t.enrollments.sectionId, w.sections.s002)),
      );
    expect(seats(await inStep())).toBe(was);
    const [lawTerm] = await ctx.db
      .select({ id: t.terms.id })
      .from(t.terms)
      .where(eq(t.terms.divisionId, w.divisions.law));
    await ctx.db
      .update(t.sections)
      .set({ termId: lawTerm!.id })
      .where(eq(t.sections.id, w.sections.s002));
    const movedTerm = await inStep();
    expect(movedTerm.requirements.find((r) => r.sectionId === w.sections.s002)?.termId).toBe(
      lawTerm!.id,
    );
    await ctx.db.update(t.sections).set({ termId }).where(eq(t.sections.id, w.sections.s002));
    await inStep();
  });

  it('follows preferences, shipping preferences and what the store calls pickup', async () => {
    const { alice, bob } = w.students;
    const preference = (studentId: number, fulfillment: string) => ({
      locationId: w.storeA,
      studentId,
      divisionId: w.divisions.main,
      fulfillment,
      fulfillmentFriendlyName: fulfillment,
    });
    const carl = await w.newStudent({ address: false });
    await ctx.db
      .insert(t.fulfillmentPreferences)
      .values([
        preference(alice, 'RENT_NEW'),
        preference(bob, 'BUY_USED'),
        preference(carl, 'DIGITAL'),
        { ...preference(carl, 'OPT_OUT'), divisionId: null },
      ]);
    const kinds = async () =>
      Object.fromEntries(
        (await inStep()).preferences
          .filter((p) => p.divisionId === w.divisions.main)
          .map((p) => [p.kind, p.count]),
      );
    // Alice ships to an address; Bob picks up (the default 'Pick up in store').
    expect(await kinds()).toEqual({ SHIP: 1, PICKUP: 1, DIGITAL: 1 });
    await ctx.db
      .update(t.fulfillmentPreferences)
      .set({ fulfillment: 'OPT_OUT' })
      .where(eq(t.fulfillmentPreferences.studentId, carl));
    expect(await kinds()).toEqual({ SHIP: 1, PICKUP: 1, NONE: 1 });
    await ctx.db
      .update(t.students)
      .set({ shippingPreference: 'Standard shipping' })
      .where(eq(t.students.id, bob));
    expect(await kinds()).toEqual({ SHIP: 2, NONE: 1 });
    // The store's standard shipping becomes a counter pickup: Bob's preference with it.
    await ctx.db
      .update(t.shippingMethods)
      .set({ shipsToAddress: false })
      .where(
        and(eq(t.shippingMethods.locationId, w.storeA), eq(t.shippingMethods.code, 'STANDARD')),
      );
    expect(await kinds()).toEqual({ SHIP: 1, PICKUP: 1, NONE: 1 });
    await ctx.db
      .delete(t.shippingMethods)
      .where(
        and(eq(t.shippingMethods.locationId, w.storeA), eq(t.shippingMethods.code, 'STANDARD')),
      );
    expect(await kinds()).toEqual({ SHIP: 2, NONE: 1 });
    // A student deleted takes their preferences with them.
    await ctx.db.delete(t.enrollments).where(eq(t.enrollments.studentId, carl));
    await ctx.db.delete(t.students).where(eq(t.students.id, carl));
    expect(await kinds()).toEqual({ SHIP: 2 });
    await ctx.db
      .delete(t.fulfillmentPreferences)
      .where(eq(t.fulfillmentPreferences.studentId, alice));
    expect(await kinds()).toEqual({ SHIP: 1 });
  });

  it('answers the recounted figures from every endpoint', async () => {
    const recount = await inStep();
    const totals = totalsOf(recount.items, w.divisions.main, termId);
    const seats = recount.requirements
      .filter((r) => r.termId === termId)
      .reduce((sum, r) => sum + r.enrollmentCount * r.titleIds.length, 0);
    const input = { divisionId: w.divisions.main, termId };
    const ask = async (contract: Parameters<typeof w.call>[1], post: boolean) => {
      const res = await w.call(w.who.admin, contract, post ? { body: input } : { query: input });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Record<string, unknown>>();
    };
    const pct = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
    expect(totals.itemCount).toBeGreaterThan(0);
    expect(await ask(divisionFulfillment, true)).toEqual({
      divisionName: 'Main Campus',
      fulfilledPercentage: pct(totals.fulfilledCount, totals.itemCount),
      itemCount: totals.itemCount,
      fulfilledCount: totals.fulfilledCount,
    });
    expect(await ask(getFulfillmentBreakdown, false)).toEqual({
      divisionName: 'Main Campus',
      states: [
        { state: 'FULFILLED', count: totals.fulfilledCount },
        { state: 'PENDING', count: totals.pendingCount },
        { state: 'ON_HOLD', count: totals.onHoldCount },
        { state: 'CANCELLED', count: totals.cancelledCount },
      ],
    });
    // Items are owed once their section has started; before that only those handed over count.
    const starts = new Map(
      (
        await ctx.db.select({ id: t.sections.id, start: t.sections.startDate }).from(t.sections)
      ).map((r) => [r.id, r.start]),
    );
    const today = new Date().toISOString().slice(0, 10);
    const ownRows = recount.items.filter(
      (r) => r.divisionId === w.divisions.main && r.termId === termId && r.sectionId !== null,
    );
    const owed = ownRows.reduce(
      (sum, r) => sum + (starts.get(r.sectionId!)! < today ? r.dueCount : r.fulfilledCount),
      0,
    );
    expect(owed).toBeGreaterThan(0);
    expect(await ask(onTimeOrderFulfillment, true)).toEqual({
      divisionName: 'Main Campus',
      onTimePercentage: pct(totals.onTimeCount, owed),
      dueCount: owed,
      onTimeCount: totals.onTimeCount,
    });
    // An item not yet handed over, for a section that starts next month, is owed by nobody yet.
    const row = ownRows.find((r) => r.fulfilledCount > 0)!;
    const [item] = await ctx.db
      .select({ id: t.orderItems.id })
      .from(t.orderItems)
      .where(and(eq(t.orderItems.sectionId, row.sectionId!), eq(t.orderItems.status, 'FULFILLED')))
      .limit(1);
    await ctx.db
      .update(t.orderItems)
      .set({ status: 'PENDING', fulfilledAt: null })
      .where(eq(t.orderItems.id, item!.id));
    const startedBefore = starts.get(row.sectionId!)! < today;
    await ctx.db
      .update(t.sections)
      .set({ startDate: day(30), endDate: day(120) })
      .where(eq(t.sections.id, row.sectionId!));
    const later = await ask(onTimeOrderFulfillment, true);
    // Before: the section's items were all owed (started) or its handed-over ones (not yet).
    const before = startedBefore ? row.dueCount : row.fulfilledCount;
    expect(later['dueCount']).toBe(owed - before + (row.fulfilledCount - 1));
    expect(await ask(getOrderTypes, false)).toEqual({
      divisionName: 'Main Campus',
      rentNew: totals.rentNewCount,
      rentUsed: totals.rentUsedCount,
      orderTypesBreakdown: [
        { orderType: 'RENT_NEW', count: totals.rentNewCount },
        { orderType: 'RENT_USED', count: totals.rentUsedCount },
        { orderType: 'BUY_NEW', count: totals.buyNewCount },
        { orderType: 'BUY_USED', count: totals.buyUsedCount },
        { orderType: 'DIGITAL', count: totals.digitalCount },
      ],
    });
    expect(seats).toBeGreaterThan(0);
    expect(await ask(getMarketShare, false)).toEqual({
      divisionName: 'Main Campus',
      marketSharePercentage: Math.min(100, pct(totals.requiredBoughtCount, seats)),
      requiredCount: seats,
      boughtCount: totals.requiredBoughtCount,
    });
    const prefs = await w.call(w.who.admin, getStudentPreferences, {
      query: { divisionId: w.divisions.main },
    });
    expect(prefs.json()).toEqual({
      divisionName: 'Main Campus',
      preferences: [
        { preference: 'PICKUP', count: 0 },
        { preference: 'SHIP', count: 1 },
        { preference: 'DIGITAL', count: 0 },
        { preference: 'NONE', count: 0 },
      ],
    });
  });
});
