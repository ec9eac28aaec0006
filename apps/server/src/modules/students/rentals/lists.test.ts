import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getInTransitRentals,
  getOutstandingRentals,
  printRentalLabel,
  STUDENT_LOOKUP_REFUSAL,
  type InTransitGroup,
  type RentalItem,
} from '@csp/contracts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { day, rentalWorld, type RentalWorld } from '../../../test-support/rental-world.ts';

const engines = await testEngines();

describe.each(engines)('rental lists (%s)', (engine) => {
  let ctx: TestContext;
  let w: RentalWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await rentalWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const outstanding = async (customerId: number, who = w.who.clerk) => {
    const res = await w.call(who, getOutstandingRentals, { query: { customerId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ rentalListDTO: RentalItem[] }>().rentalListDTO;
  };
  const transit = async (customerId: number, who = w.who.clerk) => {
    const res = await w.call(who, getInTransitRentals, { query: { customerId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InTransitGroup[]>();
  };

  it('lists outstanding rentals by due date with title data, hiding tracked and returned items', async () => {
    const s = w.students.alice;
    const later = await w.rental({ studentId: s, dueOffset: 40, titleId: w.titles.genes });
    const sooner = await w.rental({ studentId: s, dueOffset: 5 });
    await w.rental({ studentId: s, trackingNumber: '1ZTRACKEDOUTSTAND1' });
    await w.rental({ studentId: s, state: 'IN_TRANSIT', trackingNumber: '1ZINTRANSIT0000001' });
    await w.rental({ studentId: s, state: 'RETURNED' });
    await w.rental({ studentId: w.students.bob });

    const list = await outstanding(s);
    expect(list.map((i) => i.transItemId)).toEqual([sooner.id, later.id]);
    expect(list[1]).toEqual({
      transItemId: later.id,
      isbn: '9781861972712',
      title: 'Genes in Action: A Very Long Title That Never Fits',
      author: 'Test Author',
      serialItemRefNum: later.serial,
      dueDate: day(40),
      trackingNumber: null,
      serialItemLabel: `RTN-${String(later.orderId).padStart(8, '0')}`,
      marketplaceConditionName: null,
      reportUrl: null,
    });
  });

  it('groups rentals on their way back by order, newest order first, with their labels', async () => {
    const s = w.students.bob;
    const oldOrder = await w.order(s, 30);
    const newOrder = await w.order(s, 2);
    // Seeded style: in transit (or outstanding with a tracking number) without a label of ours.
    const a1 = await w.rental({
      studentId: s,
      orderId: oldOrder,
      state: 'IN_TRANSIT',
      trackingNumber: '1ZSEEDEDSEEDED0001',
    });
    const a2 = await w.rental({
      studentId: s,
      orderId: oldOrder,
      trackingNumber: '1ZSEEDEDSEEDED0002',
    });
    const b1 = await w.rental({ studentId: s, orderId: newOrder, dueOffset: 3 });
    const b2 = await w.rental({ studentId: s, orderId: newOrder, dueOffset: 9 });
    const printed = await w.call(w.who.clerk, printRentalLabel, {
      body: { customerId: s, transItemIdList: [b1.id, b2.id] },
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const [label] = printed.json<{ reportUrl: string; trackingNumber: string }[]>();

    const groups = await transit(s);
    expect(groups.map((g) => g.transId)).toEqual([newOrder, oldOrder]);
    expect(
      groups[0]?.transItems.map((i) => [i.transItemId, i.trackingNumber, i.reportUrl]),
    ).toEqual([
      [b1.id, label?.trackingNumber, label?.reportUrl],
      [b2.id, label?.trackingNumber, label?.reportUrl],
    ]);
    expect(
      groups[1]?.transItems.map((i) => [i.transItemId, i.trackingNumber, i.reportUrl]),
    ).toEqual([
      [a1.id, '1ZSEEDEDSEEDED0001', null],
      [a2.id, '1ZSEEDEDSEEDED0002', null],
    ]);
    // Printed items left the outstanding list.
    expect((await outstanding(s)).map((i) => i.transItemId)).not.toContain(b1.id);
  });

  it('lets a reporter without RETURN_RENTALS read both lists', async () => {
    const r = await w.rental({ studentId: w.students.alice, dueOffset: 1 });
    const back = await w.rental({
      studentId: w.students.alice,
      state: 'IN_TRANSIT',
      trackingNumber: '1ZREPORTERSEES001',
    });
    expect(
      (await outstanding(w.students.alice, w.who.reporter)).map((i) => i.transItemId),
    ).toContain(r.id);
    const groups = await transit(w.students.alice, w.who.reporter);
    expect(groups.find((g) => g.transId === back.orderId)?.transItems).toEqual([
      expect.objectContaining({ transItemId: back.id, trackingNumber: '1ZREPORTERSEES001' }),
    ]);
  });

  it('refuses callers who may not look students up', async () => {
    for (const contract of [getOutstandingRentals, getInTransitRentals]) {
      const res = await w.call(w.who.instructor, contract, {
        query: { customerId: w.students.alice },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: STUDENT_LOOKUP_REFUSAL });
    }
  });

  it("answers 404 'Customer not found' for an unknown or another store's student", async () => {
    for (const customerId of [999_999, w.students.storeB]) {
      for (const contract of [getOutstandingRentals, getInTransitRentals]) {
        const res = await w.call(w.who.clerk, contract, { query: { customerId } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: 'Customer not found' });
      }
    }
  });

  it('names the field of a bad customerId', async () => {
    const res = await w.call(w.who.clerk, getOutstandingRentals, { query: { customerId: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('customerId');
  });
});
