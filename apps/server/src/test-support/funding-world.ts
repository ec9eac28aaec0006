import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  createFundingSource,
  fillPath,
  addAllowance,
  type Endpoint,
  type FundingAllowance,
  type FundingSource,
  type FundingSourceInput,
} from '@csp/contracts';
import * as t from '../db/schema/index.ts';
import { queryRows } from '../db/bulk-write.ts';
import { authHeaders, FIXTURE_HOSTS, type TestContext } from './test-app.ts';
import { one } from './one-row.ts';
import { day } from './today.ts';
import { addAccount, addCatalog, signIn, type Caller } from './permissions-test-support.ts';

/** The suites run on the real clock: data is dated from today. */
export { day, TODAY } from './today.ts';

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

export interface FundingWorld {
  storeA: number;
  storeB: number;
  /** Store A's fixture term (Fall 2026), and a term of store B. */
  terms: { a: number; b: number };
  who: {
    /** The fixture admin: CMA_MEMBER store-wide, so MANAGE_VOUCHERS. */
    manager: Caller;
    /** FULL_REPORTER: looks students up, no MANAGE_VOUCHERS. */
    reporter: Caller;
    /** CMA_MEMBER of store B. */
    storeB: Caller;
  };
  call: (who: Caller, contract: Endpoint, input?: CallInput) => Promise<LightMyRequestResponse>;
  newKey: () => string;
  /** A financial-aid source open today for any term; override what a test needs. */
  sourceInput: (overrides?: Partial<FundingSourceInput>) => FundingSourceInput;
  createSource: (who: Caller, overrides?: Partial<FundingSourceInput>) => Promise<FundingSource>;
  /** Students of a store: `${prefix}0001`…, named Last `${lastName}`, first `F0001`…. */
  addStudents: (
    locationId: number,
    count: number,
    opts?: { prefix?: string; lastName?: string; email?: boolean },
  ) => Promise<{ id: number; studentIdNum: string }[]>;
  addAllowance: (
    who: Caller,
    sourceId: number,
    studentIdNum: string,
    amountCents: number,
  ) => Promise<FundingAllowance>;
  /**
   * An order of the allowance's student (store A) charged `cents` to the allowance, as the
   * order's funding writes it: a CHARGE entry with the order and its term. Answers the order id.
   */
  charge: (allowance: FundingAllowance, cents: number, termId?: number) => Promise<number>;
  /** The REFUND of a charged order (its cancellation). */
  refund: (allowance: FundingAllowance, orderId: number, cents: number) => Promise<void>;
  /** Sums of a source's ledger entries by kind, straight from the table. */
  ledgerSums: (sourceId: number) => Promise<Record<string, number>>;
}

let studentSerial = 0;

/**
 * Funding over the test fixture: callers with and without MANAGE_VOUCHERS in store A, a funding
 * manager in store B (with a term of its own), and helpers that build sources and allowances
 * through the API, as a manager would.
 */
