import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTransactionHistory, type OrderSummary } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { orderWorld, type OrderWorld } from '../../../test-support/order-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

describe.each(engines)('student/transactionHistory (%s)', (engine) => {
  let ctx: TestContext;
  let w: OrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await orderWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const history = (who: Caller, customerId: number) =>
    w.call(who, getTransactionHistory, { query: { customerId } });

  it("lists the student's orders newest first with their amounts, savings and rentals", async () => {
    const res = await history(w.who.admin, w.students.alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const orders: OrderSummary[] = body.orders;
    expect(orders.map((o) => o.orderId)).toEqual([
      w.orders.partlyHandedOver,
      w.orders.cancelled,
      w.orders.held,
      w.orders.open,
      w.orders.fulfilled,
    ]);
    const byId = new Map(orders.map((o) => [o.orderId, o]));
    // Lab manual bought used: 37.50 of 50.00, tax 2.72.
    expect(byId.get(w.orders.fulfilled)).toMatchObject({
      orderType: 'IN_STORE',
      status: 'FULFILLED',
      divisionName: 'Main Campus',
      termName: 'Fall 2026',
      subtotalCents: 3750,
      taxCents: 272,
      shippingCents: 0,
      totalCents: 4022,
      savingsCents: 1250,
      fundedCents: 0,
      funding: [],
      mayHold: false,
      mayUnhold: false,
      mayCancel: false,
    });
    expect(byId.get(w.orders.fulfilled)?.items).toEqual([
      {
        orderItemId: expect.any(Number),
        titleId: w.titles.owned,
        isbn: '9780131103627',
        title: 'Lab Safety Manual',
        fulfillmentType: 'BUY_USED',
        status: 'FULFILLED',
        priceCents: 3750,
        savingsCents: 1250,
      },
    ]);
    // Rented new: 27.50 + 1.99 tax + 7.99 shipping.
    expect(byId.get(w.orders.open)).toMatchObject({
      status: 'OPEN',
      totalCents: 2750 + 199 + 799,
      mayHold: true,
      mayUnhold: false,
      mayCancel: true,
    });
    expect(byId.get(w.orders.held)).toMatchObject({
      status: 'ON_HOLD',
      totalCents: 3750,
      mayHold: false,
      mayUnhold: true,
      mayCancel: true,
    });
    // A cancelled order still says what it was worth.
    expect(byId.get(w.orders.cancelled)).toMatchObject({
      status: 'CANCELLED',
      subtotalCents: 5000,
      totalCents: 5363,
      mayCancel: false,
    });
    // One item handed over: it can be held but not cancelled.
    expect(byId.get(w.orders.partlyHandedOver)).toMatchObject({
      status: 'OPEN',
      subtotalCents: 2000 + 3000,
      savingsCents: 3000 + 2000,
      mayHold: true,
      mayCancel: false,
    });

    expect(body.savingsVisible).toBe(true);
    // Every order but the cancelled one.
    expect(body.totalSpentCents).toBe(4022 + 3748 + 3750 + 5000);
    expect(body.totalSavingsCents).toBe(1250 + 2250 + 1250 + 5000);

    expect(body.rentals).toEqual([
      {
        transItemId: expect.any(Number),
        orderId: w.orders.partlyHandedOver,
        isbn: '9780743273565',
        title: 'A Novel Elective',
        serialItemRefNum: 'SER-OUT',
        dueDate: expect.any(String),
        state: 'OUTSTANDING',
        returnedAt: null,
        marketplaceConditionName: null,
        trackingNumber: null,
      },
      {
        transItemId: expect.any(Number),
        orderId: w.orders.fulfilled,
        isbn: '9780743273565',
        title: 'A Novel Elective',
        serialItemRefNum: 'SER-RETURNED',
        dueDate: expect.any(String),
        state: 'RETURNED',
        returnedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        marketplaceConditionName: 'Good',
        trackingNumber: null,
      },
    ]);
  });

  it('hides savings figures from callers without VIEW_STUDENT_SAVINGS, and the actions they lack', async () => {
    const res = await history(w.who.historyReader, w.students.alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.savingsVisible).toBe(false);
    expect(body.totalSavingsCents).toBeNull();
    expect(body.totalSpentCents).toBe(16_520);
    for (const order of body.orders as OrderSummary[]) {
      expect(order.savingsCents).toBeNull();
      expect(order.items.every((i) => i.savingsCents === null)).toBe(true);
      expect([order.mayHold, order.mayUnhold, order.mayCancel]).toEqual([false, false, false]);
    }
  });

  it('leaves cancelled items out of an open order and of what was spent', async () => {
    const student = await w.newStudent();
    await w.addOrder(
      student,
      'OPEN',
      [
        { title: 'law', type: 'BUY_NEW' },
        { title: 'chemistry', type: 'RENT_USED', status: 'CANCELLED' },
      ],
      { taxCents: 870, shippingCents: 799, divisionId: w.divisions.law },
    );
    const res = await history(w.who.admin, student);
    const [order] = res.json().orders as OrderSummary[];
    expect(order).toMatchObject({
      divisionName: 'Law School',
      subtotalCents: 12_000,
      totalCents: 12_000 + 870 + 799,
      savingsCents: 0,
    });
    expect(order?.items.map((i) => i.status)).toEqual(['PENDING', 'CANCELLED']);
    expect(res.json()).toMatchObject({
      totalSpentCents: 13_669,
      totalSavingsCents: 0,
      rentals: [],
    });
  });

  it('shows the 100 newest orders; the totals cover them all', async () => {
    const student = await w.newStudent();
    const start = Date.now() - 200 * 60_000;
    const rows = Array.from({ length: 101 }, (_, n) => ({
      locationId: w.storeA,
      studentId: student,
      divisionId: w.divisions.main,
      orderType: 'WEB',
      status: 'FULFILLED',
      createdAt: new Date(start + n * 60_000),
      shippingCents: 100,
    }));
    const inserted = await ctx.db.insert(t.orders).values(rows).returning({ id: t.orders.id });
    const res = await history(w.who.admin, student);
    const ids = (res.json().orders as OrderSummary[]).map((o) => o.orderId);
    expect(ids).toHaveLength(100);
    expect(ids[0]).toBe(inserted[100]?.id);
    expect(ids).not.toContain(inserted[0]?.id);
    expect(res.json().totalSpentCents).toBe(101 * 100);
  });

  it('answers an empty history for a student with no orders', async () => {
    const res = await history(w.who.admin, w.students.bob);
    expect(res.json()).toEqual({
      orders: [],
      rentals: [],
      savingsVisible: true,
      totalSpentCents: 0,
      totalSavingsCents: 0,
    });
  });

  it('needs VIEW_TRANSACTIONS (403), and answers 404 for students it cannot see', async () => {
    for (const who of [w.who.returnsOnly, w.who.holder, w.who.noLookup]) {
      const res = await history(who, w.students.alice);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to view transaction history.');
    }
    for (const customerId of [w.students.carol, 999_999]) {
      const res = await history(w.who.admin, customerId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Customer not found', field: 'customerId' });
    }
    const fromStoreB = await history(w.who.storeB, w.students.alice);
    expect(fromStoreB.statusCode).toBe(404);
    const bad = await w.call(w.who.admin, getTransactionHistory, { query: { customerId: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('customerId');
  });
});
