import { and, eq, sql } from 'drizzle-orm';
import {
  fillPath,
  type FundingScope,
  type FundingSpending,
  type LedgerKind,
  type UnspentPolicy,
  uploadAllowances,
} from '@csp/contracts';
import * as t from '../db/schema/index.ts';
import { queryRows } from '../db/bulk-write.ts';
import { authHeaders, type TestContext } from './test-app.ts';
import { one } from './one-row.ts';
import { day, orderWorld, type OrderWorld } from './order-world.ts';
import {
  addAccount,
  addCustomRole,
  type callAs,
  signIn,
  type Caller,
} from './permissions-test-support.ts';

export { day, TODAY } from './order-world.ts';

/** List price of the world's optional (not required) material of section 002. */
export const ELECTIVE_LIST_PRICE = 6_000;

export interface SourceSpec {
  name?: string;
  kind?: 'FINANCIAL_AID' | 'SCHOLARSHIP' | 'DEPARTMENT' | 'GRANT' | 'PROMOTION';
  budgetCents?: number;
  termIds?: number[];
  startsOn?: string;
  endsOn?: string;
  capCents?: number | null;
  scope?: FundingScope;
  spending?: FundingSpending[];
  unspentPolicy?: UnspentPolicy;
  promotion?: { code: string; amountCents: number; useLimit: number };
  locationId?: number;
}

export interface FundingOrderWorld extends OrderWorld {
  /** The term of sections 001 and 002 (the law section is of another term and division). */
  fallTerm: number;
  /** A title adopted for section 002 as recommended, not required. */
  electiveTitle: number;
  /** Holds MANAGE_VOUCHERS only. */
  manager: Caller;
  /** A source of store A (or `locationId`'s), written as it is; answers its id. */
  addSource: (spec?: SourceSpec) => Promise<number>;
  /** An allowance with its ALLOCATION entry; answers its id. */
  addAllowance: (sourceId: number, studentId: number, cents: number) => Promise<number>;
  /**
   * `count` new students of the source's store, each with an allowance of `cents` from the
   * source and its ALLOCATION entry, written in three set-based statements (thousands at once).
   * Answers the allowance ids.
   */
  addAllowances: (sourceId: number, count: number, cents: number) => Promise<number[]>;
  /** An allowance's balance: the sum of its entries. */
  balanceOf: (allowanceId: number) => Promise<number>;
  /** The ledger entries of one kind, of an order or of an allowance. */
  entries: (
    kind: LedgerKind,
    by: { orderId?: number; allowanceId?: number; sourceId?: number },
  ) => Promise<(typeof t.fundingLedger.$inferSelect)[]>;
  /** Counts of allowances and ledger entries in the database. */
  counts: () => Promise<{ allowances: number; entries: number }>;
  studentIdNum: (studentId: number) => Promise<string>;
  /** POST the raw body as an allowance file of the source. */
  upload: (
    who: Caller,
    sourceId: number,
    fileName: string,
    body: string | Buffer,
    contentType?: string,
  ) => ReturnType<typeof callAs>;
}

/**
 * The order world (order-world.ts) with what funding needs: a funding manager, an optional
 * material of section 002, and helpers writing sources and allowances straight to the
 * database (the sources' own API is tested elsewhere).
 */