export async function fundingWorld(ctx: TestContext): Promise<FundingWorld> {
  const { db, fixture } = ctx;
  const storeA = fixture.locations.a;
  const storeB = fixture.locations.b;
  const bCatalog = await addCatalog(db, storeB, { divisionName: 'B Campus', departmentCode: 'BX' });
  const [bSection] = await db
    .select({ termId: t.sections.termId })
    .from(t.sections)
    .where(eq(t.sections.id, bCatalog.sectionId));
  await addAccount(db, storeA, 'funding-reporter@store-a.test', [{ role: 'FULL_REPORTER' }]);
  await addAccount(db, storeB, 'funding@store-b.test', [{ role: 'CMA_MEMBER' }]);

  const call: FundingWorld['call'] = (who, contract, input = {}) =>
    ctx.app.inject({
      method: contract.method,
      url: fillPath(contract.path, { userAccountId: who.accountId, ...input.params }),
      query: Object.fromEntries(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)])),
      headers: authHeaders(who.host, who.token),
      ...(input.body !== undefined && { payload: input.body as object }),
    });

  const sourceInput = (overrides: Partial<FundingSourceInput> = {}): FundingSourceInput => ({
    name: `Aid ${++studentSerial}`,
    kind: 'FINANCIAL_AID',
    budgetCents: 5_000_000,
    termIds: [],
    chargeStartsOn: day(-10),
    chargeEndsOn: day(30),
    perStudentCapCents: null,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ['NEW', 'USED', 'RENTAL', 'DIGITAL'],
    unspentPolicy: 'RETURN_TO_SOURCE',
    promotion: null,
    ...overrides,
  });

  return {
    storeA,
    storeB,
    terms: { a: fixture.catalog.termId, b: one(bSection ? [bSection] : []).termId },
    who: {
      manager: await signIn(ctx, fixture.accounts.admin.userName),
      reporter: await signIn(ctx, 'funding-reporter@store-a.test'),
      storeB: await signIn(ctx, 'funding@store-b.test', FIXTURE_HOSTS.b),
    },
    call,
    newKey: () => randomUUID(),
    sourceInput,
    async createSource(who, overrides) {
      const res = await call(who, createFundingSource, {
        body: { source: sourceInput(overrides), clientKey: randomUUID() },
      });
      if (res.statusCode !== 200) throw new Error(`createSource: ${res.statusCode} ${res.body}`);
      return res.json<FundingSource>();
    },
    async addStudents(locationId, count, opts = {}) {
      const batch = ++studentSerial;
      const prefix = opts.prefix ?? `9${String(batch).padStart(3, '0')}`;
      const rows = Array.from({ length: count }, (_, i) => {
        const n = String(i + 1).padStart(4, '0');
        return {
          locationId,
          studentIdNum: `${prefix}${n}`,
          firstName: `F${n}`,
          lastName: opts.lastName ?? `Batch${batch}`,
          email: opts.email === false ? '' : `s${prefix}${n}@example.edu`,
        };
      });
      return db
        .insert(t.students)
        .values(rows)
        .returning({ id: t.students.id, studentIdNum: t.students.studentIdNum });
    },
    async addAllowance(who, sourceId, studentIdNum, amountCents) {
      const res = await call(who, addAllowance, {
        params: { sourceId },
        body: { studentIdNum, amountCents, clientKey: randomUUID() },
      });
      if (res.statusCode !== 200) throw new Error(`addAllowance: ${res.statusCode} ${res.body}`);
      return res.json<FundingAllowance>();
    },
    async charge(allowance, cents, termId = fixture.catalog.termId) {
      const order = one(
        await db
          .insert(t.orders)
          .values({
            locationId: storeA,
            studentId: allowance.customerId,
            divisionId: fixture.catalog.divisionId,
            termId,
            orderType: 'AUTOGEN',
            status: 'OPEN',
          })
          .returning({ id: t.orders.id }),
      );
      await db.insert(t.fundingLedger).values({
        locationId: storeA,
        sourceId: allowance.sourceId,
        allowanceId: allowance.allowanceId,
        studentId: allowance.customerId,
        kind: 'CHARGE',
        amountCents: -cents,
        orderId: order.id,
        termId,
      });
      return order.id;
    },
    async refund(allowance, orderId, cents) {
      const [order] = await db.select().from(t.orders).where(eq(t.orders.id, orderId));
      await db.update(t.orders).set({ status: 'CANCELLED' }).where(eq(t.orders.id, orderId));
      await db.insert(t.fundingLedger).values({
        locationId: storeA,
        sourceId: allowance.sourceId,
        allowanceId: allowance.allowanceId,
        studentId: allowance.customerId,
        kind: 'REFUND',
        amountCents: cents,
        orderId,
        termId: order?.termId ?? null,
      });
    },
    async ledgerSums(sourceId) {
      const rows = await queryRows<{ kind: string; total: unknown }>(
        db,
        sql`select kind, sum(amount_cents) as total from funding_ledger
          where source_id = ${sourceId} group by kind`,
      );
      return Object.fromEntries(rows.map((r) => [r.kind, Number(r.total)]));
    },
  };
}
