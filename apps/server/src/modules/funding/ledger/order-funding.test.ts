import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDING_MESSAGES,
  cancelOrder,
  createOrder,
  createOrderPreview,
  getTransactionHistory,
  fillPath,
  setAllowanceAmount,
  type FulfillmentType,
  type OrderFundingSplit,
  type OrderSummary,
} from '@csp/contracts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import {
  ELECTIVE_LIST_PRICE,
  fundingOrderWorld,
  type FundingOrderWorld,
} from '../../../test-support/funding-order-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

interface Item {
  sectionId: number;
  titleId: number;
  fulfillmentType: FulfillmentType;
}
interface FundingAsk {
  useAllowances: boolean;
  maxCents?: number | null;
  promotionCode?: string | null;
}

describe.each(engines)('order funding: preview, charge, refund (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingOrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingOrderWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const biology = (type: FulfillmentType = 'BUY_USED'): Item => ({
    sectionId: w.sections.s001,
    titleId: w.titles.biology,
    fulfillmentType: type,
  });
  const chemistry = (type: FulfillmentType = 'BUY_NEW'): Item => ({
    sectionId: w.sections.s002,
    titleId: w.titles.chemistry,
    fulfillmentType: type,
  });
  const elective = (type: FulfillmentType = 'BUY_NEW'): Item => ({
    sectionId: w.sections.s002,
    titleId: w.electiveTitle,
    fulfillmentType: type,
  });
  const body = (customerId: number, items: Item[], funding?: FundingAsk) => ({
    customerId,
    items,
    shippingMethod: 'PICKUP',
    ...(funding && { funding }),
  });
  const preview = (customerId: number, items: Item[], funding?: FundingAsk) =>
    w.call(w.who.clerk, createOrderPreview, { body: body(customerId, items, funding) });
  const place = (
    customerId: number,
    items: Item[],
    funding?: FundingAsk,
    who: Caller = w.who.clerk,
    clientKey = w.newKey(),
  ) => w.call(who, createOrder, { body: { ...body(customerId, items, funding), clientKey } });
  const cancel = (customerId: number, orderId: number) =>
    w.call(w.who.clerk, cancelOrder, { body: { customerId, orderId } });

  /** A required-only aid source for the fall term without rentals, and an any-material one. */
  async function aidAndDepartment(student: number, aidCents = 10_000, deptCents = 10_000) {
    // The department's allowance is the older one: specificity, not age, decides.
    const dept = await w.addSource({ name: 'Biology department', scope: 'ANY_COURSE_MATERIAL' });
    const deptAllowance = await w.addAllowance(dept, student, deptCents);
    const aid = await w.addSource({
      name: 'Fall book advance',
      kind: 'FINANCIAL_AID',
      scope: 'REQUIRED_OWN_SECTIONS',
      termIds: [w.fallTerm],
      spending: ['NEW', 'USED', 'DIGITAL'],
    });
    const aidAllowance = await w.addAllowance(aid, student, aidCents);
    return { dept, deptAllowance, aid, aidAllowance };
  }

  it('previews the split, most specific source first, and what the student pays', async () => {
    const student = await w.newStudent();
    const { aidAllowance, deptAllowance } = await aidAndDepartment(student);
    const res = await preview(student, [biology('BUY_USED'), elective('BUY_NEW')], {
      useAllowances: true,
    });
    expect(res.statusCode).toBe(200);
    const { funding, totalCents } = res.json();
    // Biology (75.00, required) from the aid; the recommended guide (60.00) only from the
    // department, which the aid does not pay for.
    expect(funding).toEqual({
      lines: [
        expect.objectContaining({
          allowanceId: aidAllowance,
          sourceName: 'Fall book advance',
          amountCents: 7_500,
        }),
        expect.objectContaining({
          allowanceId: deptAllowance,
          sourceName: 'Biology department',
          amountCents: ELECTIVE_LIST_PRICE,
        }),
      ],
      fundedCents: 13_500,
      studentPaysCents: totalCents - 13_500,
    } satisfies OrderFundingSplit);
    // Tax is the student's: funding pays the lines' prices only.
    expect(totalCents).toBeGreaterThan(13_500);
    expect(await w.balanceOf(aidAllowance)).toBe(10_000);
  });

  it('leaves a rental to a source that pays for rentals', async () => {
    const student = await w.newStudent();
    const { deptAllowance } = await aidAndDepartment(student);
    const res = await preview(student, [biology('RENT_USED')], { useAllowances: true });
    expect(res.json().funding.lines).toEqual([
      expect.objectContaining({ allowanceId: deptAllowance, amountCents: 4_000 }),
    ]);
  });

  it('pays nothing unless asked, and at most maxCents', async () => {
    const student = await w.newStudent();
    await aidAndDepartment(student);
    const none = (await preview(student, [biology()])).json();
    expect(none.funding).toEqual({ lines: [], fundedCents: 0, studentPaysCents: none.totalCents });
    const no = (await preview(student, [biology()], { useAllowances: false })).json();
    expect(no.funding.fundedCents).toBe(0);
    const capped = (
      await preview(student, [biology(), elective()], { useAllowances: true, maxCents: 5_000 })
    ).json();
    expect(capped.funding.fundedCents).toBe(5_000);
    expect(capped.funding.studentPaysCents).toBe(capped.totalCents - 5_000);
  });

  it('charges the order, shows it in the order and the history, and refunds it once on cancel', async () => {
    const student = await w.newStudent();
    const { aidAllowance, deptAllowance } = await aidAndDepartment(student, 5_000);
    const res = await place(student, [biology('BUY_USED'), elective()], { useAllowances: true });
    expect(res.statusCode).toBe(200);
    const order: OrderSummary = res.json().order;
    // The aid's 50.00 towards biology, the department the rest of biology and the guide.
    expect(order.fundedCents).toBe(13_500);
    expect(order.funding).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sourceName: 'Fall book advance',
          chargedCents: 5_000,
          refundedCents: 0,
        }),
        expect.objectContaining({
          sourceName: 'Biology department',
          chargedCents: 8_500,
          refundedCents: 0,
        }),
      ]),
    );
    const charges = await w.entries('CHARGE', { orderId: order.orderId });
    expect(charges.map((c) => [c.allowanceId, c.amountCents, c.termId])).toEqual(
      expect.arrayContaining([
        [aidAllowance, -5_000, w.fallTerm],
        [deptAllowance, -8_500, w.fallTerm],
      ]),
    );
    expect(charges[0]?.actorAccountId).toBe(w.who.clerk.accountId);
    expect(await w.balanceOf(aidAllowance)).toBe(0);
    expect(await w.balanceOf(deptAllowance)).toBe(1_500);

    const history = await w.call(w.who.clerk, getTransactionHistory, {
      query: { customerId: student },
    });
    const listed = history.json().orders.find((o: OrderSummary) => o.orderId === order.orderId);
    expect(listed.fundedCents).toBe(13_500);

    const cancelled = await cancel(student, order.orderId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.fundedCents).toBe(0);
    expect(cancelled.json().order.funding).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ chargedCents: 5_000, refundedCents: 5_000 }),
      ]),
    );
    expect(await w.balanceOf(aidAllowance)).toBe(5_000);
    expect(await w.balanceOf(deptAllowance)).toBe(10_000);
    // Cancelling again, and twice at once, refunds nothing more.
    await Promise.all([cancel(student, order.orderId), cancel(student, order.orderId)]);
    expect(await w.entries('REFUND', { orderId: order.orderId })).toHaveLength(2);
    expect(await w.balanceOf(deptAllowance)).toBe(10_000);
  });

  it('never charges the same submit twice', async () => {
    const student = await w.newStudent();
    const { aid } = await aidAndDepartment(student);
    const key = w.newKey();
    const first = await place(student, [biology()], { useAllowances: true }, w.who.clerk, key);
    const again = await place(student, [biology()], { useAllowances: true }, w.who.clerk, key);
    expect(again.json().order.orderId).toBe(first.json().order.orderId);
    expect(await w.entries('CHARGE', { sourceId: aid })).toHaveLength(1);
  });

  it('two orders at the same moment never spend more than the balance', async () => {
    const student = await w.newStudent();
    const source = await w.addSource({ name: 'Scholarship' });
    const allowance = await w.addAllowance(source, student, 15_000);
    // Each order (100.00 and 89.99) is more than half the balance.
    const [a, b] = await Promise.all([
      place(student, [biology('BUY_NEW')], { useAllowances: true }),
      place(student, [chemistry('BUY_NEW')], { useAllowances: true }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const charged = (await w.entries('CHARGE', { allowanceId: allowance })).reduce(
      (sum, e) => sum + e.amountCents,
      0,
    );
    expect(charged).toBe(-15_000);
    expect(await w.balanceOf(allowance)).toBe(0);
    const funded = [a, b].map((r) => r?.json().order.fundedCents as number);
    expect(funded.reduce((x, y) => x + y, 0)).toBe(15_000);
  });

  it('an order and a lowered allowance at the same moment never overdraw it', async () => {
    for (let round = 0; round < 4; round++) {
      const student = await w.newStudent();
      const source = await w.addSource({ name: `Lowered ${round}` });
      const allowance = await w.addAllowance(source, student, 15_000);
      // The order (100.00) and the new amount (80.00) cannot both be had in full.
      const [order, lowered] = await Promise.all([
        place(student, [biology('BUY_NEW')], { useAllowances: true }),
        ctx.app.inject({
          method: setAllowanceAmount.method,
          url: fillPath(setAllowanceAmount.path, {
            userAccountId: w.manager.accountId,
            allowanceId: allowance,
          }),
          headers: authHeaders(w.manager.host, w.manager.token),
          payload: { amountCents: 8_000 },
        }),
      ]);
      expect(order?.statusCode).toBe(200);
      const funded = order?.json().order.fundedCents as number;
      if (lowered?.statusCode === 200) {
        // Lowered first: the order took the 80.00 left.
        expect(funded).toBe(8_000);
      } else {
        // Charged first: 100.00 spent, the amount may not go below it.
        expect(lowered?.statusCode).toBe(400);
        expect(lowered?.json()).toEqual({
          message: FUNDING_MESSAGES.belowSpent('$100.00'),
          field: 'amountCents',
        });
        expect(funded).toBe(10_000);
      }
      expect(await w.balanceOf(allowance)).toBe(lowered?.statusCode === 200 ? 0 : 5_000);
    }
  });

  it('a promotion code pays once per student, and its last use goes to one of two at once', async () => {
    await w.addSource({
      name: 'Welcome promotion',
      promotion: { code: 'WELCOME-10', amountCents: 1_000, useLimit: 1 },
    });
    const [s1, s2] = [await w.newStudent(), await w.newStudent()];
    const shown = await preview(s1, [biology()], {
      useAllowances: false,
      promotionCode: 'welcome-10',
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().funding).toMatchObject({
      fundedCents: 1_000,
      // The clerk places orders without seeing students' funding: no voucher code is told.
      lines: [{ allowanceId: 0, sourceName: 'Welcome promotion', voucherCode: null }],
    });
    const unknown = await preview(s1, [biology()], {
      useAllowances: true,
      promotionCode: 'NOPE-1',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: FUNDING_MESSAGES.unknownPromotionCode('NOPE-1'),
      field: 'funding.promotionCode',
    });

    const results = await Promise.all(
      [s1, s2].map((s) =>
        place(s, [biology()], { useAllowances: false, promotionCode: 'WELCOME-10' }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const refused = results.find((r) => r.statusCode === 400);
    expect(refused?.json()).toEqual({
      message: FUNDING_MESSAGES.promotionUsedUp('WELCOME-10'),
      field: 'funding.promotionCode',
    });
    const placed = results.find((r) => r.statusCode === 200)?.json().order as OrderSummary;
    expect(placed.fundedCents).toBe(1_000);
    expect(placed.funding[0]?.sourceName).toBe('Welcome promotion');
  });

  it('a student cannot use a promotion twice', async () => {
    await w.addSource({
      name: 'Twice promotion',
      promotion: { code: 'TWICE', amountCents: 500, useLimit: 10 },
    });
    const student = await w.newStudent();
    const first = await place(student, [biology()], {
      useAllowances: false,
      promotionCode: 'TWICE',
    });
    expect(first.statusCode).toBe(200);
    const second = await place(student, [chemistry()], {
      useAllowances: false,
      promotionCode: 'TWICE',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      message: FUNDING_MESSAGES.promotionAlreadyUsed('TWICE'),
      field: 'funding.promotionCode',
    });
  });

  it('the ledger refuses an overdrawing entry, an allocation over budget, any change to an entry', async () => {
    const student = await w.newStudent();
    const source = await w.addSource();
    const allowance = await w.addAllowance(source, student, 1_000);
    const order = await w.addOrder(student, 'OPEN', [{ title: 'biology', type: 'BUY_NEW' }]);
    const insert = (cents: number) =>
      ctx.database.rawQuery(
        `insert into funding_ledger (location_id, source_id, allowance_id, student_id, kind, amount_cents, order_id)
         values ($1, $2, $3, $4, 'CHARGE', $5, $6)`,
        [w.storeA, source, allowance, student, cents, order],
      );
    await expect(insert(-1_001)).rejects.toMatchObject(pgCode('23514'));
    expect(await w.balanceOf(allowance)).toBe(1_000);
    // An allocation beyond the source's budget (1,000,000 less the 1,000 given) is refused too.
    const allocate = (cents: number) =>
      ctx.database.rawQuery(
        `insert into funding_ledger (location_id, source_id, allowance_id, student_id, kind, amount_cents)
         values ($1, $2, $3, $4, 'ALLOCATION', $5)`,
        [w.storeA, source, allowance, student, cents],
      );
    await expect(allocate(999_001)).rejects.toMatchObject({
      code: '23514',
      message: expect.stringContaining('more than its budget'),
    });
    expect(await w.balanceOf(allowance)).toBe(1_000);
    await expect(
      ctx.database.rawQuery(
        'update funding_ledger set amount_cents = 5000 where allowance_id = $1',
        [allowance],
      ),
    ).rejects.toMatchObject(pgCode('23001'));
    await expect(
      ctx.database.rawQuery('delete from funding_ledger where allowance_id = $1', [allowance]),
    ).rejects.toMatchObject(pgCode('23001'));
    expect(await w.balanceOf(allowance)).toBe(1_000);
    // Up to the budget exactly is allowed.
    await allocate(999_000);
    expect(await w.balanceOf(allowance)).toBe(1_000_000);
  });
});

function pgCode(code: string) {
  return expect.objectContaining({ code });
}
