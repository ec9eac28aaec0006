import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  XLSX_CONTENT_TYPE,
  getAccessDayReport,
  getNearExpiryReport,
  getSpendingReport,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  TODAY,
  day,
  fundingWorld,
  type FundingWorld,
} from '../../../test-support/funding-world.ts';
import { one } from '../../../test-support/one-row.ts';
import { addCatalog } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

/** A workbook's first sheet as rows of cell values, header first. */
async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const dollars = (cents: number) => cents / 100;

describe.each(engines)('funding reports (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingWorld;
  let springTerm: number;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingWorld(ctx);
    const spring = await addCatalog(ctx.db, w.storeA, {
      divisionId: ctx.fixture.catalog.divisionId,
      departmentCode: 'SPR',
    });
    springTerm = one(
      await ctx.db
        .select({ termId: t.sections.termId })
        .from(t.sections)
        .where(eq(t.sections.id, spring.sectionId)),
    ).termId;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const xlsx = async (
    contract: Parameters<FundingWorld['call']>[1],
    query: Record<string, string | number>,
    name: string,
  ) => {
    const res = await w.call(w.who.manager, contract, { query: { ...query, format: 'xlsx' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="funding-${name}-${TODAY}.xlsx"`,
    );
    return sheetRows(res.rawPayload);
  };

  it('sums charges and refunds by source and term, and exports the same rows', async () => {
    const source = await w.createSource(w.who.manager, { name: 'Dept fund', kind: 'DEPARTMENT' });
    const students = await w.addStudents(w.storeA, 2);
    const a = await w.addAllowance(
      w.who.manager,
      source.sourceId,
      students[0]!.studentIdNum,
      10_000,
    );
    const b = await w.addAllowance(
      w.who.manager,
      source.sourceId,
      students[1]!.studentIdNum,
      10_000,
    );
    await w.charge(a, 3_000);
    const cancelled = await w.charge(b, 2_000);
    await w.refund(b, cancelled, 2_000);
    await w.charge(a, 1_250, springTerm);

    const res = await w.call(w.who.manager, getSpendingReport);
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ rows: Record<string, unknown>[] }>().rows;
    expect(rows).toEqual([
      {
        sourceId: source.sourceId,
        sourceName: 'Dept fund',
        kind: 'DEPARTMENT',
        termId: w.terms.a,
        termName: 'Fall 2026',
        divisionName: 'Main Campus',
        chargedCents: 5_000,
        refundedCents: 2_000,
        spentCents: 3_000,
        orders: 2,
        students: 2,
      },
      {
        sourceId: source.sourceId,
        sourceName: 'Dept fund',
        kind: 'DEPARTMENT',
        termId: springTerm,
        termName: 'Spring 2027',
        divisionName: 'Main Campus',
        chargedCents: 1_250,
        refundedCents: 0,
        spentCents: 1_250,
        orders: 1,
        students: 1,
      },
    ]);
    expect(await xlsx(getSpendingReport, {}, 'spending')).toEqual([
      ['Source', 'Kind', 'Term', 'Division', 'Charged', 'Refunded', 'Spent', 'Orders', 'Students'],
      ['Dept fund', 'Department', 'Fall 2026', 'Main Campus', 50, 20, 30, 2, 2],
      ['Dept fund', 'Department', 'Spring 2027', 'Main Campus', 12.5, 0, 12.5, 1, 1],
    ]);
  });

  it('lists unspent allowances of open windows ending within the days asked, soonest first', async () => {
    const soon = await w.createSource(w.who.manager, {
      name: 'Ends today',
      kind: 'SCHOLARSHIP',
      chargeEndsOn: day(0),
    });
    const later = await w.createSource(w.who.manager, {
      name: 'Ends in 10',
      kind: 'SCHOLARSHIP',
      chargeEndsOn: day(10),
    });
    const far = await w.createSource(w.who.manager, {
      name: 'Ends in 20',
      kind: 'SCHOLARSHIP',
      chargeEndsOn: day(20),
    });
    const ended = await w.createSource(w.who.manager, {
      name: 'Ended',
      kind: 'SCHOLARSHIP',
      chargeStartsOn: day(-30),
      chargeEndsOn: day(-1),
    });
    const students = await w.addStudents(w.storeA, 5, { lastName: 'Expiring' });
    const s = (i: number) => students[i]!.studentIdNum;
    const inLater = await w.addAllowance(w.who.manager, later.sourceId, s(0), 4_000);
    await w.charge(inLater, 1_500);
    const spentUp = await w.addAllowance(w.who.manager, later.sourceId, s(1), 1_000);
    await w.charge(spentUp, 1_000);
    const inSoon = await w.addAllowance(w.who.manager, soon.sourceId, s(2), 700);
    await w.addAllowance(w.who.manager, far.sourceId, s(3), 900);
    await w.addAllowance(w.who.manager, ended.sourceId, s(4), 900);

    const res = await w.call(w.who.manager, getNearExpiryReport, { query: { withinDays: 14 } });
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ rows: Record<string, unknown>[] }>().rows;
    expect(rows).toEqual([
      {
        allowanceId: inSoon.allowanceId,
        sourceId: soon.sourceId,
        sourceName: 'Ends today',
        studentIdNum: s(2),
        studentName: `${inSoon.firstName} ${inSoon.lastName}`,
        email: inSoon.email,
        voucherCode: inSoon.voucherCode,
        balanceCents: 700,
        chargeEndsOn: day(0),
        daysLeft: 0,
      },
      expect.objectContaining({
        allowanceId: inLater.allowanceId,
        balanceCents: 2_500,
        daysLeft: 10,
      }),
    ]);
    expect(res.json()).toMatchObject({ recordCount: 2, balanceCents: 3_200 });
    // On screen a page at a time, the count and the total still of every page.
    const second = await w.call(w.who.manager, getNearExpiryReport, {
      query: { withinDays: 14, page: 2, pageSize: 1 },
    });
    expect(second.json()).toEqual({ rows: [rows[1]], recordCount: 2, balanceCents: 3_200 });
    const pastTheEnd = await w.call(w.who.manager, getNearExpiryReport, {
      query: { withinDays: 14, page: 3, pageSize: 1 },
    });
    expect(pastTheEnd.json()).toEqual({ rows: [], recordCount: 2, balanceCents: 3_200 });
    const tooMany = await w.call(w.who.manager, getNearExpiryReport, {
      query: { withinDays: 14, pageSize: 101 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('pageSize');
    const wider = await w.call(w.who.manager, getNearExpiryReport, { query: { withinDays: 20 } });
    expect(wider.json<{ rows: { sourceId: number }[] }>().rows.map((r) => r.sourceId)).toContain(
      far.sourceId,
    );
    expect(
      (await w.call(w.who.manager, getNearExpiryReport, { query: { withinDays: -1 } })).json()
        .field,
    ).toBe('withinDays');

    // The workbook is the whole report, whatever page the screen was on.
    const sheet = await xlsx(getNearExpiryReport, { withinDays: 14, pageSize: 1 }, 'near-expiry');
    expect(sheet[0]).toEqual([
      'Source',
      'Window ends',
      'Days left',
      'Student ID',
      'Student',
      'E-mail',
      'Voucher code',
      'Balance',
    ]);
    expect(sheet.slice(1)).toEqual(
      rows.map((r) => [
        r.sourceName,
        new Date(`${String(r.chargeEndsOn)}T00:00:00Z`),
        r.daysLeft,
        r.studentIdNum,
        r.studentName,
        r.email,
        r.voucherCode,
        dollars(Number(r.balanceCents)),
      ]),
    );
  });

  it('lists exactly the aid students of the term whose required titles are not all fulfilled', async () => {
    const { db } = ctx;
    const { catalog } = ctx.fixture;
    const title = async (ean13: string, description: string) =>
      one(
        await db
          .insert(t.titles)
          .values({ locationId: w.storeA, ean13, description, author: 'A', listPriceCents: 5_000 })
          .returning({ id: t.titles.id }),
      ).id;
    const biology = await title('9780306406157', 'Biology Today');
    const lab = await title('9780131103627', 'Lab Manual');
    const optional = await title('9781861972712', 'Optional Reader');
    for (const [titleId, required] of [
      [biology, true],
      [lab, true],
      [optional, false],
    ] as const) {
      const adoption = one(
        await db
          .insert(t.adoptionMaterials)
          .values({
            locationId: w.storeA,
            courseId: catalog.courseId,
            titleId,
            adoptionType: 'SECTION_ADOPTION',
            startDate: '2026-06-01',
            required,
          })
          .returning({ id: t.adoptionMaterials.id }),
      );
      await db
        .insert(t.adoptionMaterialSections)
        .values({ adoptionMaterialId: adoption.id, sectionId: catalog.sectionId });
    }
    const aidForTerm = await w.createSource(w.who.manager, {
      name: 'Fall Pell advance',
      termIds: [w.terms.a],
    });
    // Aid for any term counts for the terms its window overlaps (the fall term's days here).
    const aidAnyTerm = await w.createSource(w.who.manager, {
      name: 'Book advance',
      chargeStartsOn: '2026-08-01',
      chargeEndsOn: '2026-12-31',
    });
    const aidYearsAgo = await w.createSource(w.who.manager, {
      name: 'Old advance',
      chargeStartsOn: '2023-08-01',
      chargeEndsOn: '2023-12-31',
    });
    const aidOtherTerm = await w.createSource(w.who.manager, {
      name: 'Spring aid',
      termIds: [springTerm],
    });
    const grant = await w.createSource(w.who.manager, { name: 'A grant', kind: 'GRANT' });
    const people = await w.addStudents(w.storeA, 6, { prefix: '66' });
    const [nothing, pending, done, notAid, otherTerm, stale] = people as [
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
    ];
    await db.insert(t.enrollments).values(
      people.map((p) => ({
        studentId: p.id,
        sectionId: catalog.sectionId,
        locationId: w.storeA,
      })),
    );
    const nothingAid = await w.addAllowance(
      w.who.manager,
      aidForTerm.sourceId,
      nothing.studentIdNum,
      40_000,
    );
    await w.addAllowance(w.who.manager, aidAnyTerm.sourceId, nothing.studentIdNum, 10_000);
    await w.addAllowance(w.who.manager, aidAnyTerm.sourceId, pending.studentIdNum, 30_000);
    await w.addAllowance(w.who.manager, aidForTerm.sourceId, done.studentIdNum, 30_000);
    await w.addAllowance(w.who.manager, grant.sourceId, notAid.studentIdNum, 30_000);
    await w.addAllowance(w.who.manager, aidOtherTerm.sourceId, otherTerm.studentIdNum, 30_000);
    await w.addAllowance(w.who.manager, aidYearsAgo.sourceId, stale.studentIdNum, 30_000);

    const order = async (
      studentId: number,
      status: string,
      items: [number, 'PENDING' | 'FULFILLED' | 'CANCELLED'][],
    ) => {
      const o = one(
        await db
          .insert(t.orders)
          .values({
            locationId: w.storeA,
            studentId,
            divisionId: catalog.divisionId,
            termId: w.terms.a,
            orderType: 'IN_STORE',
            status,
          })
          .returning({ id: t.orders.id }),
      );
      await db.insert(t.orderItems).values(
        items.map(([titleId, itemStatus]) => ({
          locationId: w.storeA,
          orderId: o.id,
          titleId,
          sectionId: catalog.sectionId,
          fulfillmentType: 'BUY_NEW',
          status: itemStatus,
          priceCents: 5_000,
        })),
      );
    };
    // A cancelled order is no order at all.
    await order(nothing.id, 'CANCELLED', [
      [biology, 'PENDING'],
      [lab, 'PENDING'],
    ]);
    await order(pending.id, 'OPEN', [
      [biology, 'PENDING'],
      [lab, 'FULFILLED'],
    ]);
    await order(done.id, 'FULFILLED', [
      [biology, 'FULFILLED'],
      [lab, 'FULFILLED'],
    ]);

    const res = await w.call(w.who.manager, getAccessDayReport, { query: { termId: w.terms.a } });
    expect(res.statusCode).toBe(200);
    const report = res.json<{ rows: Record<string, unknown>[] } & Record<string, unknown>>();
    expect(report).toMatchObject({
      termId: w.terms.a,
      termName: 'Fall 2026',
      termStartsOn: '2026-08-24',
      accessDay: '2026-08-30',
      accessDayPassed: TODAY > '2026-08-30',
      aidStudents: 3,
    });
    expect(report.rows).toEqual([
      {
        customerId: nothing.id,
        studentIdNum: nothing.studentIdNum,
        studentName: `${nothingAid.firstName} ${nothingAid.lastName}`,
        email: `s${nothing.studentIdNum}@example.edu`,
        sourceNames: ['Book advance', 'Fall Pell advance'],
        balanceCents: 50_000,
        requiredCount: 2,
        notOrderedCount: 2,
        orderedNotFulfilledCount: 0,
        fulfilledCount: 0,
        missing: [
          '9780306406157 Biology Today (BIO 101-001)',
          '9780131103627 Lab Manual (BIO 101-001)',
        ],
      },
      expect.objectContaining({
        customerId: pending.id,
        sourceNames: ['Book advance'],
        requiredCount: 2,
        notOrderedCount: 0,
        orderedNotFulfilledCount: 1,
        fulfilledCount: 1,
        missing: ['9780306406157 Biology Today (BIO 101-001)'],
      }),
    ]);

    const totals = {
      balanceCents: 80_000,
      requiredCount: 4,
      notOrderedCount: 2,
      orderedNotFulfilledCount: 1,
      fulfilledCount: 1,
    };
    expect(report).toMatchObject({ recordCount: 2, totals });
    const second = await w.call(w.who.manager, getAccessDayReport, {
      query: { termId: w.terms.a, page: 2, pageSize: 1 },
    });
    expect(second.json()).toMatchObject({ rows: [report.rows[1]], recordCount: 2, totals });
    const pastTheEnd = await w.call(w.who.manager, getAccessDayReport, {
      query: { termId: w.terms.a, page: 3, pageSize: 1 },
    });
    expect(pastTheEnd.json()).toMatchObject({ rows: [], recordCount: 2, totals, aidStudents: 3 });

    const sheet = await xlsx(
      getAccessDayReport,
      { termId: w.terms.a, pageSize: 1 },
      'access-day-fall-2026',
    );
    expect(sheet.map((r) => r[0])).toEqual([
      'Student ID',
      nothing.studentIdNum,
      pending.studentIdNum,
    ]);
    expect(sheet[1]).toEqual([
      nothing.studentIdNum,
      `${nothingAid.firstName} ${nothingAid.lastName}`,
      `s${nothing.studentIdNum}@example.edu`,
      'Book advance, Fall Pell advance',
      500,
      2,
      2,
      0,
      0,
      '9780306406157 Biology Today (BIO 101-001); 9780131103627 Lab Manual (BIO 101-001)',
    ]);

    const otherStore = await w.call(w.who.storeB, getAccessDayReport, {
      query: { termId: w.terms.a },
    });
    expect(otherStore.statusCode).toBe(404);
    expect(otherStore.json().field).toBe('termId');
  });
});
