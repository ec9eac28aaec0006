import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getOutstandingRentals,
  returnRentals,
  type FailedReturnItem,
  type RentalItem,
  type ReturnRentalsBody,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { rentalWorld, type RentalWorld } from '../../../test-support/rental-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

type Returned = RentalItem & { marketplaceConditionName: string; reportUrl: string };
interface ReturnAnswer {
  failed: FailedReturnItem[];
  successful: Returned[];
}

describe.each(engines)('returning rentals (%s)', (engine) => {
  let ctx: TestContext;
  let w: RentalWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await rentalWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const items = (...pairs: [number, string][]) =>
    pairs.map(([transItemId, marketplaceCondition]) => ({ transItemId, marketplaceCondition }));
  const send = (body: Partial<ReturnRentalsBody>, who: Caller = w.who.clerk) =>
    w.call(who, returnRentals, {
      body: { locationId: ctx.fixture.locations.a, ...body },
    });
  const returned = async (body: Partial<ReturnRentalsBody>, who: Caller = w.who.clerk) => {
    const res = await send(body, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReturnAnswer>();
  };
  const rentalRow = async (id: number) => {
    const [row] = await ctx.db.select().from(t.rentals).where(eq(t.rentals.id, id));
    return row;
  };

  it('returns items with their conditions, in check order, with one label per serialItemLabel', async () => {
    const s = w.students.alice;
    const order1 = await w.order(s);
    const a = await w.rental({ studentId: s, orderId: order1 });
    const b = await w.rental({ studentId: s, orderId: order1, titleId: w.titles.genes });
    const c = await w.rental({
      studentId: s,
      state: 'IN_TRANSIT',
      trackingNumber: '1ZPARCELARRIVED001',
    });

    const answer = await returned({
      customerId: s,
      transItemIdWithConditionList: items([b.id, 'Good'], [c.id, 'Acceptable'], [a.id, 'Like New']),
    });
    expect(answer.failed).toEqual([]);
    expect(answer.successful.map((i) => [i.transItemId, i.marketplaceConditionName])).toEqual([
      [b.id, 'Good'],
      [c.id, 'Acceptable'],
      [a.id, 'Like New'],
    ]);
    const [rb, rc, ra] = answer.successful;
    expect(rb).toMatchObject({ serialItemRefNum: b.serial, isbn: '9781861972712' });
    // One label for order 1's serialItemLabel, another for the other order's.
    expect(rb?.reportUrl).toBe(ra?.reportUrl);
    expect(rc?.reportUrl).not.toBe(ra?.reportUrl);
    expect(ra?.reportUrl).toMatch(/^http:\/\/store-a\.test\/.+\/labels\/[A-Za-z0-9_-]{43}$/);

    const row = await rentalRow(a.id);
    expect(row).toMatchObject({ state: 'RETURNED', returnedBy: w.who.clerk.accountId });
    expect(row?.returnedAt).toBeInstanceOf(Date);
    const [condition] = await ctx.db
      .select()
      .from(t.marketplaceConditions)
      .where(eq(t.marketplaceConditions.id, row?.marketplaceConditionId ?? 0));
    expect(condition?.name).toBe('Like New');
    const [label] = await ctx.db
      .select()
      .from(t.rentalLabels)
      .where(eq(t.rentalLabels.id, row?.returnLabelId ?? 0));
    expect(label).toMatchObject({
      kind: 'RETURN',
      studentId: s,
      serialItemLabel: `RTN-${String(order1).padStart(8, '0')}`,
    });
    expect(label && ra?.reportUrl.endsWith(label.token)).toBe(true);

    const activity = await ctx.db
      .select()
      .from(t.studentActivity)
      .where(
        and(
          eq(t.studentActivity.studentId, s),
          eq(t.studentActivity.actorAccountId, w.who.clerk.accountId),
        ),
      );
    expect(activity.filter((e) => e.action === 'RENTAL_RETURNED')).toHaveLength(3);
    expect(activity.filter((e) => e.action === 'RETURN_LABEL_CREATED')).toHaveLength(2);

    const list = await w.call(w.who.clerk, getOutstandingRentals, { query: { customerId: s } });
    const ids = list
      .json<{ rentalListDTO: RentalItem[] }>()
      .rentalListDTO.map((i) => i.transItemId);
    expect(ids).not.toContain(a.id);
  });

  it('returns the rest when some items fail, and says why each failed', async () => {
    const s = w.students.alice;
    const ok = await w.rental({ studentId: s });
    const bobs = await w.rental({ studentId: w.students.bob });
    const otherStore = await w.rental({ studentId: w.students.storeB });
    const answer = await returned({
      customerId: s,
      transItemIdWithConditionList: items(
        [bobs.id, 'Good'],
        [ok.id, 'Good'],
        [otherStore.id, 'Good'],
        [987_654, 'Good'],
      ),
    });
    expect(answer.successful.map((i) => i.transItemId)).toEqual([ok.id]);
    expect(answer.failed).toEqual([
      {
        transItemId: bobs.id,
        serialItemRefNum: bobs.serial,
        isbn: '9780306406157',
        reason: 'Not a rental of this student',
      },
      {
        transItemId: otherStore.id,
        serialItemRefNum: null,
        isbn: null,
        reason: 'No rental with this id at this store',
      },
      {
        transItemId: 987_654,
        serialItemRefNum: null,
        isbn: null,
        reason: 'No rental with this id at this store',
      },
    ]);
    expect((await rentalRow(bobs.id))?.state).toBe('OUTSTANDING');
    expect((await rentalRow(otherStore.id))?.state).toBe('OUTSTANDING');
  });

  it('without customerId, returns any rental of the store', async () => {
    const r = await w.rental({ studentId: w.students.bob });
    const answer = await returned({ transItemIdWithConditionList: items([r.id, 'Good']) });
    expect(answer.successful.map((i) => i.transItemId)).toEqual([r.id]);
  });

  it('returns an item once: the second return of it lands in failed, saying when and by whom', async () => {
    const r = await w.rental({ studentId: w.students.alice });
    const body = {
      customerId: w.students.alice,
      transItemIdWithConditionList: items([r.id, 'Good']),
    };
    const first = await returned(body);
    expect(first.successful).toHaveLength(1);
    const second = await returned(
      { ...body, transItemIdWithConditionList: items([r.id, 'Acceptable']) },
      w.who.clerk2,
    );
    expect(second.successful).toEqual([]);
    expect(second.failed).toHaveLength(1);
    expect(second.failed[0]?.reason).toMatch(
      /^Already returned on \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} [AP]M by Name of clerk@store-a\.test$/,
    );
    const row = await rentalRow(r.id);
    expect(row?.returnedBy).toBe(w.who.clerk.accountId);
    const labels = await ctx.db
      .select()
      .from(t.rentalLabels)
      .where(eq(t.rentalLabels.studentId, w.students.alice));
    expect(labels.filter((l) => l.id === row?.returnLabelId)).toHaveLength(1);
  });

  it('two clerks returning the same items at once: each item is returned exactly once', async () => {
    const s = w.students.alice;
    const x = await w.rental({ studentId: s });
    const y = await w.rental({ studentId: s });
    const countLabels = async () => (await ctx.db.select().from(t.rentalLabels)).length;
    const labelsBefore = await countLabels();
    const [one, two] = await Promise.all([
      returned({
        customerId: s,
        transItemIdWithConditionList: items([x.id, 'Good'], [y.id, 'Good']),
      }),
      returned(
        {
          customerId: s,
          transItemIdWithConditionList: items([y.id, 'Acceptable'], [x.id, 'Acceptable']),
        },
        w.who.clerk2,
      ),
    ]);
    const successes = [...(one?.successful ?? []), ...(two?.successful ?? [])];
    expect(successes.map((i) => i.transItemId).sort()).toEqual([x.id, y.id].sort());
    const failures = [...(one?.failed ?? []), ...(two?.failed ?? [])];
    expect(failures.map((f) => f.transItemId).sort()).toEqual([x.id, y.id].sort());
    // Also after waiting for the winner's lock, the reason names when and who.
    for (const f of failures) {
      expect(f.reason).toMatch(/^Already returned on .+ by Name of clerk2?@store-a\.test$/);
    }
    // Only the winning return made labels.
    const winnerLabels = new Set(successes.map((i) => i.reportUrl)).size;
    expect(await countLabels()).toBe(labelsBefore + winnerLabels);
    const returns = await ctx.db
      .select()
      .from(t.studentActivity)
      .where(eq(t.studentActivity.action, 'RENTAL_RETURNED'));
    const forXY = returns.filter((e) =>
      [x.id, y.id].includes((e.details as { transItemId: number }).transItemId),
    );
    expect(forXY).toHaveLength(2);
  });

  it('a burst of identical returns (double clicks, retries): one success, every call answered', async () => {
    const s = w.students.alice;
    // Several rounds of four calls at once: enough overlap that an unguarded return shows.
    for (let round = 0; round < 3; round++) {
      const x = await w.rental({ studentId: s });
      const body = { customerId: s, transItemIdWithConditionList: items([x.id, 'Good']) };
      const answers = await Promise.all(
        [w.who.clerk, w.who.clerk2, w.who.clerk, w.who.clerk2].map((who) => returned(body, who)),
      );
      expect(answers.flatMap((a) => a.successful).map((i) => i.transItemId)).toEqual([x.id]);
      expect(answers.flatMap((a) => a.failed)).toHaveLength(3);
    }
  });

  it('refuses a caller without RETURN_RENTALS with 403, changing nothing', async () => {
    const r = await w.rental({ studentId: w.students.alice });
    const res = await send(
      { customerId: w.students.alice, transItemIdWithConditionList: items([r.id, 'Good']) },
      w.who.reporter,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'You do not have permission to return rentals.' });
    expect((await rentalRow(r.id))?.state).toBe('OUTSTANDING');
  });

  it("answers 404 'Customer not found' for an unknown or another store's student", async () => {
    const r = await w.rental({ studentId: w.students.alice });
    for (const customerId of [999_999, w.students.storeB]) {
      const res = await send({ customerId, transItemIdWithConditionList: items([r.id, 'Good']) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Customer not found', field: 'customerId' });
    }
    expect((await rentalRow(r.id))?.state).toBe('OUTSTANDING');
  });

  it('refuses a condition the store does not have, naming the item, and returns nothing', async () => {
    const r1 = await w.rental({ studentId: w.students.alice });
    const r2 = await w.rental({ studentId: w.students.alice });
    const res = await send({
      customerId: w.students.alice,
      transItemIdWithConditionList: items([r1.id, 'Good'], [r2.id, 'Mint']),
    });
    expect(res.statusCode).toBe(400);
    const error = res.json<{ message: string; field: string }>();
    expect(error.field).toBe('transItemIdWithConditionList.1.marketplaceCondition');
    expect(error.message).toContain('transItemIdWithConditionList.1.marketplaceCondition');
    expect(error.message).toContain('Like New, Good, Acceptable');
    expect((await rentalRow(r1.id))?.state).toBe('OUTSTANDING');
  });

  it('refuses another store as locationId, and bad lists, naming the field', async () => {
    const r = await w.rental({ studentId: w.students.alice });
    const wrongStore = await send({
      locationId: ctx.fixture.locations.b,
      transItemIdWithConditionList: items([r.id, 'Good']),
    });
    expect(wrongStore.statusCode).toBe(400);
    expect(wrongStore.json()).toMatchObject({ field: 'locationId' });
    expect(wrongStore.json<{ message: string }>().message).toContain('locationId');

    for (const list of [[], items([r.id, 'Good'], [r.id, 'Good']), items([r.id, ''])]) {
      const res = await send({ transItemIdWithConditionList: list });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('transItemIdWithConditionList');
    }
    expect((await rentalRow(r.id))?.state).toBe('OUTSTANDING');
  });

  it('answers 415 naming ShipFrom when the store has no return address, before writing', async () => {
    const r = await w.rental({ studentId: w.students.storeB });
    const res = await w.call(w.who.storeBClerk, returnRentals, {
      body: {
        locationId: ctx.fixture.locations.b,
        customerId: w.students.storeB,
        transItemIdWithConditionList: items([r.id, 'Good']),
      },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ message: string }>().message).toContain('ShipFrom');
    expect((await rentalRow(r.id))?.state).toBe('OUTSTANDING');
  });
});
