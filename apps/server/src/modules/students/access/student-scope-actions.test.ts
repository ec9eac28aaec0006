import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_NOT_FOUND,
  STUDENT_FUNDING_REFUSAL,
  cancelOrder,
  createOrder,
  createOrderPreview,
  getStudentFunding,
  getTransactionHistory,
  holdOrder,
  printRentalLabel,
  returnRentals,
  unholdOrder,
  type Endpoint,
  type OrderDraft,
  type OrderPreview,
  type OrderSummary,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  studentScopeWorld,
  type StudentScopeWorld,
} from '../../../test-support/student-scope-world.ts';
import { addAccount, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import { RENTAL_MESSAGES } from '../rentals/messages.ts';

const engines = await testEngines();

const NOT_FOUND = { message: CUSTOMER_NOT_FOUND, field: 'customerId' };

describe.each(engines)('student actions within the caller’s catalog scope (%s)', (engine) => {
  let ctx: TestContext;
  let w: StudentScopeWorld;
  /** Alice's allowance (she is enrolled in Biology) and Lara's (she is not). */
  let voucher: { alice: string; lara: string };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await studentScopeWorld(ctx);
    const manager = w.funding.who.manager;
    const source = await w.funding.createSource(manager, { name: 'Book aid' });
    voucher = {
      alice: (await w.funding.addAllowance(manager, source.sourceId, '123456789', 2_000))
        .voucherCode,
      lara: (await w.funding.addAllowance(manager, source.sourceId, w.lara.studentIdNum, 2_000))
        .voucherCode,
    };
  });
  afterAll(async () => ctx?.close());

  const draft = (customerId: number, sectionId: number, titleId: number): OrderDraft => ({
    customerId,
    items: [{ sectionId, titleId, fulfillmentType: 'BUY_NEW' }],
    shippingMethod: 'PICKUP',
    funding: { useAllowances: true },
  });
  /** Every call that acts on one student, for Lara, as the Biology clerk may send it. */
  const laraCalls = (): [string, Endpoint, { query?: object; body?: object }][] => {
    const customerId = w.lara.id;
    const order = { customerId, orderId: w.lara.orderId };
    const laraDraft = draft(customerId, w.sections.law, w.titles.law);
    return [
      ['student/transactionHistory', getTransactionHistory, { query: { customerId } }],
      [
        'rental/returnRentals',
        returnRentals,
        {
          body: {
            locationId: w.storeA,
            customerId,
            transItemIdWithConditionList: [
              { transItemId: w.lara.outstanding, marketplaceCondition: 'Good' },
            ],
          },
        },
      ],
      [
        'rental/printLabel',
        printRentalLabel,
        { body: { customerId, transItemIdList: [w.lara.outstanding] } },
      ],
      ['createOrderPreview', createOrderPreview, { body: laraDraft }],
      ['createOrder', createOrder, { body: { ...laraDraft, clientKey: randomUUID() } }],
      ['order/hold', holdOrder, { body: order }],
      ['order/unhold', unholdOrder, { body: order }],
      ['order/cancel', cancelOrder, { body: order }],
    ];
  };
  const call = (who: Caller, contract: Endpoint, input: { query?: object; body?: object }) =>
    w.call(who, contract, input as Parameters<StudentScopeWorld['call']>[2]);
  const laraState = async () => ({
    rental: (await ctx.db.select().from(t.rentals).where(eq(t.rentals.id, w.lara.outstanding)))[0]
      ?.state,
    order: (await ctx.db.select().from(t.orders).where(eq(t.orders.id, w.lara.orderId)))[0]?.status,
    orders: (await ctx.db.select().from(t.orders).where(eq(t.orders.studentId, w.lara.id))).length,
  });

  it('a Biology clerk gets 404 for a student with no Biology enrolment on every action, and changes nothing', async () => {
    const before = await laraState();
    for (const [name, contract, input] of laraCalls()) {
      const res = await call(w.scoped.clerk, contract, input);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
      expect(res.json(), name).toEqual(NOT_FOUND);
    }
    expect(await laraState()).toEqual(before);
    // The store-wide clerk still reaches her.
    const history = await call(w.who.admin, getTransactionHistory, {
      query: { customerId: w.lara.id },
    });
    expect(history.statusCode).toBe(200);
  });

  it('a Biology returns clerk cannot return or label an out-of-scope rental, even without a customerId', async () => {
    const returnsClerk = w.scoped.returns;
    const label = await call(returnsClerk, printRentalLabel, {
      body: { customerId: w.lara.id, transItemIdList: [w.lara.outstanding] },
    });
    expect(label.statusCode).toBe(404);
    expect(label.json()).toEqual(NOT_FOUND);
    const item = (transItemId: number) => ({ transItemId, marketplaceCondition: 'Good' });
    const anyStudent = await call(returnsClerk, returnRentals, {
      body: { locationId: w.storeA, transItemIdWithConditionList: [item(w.lara.outstanding)] },
    });
    expect(anyStudent.statusCode, anyStudent.body).toBe(200);
    // As an id that does not exist: nothing of the rental is told.
    expect(anyStudent.json()).toEqual({
      failed: [
        {
          transItemId: w.lara.outstanding,
          serialItemRefNum: null,
          isbn: null,
          reason: RENTAL_MESSAGES.unknownRental,
        },
      ],
      successful: [],
    });
    expect((await laraState()).rental).toBe('OUTSTANDING');
    // A rental of Alice (enrolled in Biology) is theirs to check in.
    const alice = await call(returnsClerk, returnRentals, {
      body: { locationId: w.storeA, transItemIdWithConditionList: [item(w.aliceRental)] },
    });
    expect(alice.json<{ successful: unknown[] }>().successful).toHaveLength(1);
  });

  it('an action held on Biology alone does not reach a student the caller sees through a store-wide one', async () => {
    // FULL_REPORTER store-wide: Lara is visible. RETURN_RENTALS on Biology only: not hers.
    const res = await call(w.scoped.mixed, returnRentals, {
      body: {
        locationId: w.storeA,
        customerId: w.lara.id,
        transItemIdWithConditionList: [
          { transItemId: w.lara.outstanding, marketplaceCondition: 'Good' },
        ],
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(RENTAL_MESSAGES.mayNotReturn);
    expect((await laraState()).rental).toBe('OUTSTANDING');
  });

  it('shows a student’s funding only to MANAGE_VOUCHERS or VIEW_STUDENT_FUNDING reaching the student', async () => {
    const funding = (who: Caller, customerId: number) =>
      call(who, getStudentFunding, { query: { customerId } });
    for (const who of [w.scoped.submitter, w.scoped.clerk, w.who.reporter]) {
      for (const customerId of [w.students.alice, w.lara.id]) {
        const refused = await funding(who, customerId);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(STUDENT_FUNDING_REFUSAL);
        expect(refused.body).not.toContain(voucher.alice);
      }
    }
    const seen = await funding(w.scoped.funding, w.students.alice);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().allowances[0].voucherCode).toBe(voucher.alice);
    const outside = await funding(w.scoped.funding, w.lara.id);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(NOT_FOUND);
    // A funding manager (store-wide CMA member) sees both.
    expect((await funding(w.who.admin, w.lara.id)).json().allowances[0].voucherCode).toBe(
      voucher.lara,
    );
  });

  it('refuses funding (403) to a clerk who reaches a student through Law but holds VIEW_STUDENT_FUNDING on Biology alone', async () => {
    const [law] = await ctx.db
      .select({ departmentId: t.courses.departmentId })
      .from(t.sections)
      .innerJoin(t.courses, eq(t.courses.id, t.sections.courseId))
      .where(eq(t.sections.id, w.sections.law));
    await addAccount(ctx.db, ctx.fixture.locations.a, 'law-clerk@store-a.test', [
      { role: 'TEST_SCOPED_CLERK', departmentId: law?.departmentId ?? 0 },
      { role: 'TEST_SCOPED_FUNDING', departmentId: ctx.fixture.catalog.departmentId },
    ]);
    const lawClerk = await signIn(ctx, 'law-clerk@store-a.test');
    const lara = await call(lawClerk, getStudentFunding, { query: { customerId: w.lara.id } });
    expect(lara.statusCode).toBe(403);
    expect(lara.json().message).toBe(STUDENT_FUNDING_REFUSAL);
    expect(lara.body).not.toContain(voucher.lara);
    const alice = await call(lawClerk, getStudentFunding, {
      query: { customerId: w.students.alice },
    });
    expect(alice.statusCode).toBe(200);
  });

  it('an order applies funding for a clerk without the funding action, without telling the voucher code', async () => {
    const aliceDraft = draft(w.students.alice, w.sections.s001, w.titles.biology);
    const preview = await call(w.scoped.clerk, createOrderPreview, { body: aliceDraft });
    expect(preview.statusCode, preview.body).toBe(200);
    const split = preview.json<OrderPreview>().funding;
    expect(split.fundedCents).toBe(2_000);
    expect(split.lines).toEqual([
      expect.objectContaining({ sourceName: 'Book aid', amountCents: 2_000, voucherCode: null }),
    ]);
    expect(preview.body).not.toContain(voucher.alice);
    const asManager = await call(w.who.admin, createOrderPreview, { body: aliceDraft });
    expect(asManager.json<OrderPreview>().funding.lines[0]?.voucherCode).toBe(voucher.alice);

    const placed = await call(w.scoped.clerk, createOrder, {
      body: { ...aliceDraft, clientKey: randomUUID() },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json<{ order: OrderSummary }>().order;
    expect(order.fundedCents).toBe(2_000);
    expect(order.funding).toEqual([
      expect.objectContaining({ sourceName: 'Book aid', chargedCents: 2_000, voucherCode: null }),
    ]);
    const history = await call(w.scoped.clerk, getTransactionHistory, {
      query: { customerId: w.students.alice },
    });
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toContain(voucher.alice);
  });
});
