import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getInTransitRentals,
  getOutstandingRentals,
  printRentalLabel,
  type InTransitGroup,
  type PrintRentalLabelBody,
  type RentalItem,
  type ShippingLabelDocument,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { rentalWorld, type RentalWorld } from '../../../test-support/rental-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

describe.each(engines)('return-shipping labels (%s)', (engine) => {
  let ctx: TestContext;
  let w: RentalWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await rentalWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const send = (body: PrintRentalLabelBody, who: Caller = w.who.clerk) =>
    w.call(who, printRentalLabel, { body });
  const print = async (body: PrintRentalLabelBody, who: Caller = w.who.clerk) => {
    const res = await send(body, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ShippingLabelDocument[]>();
  };
  const shipmentLabels = async (studentId: number) =>
    (
      await ctx.db.select().from(t.rentalLabels).where(eq(t.rentalLabels.studentId, studentId))
    ).filter((l) => l.kind === 'SHIPMENT');
  const rentalRow = async (id: number) => {
    const [row] = await ctx.db.select().from(t.rentals).where(eq(t.rentals.id, id));
    return row;
  };

  it('puts the items on one shipment with a new tracking number: they move to in transit', async () => {
    const s = w.students.alice;
    const a = await w.rental({ studentId: s });
    const b = await w.rental({ studentId: s });
    const [doc, ...more] = await print({ customerId: s, transItemIdList: [b.id, a.id] });
    expect(more).toEqual([]);
    expect(doc?.trackingNumber).toMatch(/^1Z[0-9A-HJ-NP-Z]{16}$/);
    expect(doc?.transItemIdList).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(doc?.reportUrl).toMatch(/^http:\/\/store-a\.test\/.+\/labels\/[A-Za-z0-9_-]{43}$/);

    for (const id of [a.id, b.id]) {
      expect(await rentalRow(id)).toMatchObject({
        state: 'IN_TRANSIT',
        trackingNumber: doc?.trackingNumber,
      });
    }
    const out = await w.call(w.who.clerk, getOutstandingRentals, { query: { customerId: s } });
    const outIds = out
      .json<{ rentalListDTO: RentalItem[] }>()
      .rentalListDTO.map((i) => i.transItemId);
    expect(outIds).not.toContain(a.id);
    const transit = await w.call(w.who.clerk, getInTransitRentals, { query: { customerId: s } });
    const items = transit.json<InTransitGroup[]>().flatMap((g) => g.transItems);
    expect(items.find((i) => i.transItemId === a.id)?.reportUrl).toBe(doc?.reportUrl);

    const activity = await ctx.db
      .select()
      .from(t.studentActivity)
      .where(eq(t.studentActivity.action, 'SHIPPING_LABEL_CREATED'));
    expect(
      activity.find(
        (e) => (e.details as { trackingNumber: string }).trackingNumber === doc?.trackingNumber,
      ),
    ).toMatchObject({ studentId: s, actorAccountId: w.who.clerk.accountId });
  });

  it('answers the same label when asked again for items already shipped together', async () => {
    const s = w.students.alice;
    const a = await w.rental({ studentId: s });
    const b = await w.rental({ studentId: s });
    const before = (await shipmentLabels(s)).length;
    const [first] = await print({ customerId: s, transItemIdList: [a.id, b.id] });
    const [again] = await print({ customerId: s, transItemIdList: [a.id, b.id] });
    const [part] = await print({ customerId: s, transItemIdList: [b.id] });
    expect(again).toEqual(first);
    expect(part).toEqual(first);
    expect((await shipmentLabels(s)).length).toBe(before + 1);
  });

  it('makes one shipment of a burst of identical calls', async () => {
    const s = w.students.bob;
    for (let round = 0; round < 3; round++) {
      const a = await w.rental({ studentId: s });
      const b = await w.rental({ studentId: s });
      const before = (await shipmentLabels(s)).length;
      const body = { customerId: s, transItemIdList: [a.id, b.id] };
      const answers = await Promise.all(
        [w.who.clerk, w.who.clerk2, w.who.clerk, w.who.clerk2].map((who) => print(body, who)),
      );
      const trackings = new Set(answers.map((docs) => docs[0]?.trackingNumber));
      expect(trackings.size).toBe(1);
      expect((await shipmentLabels(s)).length).toBe(before + 1);
    }
  });

  it('renews an expired label when it is asked for again', async () => {
    const s = w.students.alice;
    const a = await w.rental({ studentId: s });
    const [doc] = await print({ customerId: s, transItemIdList: [a.id] });
    const labelId = (await rentalRow(a.id))?.shipmentLabelId ?? 0;
    await ctx.db
      .update(t.rentalLabels)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(t.rentalLabels.id, labelId));
    const expired = await w.fetchLabel(doc?.reportUrl ?? '');
    expect(expired.statusCode).toBe(410);
    const [again] = await print({ customerId: s, transItemIdList: [a.id] });
    expect(again).toEqual(doc);
    expect((await w.fetchLabel(again?.reportUrl ?? '')).statusCode).toBe(200);
  });

  it('refuses items it cannot ship, saying which and why, and ships none of them', async () => {
    const s = w.students.alice;
    const ok = await w.rental({ studentId: s });
    const returned = await w.rental({ studentId: s, state: 'RETURNED' });
    const bobs = await w.rental({ studentId: w.students.bob });
    const tracked = await w.rental({ studentId: s, trackingNumber: '1ZCARRIERANNOUNCE1' });
    const otherStore = await w.rental({ studentId: w.students.storeB });
    const [shipped] = await print({
      customerId: s,
      transItemIdList: [(await w.rental({ studentId: s })).id],
    });

    const cases: [number, string][] = [
      [returned.id, `${returned.serial} (Already returned on`],
      [bobs.id, `${bobs.serial} (Not a rental of this student)`],
      [tracked.id, `${tracked.serial} (Already on its way back (tracking 1ZCARRIERANNOUNCE1))`],
      [otherStore.id, `${otherStore.id} (No rental with this id at this store)`],
      [
        shipped?.transItemIdList[0] ?? 0,
        `(Already on its way back (tracking ${shipped?.trackingNumber}))`,
      ],
    ];
    for (const [id, reason] of cases) {
      const res = await send({ customerId: s, transItemIdList: [ok.id, id] });
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json<{ message: string; field: string }>();
      expect(error.field).toBe('transItemIdList');
      expect(error.message).toMatch(/^transItemIdList: /);
      expect(error.message).toContain(reason);
      expect(error.message).not.toContain(ok.serial);
    }
    expect(await rentalRow(ok.id)).toMatchObject({ state: 'OUTSTANDING', trackingNumber: null });
  });

  it('refuses a caller without RETURN_RENTALS, an unknown customer, and a store without return address', async () => {
    const a = await w.rental({ studentId: w.students.alice });
    const reporter = await send(
      { customerId: w.students.alice, transItemIdList: [a.id] },
      w.who.reporter,
    );
    expect(reporter.statusCode).toBe(403);

    for (const customerId of [999_999, w.students.storeB]) {
      const res = await send({ customerId, transItemIdList: [a.id] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Customer not found' });
    }

    const b = await w.rental({ studentId: w.students.storeB });
    const noAddress = await send(
      { customerId: w.students.storeB, transItemIdList: [b.id] },
      w.who.storeBClerk,
    );
    expect(noAddress.statusCode).toBe(415);
    expect(noAddress.json<{ message: string }>().message).toContain('ShipFrom');
    expect((await rentalRow(b.id))?.state).toBe('OUTSTANDING');
    expect((await rentalRow(a.id))?.state).toBe('OUTSTANDING');

    const empty = await send({ customerId: w.students.alice, transItemIdList: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain('transItemIdList');
  });
});