export async function fundingOrderWorld(ctx: TestContext): Promise<FundingOrderWorld> {
  const w = await orderWorld(ctx);
  const { db } = ctx;
  const fallTerm = ctx.fixture.catalog.termId;
  const electiveTitle = one(
    await db
      .insert(t.titles)
      .values({
        locationId: w.storeA,
        ean13: '9780140449136',
        description: 'Field Guide (recommended)',
        author: 'Test Author',
        listPriceCents: ELECTIVE_LIST_PRICE,
      })
      .returning({ id: t.titles.id }),
  ).id;
  const adoption = one(
    await db
      .insert(t.adoptionMaterials)
      .values({
        locationId: w.storeA,
        courseId: ctx.fixture.catalog.courseId,
        titleId: electiveTitle,
        adoptionType: 'SECTION_ADOPTION',
        startDate: day(-30),
        required: false,
      })
      .returning({ id: t.adoptionMaterials.id }),
  );
  await db
    .insert(t.adoptionMaterialSections)
    .values({ adoptionMaterialId: adoption.id, sectionId: w.sections.s002 });

  await addCustomRole(db, 'TEST_FUNDING_MANAGER', ['MANAGE_VOUCHERS']);
  await addAccount(db, w.storeA, 'funding@store-a.test', [{ role: 'TEST_FUNDING_MANAGER' }]);
  const manager = await signIn(ctx, 'funding@store-a.test');

  let sourceNumber = 0;
  const addSource: FundingOrderWorld['addSource'] = async (spec = {}) => {
    sourceNumber += 1;
    const locationId = spec.locationId ?? w.storeA;
    const [creator] = await db
      .select({ id: t.userAccounts.id })
      .from(t.userAccounts)
      .where(eq(t.userAccounts.locationId, locationId))
      .limit(1);
    const id = one(
      await db
        .insert(t.fundingSources)
        .values({
          locationId,
          name: spec.name ?? `Source ${sourceNumber}`,
          kind: spec.promotion ? 'PROMOTION' : (spec.kind ?? 'DEPARTMENT'),
          budgetCents: spec.budgetCents ?? 1_000_000,
          chargeStartsOn: spec.startsOn ?? day(-10),
          chargeEndsOn: spec.endsOn ?? day(60),
          perStudentCapCents: spec.capCents ?? null,
          scope: spec.scope ?? 'ANY_COURSE_MATERIAL',
          spending: spec.spending ?? ['NEW', 'USED', 'RENTAL', 'DIGITAL'],
          unspentPolicy: spec.unspentPolicy ?? 'RETURN_TO_SOURCE',
          promoCode: spec.promotion?.code ?? null,
          promoAmountCents: spec.promotion?.amountCents ?? null,
          promoUseLimit: spec.promotion?.useLimit ?? null,
          createdBy: creator?.id ?? manager.accountId,
        })
        .returning({ id: t.fundingSources.id }),
    ).id;
    if (spec.termIds?.length) {
      await db
        .insert(t.fundingSourceTerms)
        .values(spec.termIds.map((termId) => ({ sourceId: id, termId })));
    }
    return id;
  };

  let voucherNumber = 0;
  const addAllowance: FundingOrderWorld['addAllowance'] = async (sourceId, studentId, cents) => {
    voucherNumber += 1;
    const [source] = await db
      .select({ locationId: t.fundingSources.locationId })
      .from(t.fundingSources)
      .where(eq(t.fundingSources.id, sourceId));
    const locationId = source?.locationId ?? w.storeA;
    const id = one(
      await db
        .insert(t.fundingAllowances)
        .values({
          locationId,
          sourceId,
          studentId,
          voucherCode: `TEST0-${String(voucherNumber).padStart(5, '0')}`,
          // Older allowances first: the order of creation is the tie-break of last resort.
          createdAt: new Date(Date.now() - 86_400_000 + voucherNumber * 1000),
        })
        .returning({ id: t.fundingAllowances.id }),
    ).id;
    await db.insert(t.fundingLedger).values({
      locationId,
      sourceId,
      allowanceId: id,
      studentId,
      kind: 'ALLOCATION',
      amountCents: cents,
    });
    return id;
  };

  let bulkNumber = 0;
  const addAllowances: FundingOrderWorld['addAllowances'] = async (sourceId, count, cents) => {
    bulkNumber += 1;
    const prefix = `BULK${bulkNumber}-`;
    const rows = await queryRows<{ id: unknown }>(
      db,
      sql`with src as (select id, location_id from funding_sources where id = ${sourceId}),
      st as (
        insert into students (location_id, student_id_num, first_name, last_name, email)
        select src.location_id, ${prefix} || lpad(g::text, 6, '0'), 'F' || g, 'Bulk', ''
        from src, generate_series(1, ${count}) g
        returning id, location_id),
      fa as (
        insert into funding_allowances (location_id, source_id, student_id, voucher_code)
        select st.location_id, ${sourceId}, st.id, ${prefix} || st.id from st
        returning id, location_id, student_id)
      insert into funding_ledger (location_id, source_id, allowance_id, student_id, kind, amount_cents)
      select fa.location_id, ${sourceId}, fa.id, fa.student_id, 'ALLOCATION', ${cents} from fa
      returning allowance_id as id`,
    );
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  };

  return {
    ...w,
    fallTerm,
    addAllowances,
    electiveTitle,
    manager,
    addSource,
    addAllowance,
    balanceOf: async (allowanceId) => {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${t.fundingLedger.amountCents}), 0)` })
        .from(t.fundingLedger)
        .where(eq(t.fundingLedger.allowanceId, allowanceId));
      return Number(row?.sum ?? 0);
    },
    entries: (kind, by) =>
      db
        .select()
        .from(t.fundingLedger)
        .where(
          and(
            eq(t.fundingLedger.kind, kind),
            by.orderId === undefined ? undefined : eq(t.fundingLedger.orderId, by.orderId),
            by.allowanceId === undefined
              ? undefined
              : eq(t.fundingLedger.allowanceId, by.allowanceId),
            by.sourceId === undefined ? undefined : eq(t.fundingLedger.sourceId, by.sourceId),
          ),
        )
        .orderBy(t.fundingLedger.id),
    counts: async () => {
      const [a] = await db.select({ n: sql<string>`count(*)` }).from(t.fundingAllowances);
      const [l] = await db.select({ n: sql<string>`count(*)` }).from(t.fundingLedger);
      return { allowances: Number(a?.n ?? 0), entries: Number(l?.n ?? 0) };
    },
    studentIdNum: async (studentId) => {
      const [row] = await db
        .select({ idNum: t.students.studentIdNum })
        .from(t.students)
        .where(eq(t.students.id, studentId));
      return row?.idNum ?? '';
    },
    upload: (who, sourceId, fileName, body, contentType = 'text/csv') =>
      ctx.app.inject({
        method: 'POST',
        url: fillPath(uploadAllowances.path, {
          userAccountId: who.accountId,
          sourceId,
        }),
        query: { fileName },
        headers: { ...authHeaders(who.host, who.token), 'content-type': contentType },
        payload: body,
      }),
  };
}
