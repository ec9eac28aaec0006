import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  getCustomerOrderableItems,
  type FulfillmentType,
  type OrderSummary,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { day, orderWorld, type OrderWorld } from '../../../test-support/order-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

interface Item {
  sectionId: number;
  titleId: number;
  fulfillmentType: FulfillmentType;
}

describe.each(engines)('autogen orders: createOrder (%s)', (engine) => {
  let ctx: TestContext;
  let w: OrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await orderWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const biology = (type: FulfillmentType = 'RENT_USED'): Item => ({
    sectionId: w.sections.s001,
    titleId: w.titles.biology,
    fulfillmentType: type,
  });
  const chemistry = (type: FulfillmentType = 'BUY_USED'): Item => ({
    sectionId: w.sections.s002,
    titleId: w.titles.chemistry,
    fulfillmentType: type,
  });
  const place = (
    who: Caller,
    customerId: number,
    items: Item[],
    opts: { shippingMethod?: string; clientKey?: string } = {},
  ) =>
    w.call(who, createOrder, {
      body: {
        customerId,
        items,
        shippingMethod: opts.shippingMethod ?? 'STANDARD',
        clientKey: opts.clientKey ?? w.newKey(),
      },
    });
  const ordersOf = (studentId: number) =>
    ctx.db.select().from(t.orders).where(eq(t.orders.studentId, studentId));
  const activityOf = (studentId: number, action: string) =>
    ctx.db
      .select()
      .from(t.studentActivity)
      .where(and(eq(t.studentActivity.studentId, studentId), eq(t.studentActivity.action, action)));

  it('places an open AUTOGEN order at the store prices, and records it', async () => {
    const student = await w.newStudent();
    const key = w.newKey();
    const res = await place(w.who.admin, student, [biology(), chemistry()], { clientKey: key });
    expect(res.statusCode).toBe(200);
    const order: OrderSummary = res.json().order;
    expect(order).toMatchObject({
      orderType: 'AUTOGEN',
      status: 'OPEN',
      divisionName: 'Main Campus',
      termName: 'Fall 2026',
      // 40.00 + 67.49; tax 7.79; shipping 7.99.
      subtotalCents: 10_749,
      taxCents: 779,
      shippingCents: 799,
      totalCents: 12_327,
      // List 100.00 - 40.00, and 89.99 - 67.49.
      savingsCents: 6000 + 2250,
      // No funding asked for.
      fundedCents: 0,
      funding: [],
      mayHold: true,
      mayUnhold: false,
      mayCancel: true,
    });
    expect(order.items).toEqual([
      {
        orderItemId: expect.any(Number),
        titleId: w.titles.biology,
        isbn: '9780306406157',
        title: 'Biology Today',
        fulfillmentType: 'RENT_USED',
        status: 'PENDING',
        priceCents: 4000,
        savingsCents: 6000,
      },
      {
        orderItemId: expect.any(Number),
        titleId: w.titles.chemistry,
        isbn: '9781861972712',
        title: 'Chemistry Basics',
        fulfillmentType: 'BUY_USED',
        status: 'PENDING',
        priceCents: 6749,
        savingsCents: 2250,
      },
    ]);

    const [row] = await ordersOf(student);
    expect(row).toMatchObject({
      id: order.orderId,
      locationId: w.storeA,
      divisionId: w.divisions.main,
      termId: ctx.fixture.catalog.termId,
      createdBy: w.who.admin.accountId,
      clientKey: key,
      shippingMethod: 'STANDARD',
      shippingCents: 799,
      taxCents: 779,
    });
    // Due when the first of its sections starts (001, a week ago).
    expect(row?.dueAt?.toISOString()).toBe(`${day(-7)}T00:00:00.000Z`);
    const items = await ctx.db
      .select()
      .from(t.orderItems)
      .where(eq(t.orderItems.orderId, order.orderId));
    expect(items.map((i) => [i.sectionId, i.status])).toEqual([
      [w.sections.s001, 'PENDING'],
      [w.sections.s002, 'PENDING'],
    ]);
    const [entry] = await activityOf(student, 'ORDER_CREATED');
    expect(entry).toMatchObject({
      actorAccountId: w.who.admin.accountId,
      details: { orderId: order.orderId, shippingMethod: 'STANDARD', totalCents: 12_327 },
    });

    // What was ordered is no longer orderable, and cannot be ordered again.
    const orderable = await w.call(w.who.admin, getCustomerOrderableItems, {
      query: { customerId: student },
    });
    expect(orderable.statusCode).toBe(200);
    const titles = orderable.json().orderableItems.map((i: { titleId: number }) => i.titleId);
    expect(titles).toContain(w.titles.law);
    expect(titles).not.toContain(w.titles.biology);
    const again = await place(w.who.admin, student, [biology('BUY_NEW')]);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'The student already bought or rents this title.',
      field: 'items.0',
    });
  });

  it('dates an order of upcoming sections from their start, and hides savings without VIEW_STUDENT_SAVINGS', async () => {
    const student = await w.newStudent({ address: false });
    const res = await place(w.who.clerk, student, [chemistry('RENT_NEW')], {
      shippingMethod: 'PICKUP',
    });
    expect(res.statusCode).toBe(200);
    const order: OrderSummary = res.json().order;
    // 89.99 rented new at 55 % = 49.49; tax 3.588 -> 3.59; pick-up is free.
    expect(order).toMatchObject({
      subtotalCents: 4949,
      taxCents: 359,
      shippingCents: 0,
      totalCents: 5308,
      savingsCents: null,
      mayHold: true,
      mayCancel: true,
    });
    expect(order.items[0]?.savingsCents).toBeNull();
    const [row] = await ordersOf(student);
    expect(row?.dueAt?.toISOString()).toBe(`${day(14)}T00:00:00.000Z`);
    // The figure is stored even though this caller may not see it.
    const [item] = await ctx.db
      .select()
      .from(t.orderItems)
      .where(eq(t.orderItems.orderId, order.orderId));
    expect(item?.savingsCents).toBe(8999 - 4949);
  });

  it('answers the first order when the same clientKey is sent again', async () => {
    const student = await w.newStudent();
    const key = w.newKey();
    const first = await place(w.who.admin, student, [biology()], { clientKey: key });
    const second = await place(w.who.admin, student, [biology()], { clientKey: key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().order).toEqual(first.json().order);
    expect(await ordersOf(student)).toHaveLength(1);
    expect(await activityOf(student, 'ORDER_CREATED')).toHaveLength(1);
  });

  it('places one order when the same submit arrives several times at once', async () => {
    const student = await w.newStudent();
    const key = w.newKey();
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        place(w.who.admin, student, [biology(), chemistry()], { clientKey: key }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => a.json().order.orderId));
    expect(ids.size).toBe(1);
    expect(await ordersOf(student)).toHaveLength(1);
    expect(await activityOf(student, 'ORDER_CREATED')).toHaveLength(1);
  });

  it('lets only one of two clerks order the same book for a student at once', async () => {
    const student = await w.newStudent();
    const [a, b] = await Promise.all([
      place(w.who.admin, student, [biology('RENT_NEW')]),
      place(w.who.clerk, student, [biology('BUY_NEW')]),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 400]);
    const refused = a?.statusCode === 400 ? a : b;
    expect(refused?.json()).toEqual({
      message: 'The student already bought or rents this title.',
      field: 'items.0',
    });
    expect(await ordersOf(student)).toHaveLength(1);
  });

  it("refuses a clientKey already used for another student's order", async () => {
    const [first, second] = [await w.newStudent(), await w.newStudent()];
    const key = w.newKey();
    expect((await place(w.who.admin, first, [biology()], { clientKey: key })).statusCode).toBe(200);
    const res = await place(w.who.admin, second, [biology()], { clientKey: key });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: "This clientKey was already used for another student's order.",
      field: 'clientKey',
    });
    expect(await ordersOf(second)).toHaveLength(0);
    // Keys are per account: another clerk's submit with the same key is its own order.
    const other = await place(w.who.clerk, second, [biology()], { clientKey: key });
    expect(other.statusCode).toBe(200);
  });

  it('checks the draft as the preview does, and writes nothing when it refuses', async () => {
    const bob = w.students.bob;
    const noAddress = await place(w.who.admin, bob, [biology()], { shippingMethod: 'EXPEDITED' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().field).toBe('shippingMethod');
    const twoDivisions = await place(w.who.admin, w.students.alice, [
      biology(),
      { sectionId: w.sections.law, titleId: w.titles.law, fulfillmentType: 'BUY_NEW' },
    ]);
    expect(twoDivisions.statusCode).toBe(400);
    expect(twoDivisions.json().field).toBe('items');
    const digital = await place(w.who.admin, w.students.alice, [chemistry('DIGITAL')]);
    expect(digital.statusCode).toBe(400);
    expect(digital.json()).toEqual({
      message: 'Digital is not available for this title.',
      field: 'items.0',
    });
    const badKey = await w.call(w.who.admin, createOrder, {
      body: { customerId: bob, items: [biology()], shippingMethod: 'PICKUP', clientKey: 'abc' },
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().field).toBe('clientKey');
    expect(await ordersOf(bob)).toHaveLength(0);
  });

  it('refuses without AUTOGEN_CREATE_ORDER (403) and for students it cannot see (404)', async () => {
    const student = await w.newStudent();
    for (const who of [w.who.returnsOnly, w.who.historyReader, w.who.canceller, w.who.noLookup]) {
      const res = await place(who, student, [biology()]);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to create orders.');
    }
    for (const customerId of [w.students.carol, 999_999]) {
      const res = await place(w.who.admin, customerId, [biology()]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Customer not found', field: 'customerId' });
    }
    const fromStoreB = await place(w.who.storeB, student, [biology()], {
      shippingMethod: 'B_ONLY',
    });
    expect(fromStoreB.statusCode).toBe(404);
    expect(await ordersOf(student)).toHaveLength(0);
  });
});
