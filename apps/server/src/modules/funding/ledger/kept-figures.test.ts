import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAllowanceUpload,
  cancelOrder,
  closeEndedFunding,
  createOrder,
  fillPath,
  setAllowanceAmount,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import {
  day,
  fundingOrderWorld,
  type FundingOrderWorld,
} from '../../../test-support/funding-order-world.ts';

const engines = await testEngines();

/** Each row's kept figures and the same figures summed from the ledger from scratch. */
const FIGURES = `allocated_cents, charged_cents, expired_cents, paid_out_cents, balance_cents`;
const recount = (key: 'allowance_id' | 'source_id') => `
  select ${key} as id,
    coalesce(sum(amount_cents) filter (where kind in ('ALLOCATION', 'ADJUSTMENT')), 0) as allocated_cents,
    coalesce(sum(amount_cents) filter (where kind in ('CHARGE', 'REFUND')), 0) as charged_cents,
    coalesce(sum(amount_cents) filter (where kind = 'EXPIRY'), 0) as expired_cents,
    coalesce(sum(amount_cents) filter (where kind = 'PAYOUT'), 0) as paid_out_cents,
    sum(amount_cents) as balance_cents
  from funding_ledger group by ${key}`;

describe.each(engines)('kept funding figures (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingOrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingOrderWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Every allowance and source: [kept, recounted], figures as numbers. */
  async function keptAndRecounted(table: 'funding_allowances' | 'funding_sources') {
    const key = table === 'funding_allowances' ? 'allowance_id' : 'source_id';
    const rows = await queryRows<Record<string, unknown>>(
      ctx.db,
      sql.raw(`select x.id, ${FIGURES.split(', ')
        .map((f) => `x.${f} as kept_${f}, coalesce(r.${f}, 0) as counted_${f}`)
        .join(', ')}
        from ${table} x left join (${recount(key)}) r on r.id = x.id order by x.id`),
    );
    const pick = (r: Record<string, unknown>, prefix: string) =>
      FIGURES.split(', ').map((f) => Number(r[`${prefix}_${f}`]));
    return {
      kept: rows.map((r) => [Number(r.id), ...pick(r, 'kept')]),
      counted: rows.map((r) => [Number(r.id), ...pick(r, 'counted')]),
    };
  }

  async function expectKeptEqualsLedger() {
    for (const table of ['funding_allowances', 'funding_sources'] as const) {
      const { kept, counted } = await keptAndRecounted(table);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).toEqual(counted);
    }
    // Each source's kept allowance count (migration 0024) against its allowances.
    const counts = await queryRows<{ kept: number; counted: number }>(
      ctx.db,
      sql`select s.allowance_count as kept,
        (select count(*)::int from funding_allowances a where a.source_id = s.id) as counted
        from funding_sources s order by s.id`,
    );
    expect(counts.map((c) => Number(c.kept))).toEqual(counts.map((c) => c.counted));
    // Each allowance's student sort keys (migration 0026) against its student.
    const stale = await queryRows<{ id: number }>(
      ctx.db,
      sql`select a.id from funding_allowances a join students st on st.id = a.student_id
        where (a.student_last_key, a.student_first_key, a.student_id_key)
          is distinct from (lower(st.last_name), lower(st.first_name), st.student_id_num)`,
    );
    expect(stale).toEqual([]);
  }

  const biology = () => ({
    sectionId: w.sections.s001,
    titleId: w.titles.biology,
    fulfillmentType: 'BUY_NEW',
  });
  const place = (customerId: number, funding: Record<string, unknown>) =>
    w.call(w.who.clerk, createOrder, {
      body: {
        customerId,
        items: [biology()],
        shippingMethod: 'PICKUP',
        funding,
        clientKey: w.newKey(),
      },
    });
  const setAmount = (allowanceId: number, amountCents: number) =>
    ctx.app.inject({
      method: setAllowanceAmount.method,
      url: fillPath(setAllowanceAmount.path, { userAccountId: w.manager.accountId, allowanceId }),
      headers: authHeaders(w.manager.host, w.manager.token),
      payload: { amountCents },
    });
  const endWindow = (sourceId: number) =>
    ctx.db
      .update(t.fundingSources)
      .set({ chargeStartsOn: day(-40), chargeEndsOn: day(-1) })
      .where(eq(t.fundingSources.id, sourceId));

  it('equal the ledger summed from scratch after allocations, charges, refunds, uploads and closings', async () => {
    const [s1, s2, s3] = [await w.newStudent(), await w.newStudent(), await w.newStudent()];
    const expiring = await w.addSource({ name: 'Expiring' });
    const payingOut = await w.addSource({
      name: 'Paying out',
      unspentPolicy: 'PAY_OUT_TO_STUDENT',
    });
    const a1 = await w.addAllowance(expiring, s1, 20_000);
    const a2 = await w.addAllowance(payingOut, s2, 15_000);
    await w.addAllowances(expiring, 50, 300);
    expect((await setAmount(a1, 25_000)).statusCode).toBe(200);
    expect((await setAmount(a2, 12_000)).statusCode).toBe(200);

    const charged = await place(s1, { useAllowances: true });
    expect(charged.statusCode).toBe(200);
    expect(charged.json().order.fundedCents).toBeGreaterThan(0);
    const refunded = await place(s2, { useAllowances: true });
    expect(refunded.statusCode).toBe(200);
    const cancelled = await w.call(w.who.clerk, cancelOrder, {
      body: { customerId: s2, orderId: refunded.json().order.orderId },
    });
    expect(cancelled.statusCode).toBe(200);
    await w.addSource({
      name: 'Promotion',
      promotion: { code: 'KEPT-5', amountCents: 500, useLimit: 5 },
    });
    expect((await place(s3, { useAllowances: false, promotionCode: 'KEPT-5' })).statusCode).toBe(
      200,
    );

    const uploaded = await w.upload(
      w.manager,
      expiring,
      'aid.csv',
      `Student ID,Amount,Note\n${await w.studentIdNum(s3)},40.00,file\n`,
    );
    expect(uploaded.json().status).toBe('CHECKED');
    const applied = await ctx.app.inject({
      method: applyAllowanceUpload.method as 'POST',
      url: fillPath(applyAllowanceUpload.path, {
        userAccountId: w.manager.accountId,
        uploadId: uploaded.json().uploadId,
      }),
      headers: authHeaders(w.manager.host, w.manager.token),
    });
    expect(applied.json().status).toBe('APPLIED');
    await expectKeptEqualsLedger();

    await endWindow(expiring);
    await endWindow(payingOut);
    const closed = await w.call(w.manager, closeEndedFunding);
    expect(closed.json().sourcesClosed).toBe(2);
    await expectKeptEqualsLedger();
    // What a user sees: the closed allowances have nothing left, the source's money went back.
    const [kept] = await ctx.db
      .select({ balance: t.fundingAllowances.balanceCents })
      .from(t.fundingAllowances)
      .where(eq(t.fundingAllowances.id, a1));
    expect(kept?.balance).toBe(0);
    const { kept: sources } = await keptAndRecounted('funding_sources');
    const row = (id: number) => sources.find((s) => s[0] === id)!;
    expect(row(expiring)[3]).toBeLessThan(0); // expired
    expect(row(payingOut)[4]).toBeLessThan(0); // paid out
    expect(row(expiring)[2]).toBeLessThan(0); // charged
  });

  it('a refused or rolled-back write leaves the kept figures and the ledger as they were', async () => {
    const student = await w.newStudent();
    const source = await w.addSource({ name: 'Small budget', budgetCents: 5_000 });
    const allowance = await w.addAllowance(source, student, 4_000);
    const before = {
      allowances: await keptAndRecounted('funding_allowances'),
      sources: await keptAndRecounted('funding_sources'),
      counts: await w.counts(),
    };
    // Over the budget: refused through the API.
    const over = await setAmount(allowance, 6_000);
    expect(over.statusCode).toBe(409);
    // Overdrawn: refused by the guard below the API.
    const order = await w.addOrder(student, 'OPEN', [{ title: 'biology', type: 'BUY_NEW' }]);
    await expect(
      ctx.db.insert(t.fundingLedger).values({
        locationId: w.storeA,
        sourceId: source,
        allowanceId: allowance,
        studentId: student,
        kind: 'CHARGE',
        amountCents: -4_001,
        orderId: order,
      }),
    ).rejects.toThrow();
    // A write the transaction then gives up.
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(t.fundingLedger).values({
          locationId: w.storeA,
          sourceId: source,
          allowanceId: allowance,
          studentId: student,
          kind: 'ADJUSTMENT',
          amountCents: 500,
        });
        throw new Error('given up');
      }),
    ).rejects.toThrow('given up');
    expect({
      allowances: await keptAndRecounted('funding_allowances'),
      sources: await keptAndRecounted('funding_sources'),
      counts: await w.counts(),
    }).toEqual(before);
    await expectKeptEqualsLedger();
  });
});
