import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/bulk-write.ts';
import * as t from '../../db/schema/index.ts';
import { one } from '../../test-support/one-row.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import { day, orderWorld, type OrderWorld } from '../../test-support/order-world.ts';
import { keptSummaries, recountedSummaries, totalsOf } from '../../test-support/metrics-recount.ts';

const engines = await testEngines();

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Two writers at the same moment: only PostgreSQL has concurrent transactions (PGlite runs one
// statement at a time). In each case the first writer holds its transaction open after its
// statement; the second must wait for it (a lock the summaries' triggers take), and once both
// commit the kept figures equal a recount. Without the lock the second would count from a
// snapshot missing the first's rows, and the figures would drift for good.
describe.runIf(engines.includes('postgres'))(
  'metric summaries under concurrent writers (postgres)',
  () => {
    let ctx: TestContext;
    let w: OrderWorld;

    const waiting = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.db,
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]?.n;

    /** Runs `first` and holds its transaction; runs `second`, sees it wait, then lets both end. */
    const race = async (
      first: (tx: Tx) => Promise<unknown>,
      second: (tx: Tx) => Promise<unknown>,
    ) => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let firstWrote: () => void = () => {};
      const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
      const a = ctx.db.transaction(async (tx) => {
        await first(tx);
        firstWrote();
        await gate;
      });
      await wrote;
      const b = ctx.db.transaction(async (tx) => void (await second(tx)));
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      release();
      await Promise.all([a, b]);
      expect(await keptSummaries(ctx.db, w.storeA)).toEqual(
        await recountedSummaries(ctx.db, w.storeA),
      );
    };

    const item = (orderId: number, sectionId: number, titleId: number) => ({
      locationId: w.storeA,
      orderId,
      titleId,
      sectionId,
      fulfillmentType: 'BUY_NEW',
      status: 'PENDING',
      priceCents: 100,
    });
    /** An open order of a new student, without items yet. */
    const emptyOrder = async () =>
      one(
        await ctx.db
          .insert(t.orders)
          .values({
            locationId: w.storeA,
            studentId: await w.newStudent(),
            divisionId: w.divisions.main,
            termId: ctx.fixture.catalog.termId,
            orderType: 'IN_STORE',
            status: 'OPEN',
          })
          .returning({ id: t.orders.id }),
      ).id;
    const totals = async () =>
      totalsOf(
        (await keptSummaries(ctx.db, w.storeA)).items,
        w.divisions.main,
        ctx.fixture.catalog.termId,
      );

    beforeAll(async () => {
      ctx = await createTestApp('postgres');
      w = await orderWorld(ctx);
    });
    afterAll(async () => ctx?.close());

    it('counts both of two items added to one section at once', async () => {
      const [orderA, orderB] = [await emptyOrder(), await emptyOrder()];
      const before = (await totals()).itemCount;
      await race(
        (tx) => tx.insert(t.orderItems).values(item(orderA, w.sections.s001, w.titles.biology)),
        (tx) => tx.insert(t.orderItems).values(item(orderB, w.sections.s001, w.titles.biology)),
      );
      expect((await totals()).itemCount).toBe(before + 2);
    });

    it('counts an item added while its order is put on hold as on hold', async () => {
      const orderId = await emptyOrder();
      const before = await totals();
      await race(
        (tx) => tx.insert(t.orderItems).values(item(orderId, w.sections.s002, w.titles.chemistry)),
        (tx) => tx.update(t.orders).set({ status: 'ON_HOLD' }).where(eq(t.orders.id, orderId)),
      );
      expect((await totals()).onHoldCount).toBe(before.onHoldCount + 1);
    });

    it("counts an item fulfilled while its section's start date moves against the new date", async () => {
      const student = await w.newStudent();
      const orderId = await w.addOrder(student, 'OPEN', [
        { title: 'biology', type: 'RENT_NEW', section: w.sections.s002 },
      ]);
      const before = await totals();
      await race(
        // 002 now starts tomorrow...
        (tx) =>
          tx
            .update(t.sections)
            .set({ startDate: day(1) })
            .where(eq(t.sections.id, w.sections.s002)),
        // ...and the item is handed over today: on time against the new date.
        (tx) =>
          tx
            .update(t.orderItems)
            .set({ status: 'FULFILLED', fulfilledAt: new Date() })
            .where(eq(t.orderItems.orderId, orderId)),
      );
      expect((await totals()).onTimeCount).toBe(before.onTimeCount + 1);
    });

    it('counts an item bought while its title becomes required for the section', async () => {
      const orderId = await emptyOrder();
      const adoption = one(
        await ctx.db
          .insert(t.adoptionMaterials)
          .values({
            locationId: w.storeA,
            courseId: ctx.fixture.catalog.courseId,
            titleId: w.titles.notAdopted,
            adoptionType: 'SECTION_ADOPTION',
            startDate: day(-30),
          })
          .returning({ id: t.adoptionMaterials.id }),
      );
      const before = await totals();
      await race(
        (tx) =>
          tx
            .insert(t.adoptionMaterialSections)
            .values({ adoptionMaterialId: adoption.id, sectionId: w.sections.s002 }),
        (tx) => tx.insert(t.orderItems).values(item(orderId, w.sections.s002, w.titles.notAdopted)),
      );
      expect((await totals()).requiredBoughtCount).toBe(before.requiredBoughtCount + 1);
    });
  },
);
