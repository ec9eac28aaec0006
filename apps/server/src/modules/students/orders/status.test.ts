import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, holdOrder, unholdOrder, type Endpoint } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { orderWorld, type OrderWorld } from '../../../test-support/order-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

describe.each(engines)('autogen orders: hold, release, cancel (%s)', (engine) => {
  let ctx: TestContext;
  let w: OrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await orderWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const change = (contract: Endpoint, who: Caller, orderId: number, customerId?: number) =>
    w.call(who, contract, { body: { customerId: customerId ?? w.students.alice, orderId } });
  const orderRow = async (orderId: number) =>
    (await ctx.db.select().from(t.orders).where(eq(t.orders.id, orderId)))[0];
  const itemStatuses = async (orderId: number) =>
    (
      await ctx.db
        .select({ status: t.orderItems.status })
        .from(t.orderItems)
        .where(eq(t.orderItems.orderId, orderId))
        .orderBy(t.orderItems.id)
    ).map((i) => i.status);
  const entries = async (orderId: number, action: string) =>
    (
      await ctx.db.select().from(t.studentActivity).where(eq(t.studentActivity.action, action))
    ).filter((e) => (e.details as { orderId?: number }).orderId === orderId);
  const openOrder = (status: 'OPEN' | 'ON_HOLD' = 'OPEN') =>
    w.addOrder(w.students.alice, status, [{ title: 'notAdopted', type: 'BUY_NEW' }]);

  it('holds an open order, and holding it again answers it as it is', async () => {
    const orderId = await openOrder();
    const before = await orderRow(orderId);
    const res = await change(holdOrder, w.who.admin, orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      orderId,
      status: 'ON_HOLD',
      mayHold: false,
      mayUnhold: true,
      mayCancel: true,
    });
    const after = await orderRow(orderId);
    expect(after?.status).toBe('ON_HOLD');
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
    const [entry] = await entries(orderId, 'ORDER_HELD');
    expect(entry).toMatchObject({
      studentId: w.students.alice,
      actorAccountId: w.who.admin.accountId,
      details: { orderId, from: 'OPEN', to: 'ON_HOLD' },
    });

    const again = await change(holdOrder, w.who.holder, orderId);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.status).toBe('ON_HOLD');
    expect(await entries(orderId, 'ORDER_HELD')).toHaveLength(1);
  });

  it('releases a held order, and releasing an open one answers it as it is', async () => {
    const orderId = await openOrder('ON_HOLD');
    const res = await change(unholdOrder, w.who.holder, orderId);
    expect(res.statusCode).toBe(200);
    // The holder may hold and release, not cancel.
    expect(res.json().order).toMatchObject({
      status: 'OPEN',
      mayHold: true,
      mayUnhold: false,
      mayCancel: false,
    });
    expect((await orderRow(orderId))?.status).toBe('OPEN');
    expect(await entries(orderId, 'ORDER_UNHELD')).toHaveLength(1);
    const again = await change(unholdOrder, w.who.holder, orderId);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.status).toBe('OPEN');
    expect(await entries(orderId, 'ORDER_UNHELD')).toHaveLength(1);
  });

  it('refuses to hold or release a fulfilled or cancelled order (409)', async () => {
    const cases: [Endpoint, number, string][] = [
      [holdOrder, w.orders.fulfilled, 'is fulfilled: it can no longer be put on hold.'],
      [holdOrder, w.orders.cancelled, 'is cancelled: it can no longer be put on hold.'],
      [unholdOrder, w.orders.fulfilled, 'is fulfilled: only an order on hold can be released.'],
      [unholdOrder, w.orders.cancelled, 'is cancelled: only an order on hold can be released.'],
    ];
    for (const [contract, orderId, tail] of cases) {
      const res = await change(contract, w.who.admin, orderId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: `Order ${orderId} ${tail}`, field: 'orderId' });
    }
    expect((await orderRow(w.orders.fulfilled))?.status).toBe('FULFILLED');
    expect((await orderRow(w.orders.cancelled))?.status).toBe('CANCELLED');
  });

  it('cancels an open or held order with its pending items; cancelling again changes nothing', async () => {
    for (const status of ['OPEN', 'ON_HOLD'] as const) {
      const orderId = await w.addOrder(w.students.alice, status, [
        { title: 'notAdopted', type: 'BUY_NEW' },
        { title: 'notAdopted', type: 'RENT_NEW' },
      ]);
      const res = await change(cancelOrder, w.who.canceller, orderId);
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({
        status: 'CANCELLED',
        // A cancelled order's amounts say what it was worth: 50.00 + 27.50.
        subtotalCents: 7750,
        mayHold: false,
        mayUnhold: false,
        mayCancel: false,
      });
      expect(await itemStatuses(orderId)).toEqual(['CANCELLED', 'CANCELLED']);
      const [entry] = await entries(orderId, 'ORDER_CANCELLED');
      expect(entry?.details).toEqual({ orderId, from: status, to: 'CANCELLED', cancelledItems: 2 });
      const again = await change(cancelOrder, w.who.canceller, orderId);
      expect(again.statusCode).toBe(200);
      expect(again.json().order.status).toBe('CANCELLED');
      expect(await entries(orderId, 'ORDER_CANCELLED')).toHaveLength(1);
    }
  });

  it('refuses to cancel an order with items already handed over (409)', async () => {
    for (const orderId of [w.orders.partlyHandedOver, w.orders.fulfilled]) {
      const res = await change(cancelOrder, w.who.admin, orderId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: `Order ${orderId} has items already handed to the student: return them instead.`,
        field: 'orderId',
      });
    }
    expect((await orderRow(w.orders.partlyHandedOver))?.status).toBe('OPEN');
    expect(await itemStatuses(w.orders.partlyHandedOver)).toEqual(['FULFILLED', 'PENDING']);
    // Its summary says so before anyone tries.
    const held = await change(holdOrder, w.who.admin, w.orders.partlyHandedOver);
    expect(held.json().order).toMatchObject({ status: 'ON_HOLD', mayCancel: false });
    await change(unholdOrder, w.who.admin, w.orders.partlyHandedOver);
  });

  it('applies concurrent changes of one order once', async () => {
    const orderId = await openOrder();
    const holds = await Promise.all([0, 1, 2].map(() => change(holdOrder, w.who.admin, orderId)));
    expect(holds.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(holds.map((r) => r.json().order.status)).toEqual(['ON_HOLD', 'ON_HOLD', 'ON_HOLD']);
    expect(await entries(orderId, 'ORDER_HELD')).toHaveLength(1);
    const cancels = await Promise.all([0, 1].map(() => change(cancelOrder, w.who.admin, orderId)));
    expect(cancels.map((r) => r.json().order.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await entries(orderId, 'ORDER_CANCELLED')).toHaveLength(1);
  });

  it('needs UNHOLD_ORDERS to hold or release and CANCEL_ORDERS to cancel (403)', async () => {
    const orderId = await openOrder();
    const cases: [Endpoint, Caller, string][] = [
      [holdOrder, w.who.canceller, 'You do not have permission to hold or release orders.'],
      [unholdOrder, w.who.canceller, 'You do not have permission to hold or release orders.'],
      [holdOrder, w.who.returnsOnly, 'You do not have permission to hold or release orders.'],
      [cancelOrder, w.who.holder, 'You do not have permission to cancel orders.'],
      [cancelOrder, w.who.historyReader, 'You do not have permission to cancel orders.'],
      [cancelOrder, w.who.noLookup, 'You do not have permission to cancel orders.'],
    ];
    for (const [contract, who, message] of cases) {
      const res = await change(contract, who, orderId);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(message);
    }
    expect((await orderRow(orderId))?.status).toBe('OPEN');
  });

  it("answers 404 for an order that is not this student's, and for students it cannot see", async () => {
    const bobs = await w.addOrder(w.students.bob, 'OPEN', [
      { title: 'notAdopted', type: 'BUY_NEW' },
    ]);
    for (const contract of [holdOrder, unholdOrder, cancelOrder]) {
      for (const orderId of [bobs, 999_999]) {
        const res = await change(contract, w.who.admin, orderId);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: `Order ${orderId} not found.`, field: 'orderId' });
      }
      const storeB = await change(contract, w.who.admin, bobs, w.students.carol);
      expect(storeB.statusCode).toBe(404);
      expect(storeB.json().message).toBe('Customer not found');
      const fromStoreB = await change(contract, w.who.storeB, bobs, w.students.bob);
      expect(fromStoreB.statusCode).toBe(404);
    }
    const carolsOrder = await w.addOrder(w.students.carol, 'OPEN', [
      { title: 'notAdopted', type: 'BUY_NEW' },
    ]);
    const crossStore = await change(cancelOrder, w.who.admin, carolsOrder);
    expect(crossStore.statusCode).toBe(404);
    expect((await orderRow(bobs))?.status).toBe('OPEN');
    expect(
      await ctx.db
        .select()
        .from(t.orders)
        .where(and(eq(t.orders.id, carolsOrder), eq(t.orders.status, 'OPEN'))),
    ).toHaveLength(1);
  });
});
