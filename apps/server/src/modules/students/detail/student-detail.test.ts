import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getCustomerOrderableItems,
  getMarketplaceConditions,
  getStudentDetails,
  getStudentRequiredMaterials,
  searchStudents,
  STUDENT_LOOKUP_REFUSAL,
  type Endpoint,
  type OrderableItem,
  type RequiredMaterial,
  type StudentDetail,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { day, studentWorld, type StudentWorld } from '../../../test-support/student-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';
import { orderableItemsOf } from './orderable-items.ts';

const engines = await testEngines();

describe.each(engines)('student details, materials and conditions (%s)', (engine) => {
  let ctx: TestContext;
  let w: StudentWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await studentWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const get = async <T>(contract: Endpoint, customerId: number, who?: Caller) => {
    const res = await w.call(who ?? w.who.admin, contract, { query: { customerId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const detail = async (who?: Caller) =>
    (await get<{ studentDetail: StudentDetail }>(getStudentDetails, w.students.alice, who))
      .studentDetail;
  const materials = async (customerId = w.students.alice) =>
    (await get<{ requiredMaterials: RequiredMaterial[] }>(getStudentRequiredMaterials, customerId))
      .requiredMaterials;
  const orderable = async (customerId = w.students.alice) =>
    (await get<{ orderableItems: OrderableItem[] }>(getCustomerOrderableItems, customerId))
      .orderableItems;

  it('shows the details, preferences by division, and the address to its viewers', async () => {
    const shown = await detail();
    expect(shown).toMatchObject({
      customerId: w.students.alice,
      name: 'Alice Anderson',
      firstName: 'Alice',
      lastName: 'Anderson',
      studentIdNum: '123456789',
      shippingPreference: 'Ship to address',
      deliveryNote: 'Leave at the front desk',
      addressVisible: true,
      shippingAddress: {
        streetOne: '1 College Way',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
      },
    });
    expect(shown.fulfillmentPreferences.map((p) => [p.divisionName, p.fulfillment])).toEqual([
      ['Law School', 'BUY_NEW'],
      ['Main Campus', 'RENT_USED'],
      ['NO_CURRENT_ENROLLMENT', 'OPT_OUT'],
    ]);
    expect(shown.fulfillmentPreferences[1]).toMatchObject({
      fulfillmentFriendlyName: 'Rent used',
      updatedAt: '2026-01-02T03:04:05.000Z',
    });
    // A reporter holds VIEW_STUDENT_ADDRESS too.
    expect((await detail(w.who.reporter)).shippingAddress?.city).toBe('Springfield');
  });

  it('leaves the address out for a caller without VIEW_STUDENT_ADDRESS', async () => {
    const shown = await detail(w.who.noAddress);
    expect(shown.addressVisible).toBe(false);
    expect(shown.shippingAddress).toBeNull();
    expect(shown.name).toBe('Alice Anderson');
    const res = await w.call(w.who.noAddress, getStudentDetails, {
      query: { customerId: w.students.alice },
    });
    expect(res.body).not.toContain('College Way');
  });

  it("answers 404 'Customer not found' for an unknown or another store's student", async () => {
    for (const [who, customerId] of [
      [w.who.admin, w.students.storeB],
      [w.who.admin, 999_999],
      [w.who.storeB, w.students.alice],
    ] as const) {
      for (const contract of [
        getStudentDetails,
        getStudentRequiredMaterials,
        getCustomerOrderableItems,
      ]) {
        const res = await w.call(who, contract, { query: { customerId } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Customer not found', field: 'customerId' });
      }
    }
    const bad = await w.call(w.who.admin, getStudentDetails, { query: { customerId: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('customerId');
  });

  it('lists the adopted materials of current and upcoming sections, with what is owned', async () => {
    const rows = await materials();
    expect(
      rows.map((r) => [r.courseCode, r.sectionCode, r.title, r.isbn, r.noTextRequired]),
    ).toEqual([
      // Fall 2026 (BIO 101; section 000 ended yesterday, the removed adoption is gone).
      ['101', '001', 'Biology Today', '9780306406157', false],
      ['101', '001', 'Lab Safety Manual', '9780131103627', false],
      ['101', '002', 'Chemistry Basics', '9781861972712', false],
      ['101', '002', 'Field Notes Kit', null, false],
      // Spring 2027: ART 150 needs no text; LAW 201 by the course's auto adoption.
      ['150', '002', null, null, true],
      ['201', '002', 'Contracts Casebook', '9780199291915', false],
    ]);
    const [biology, owned, chemistry, proposed, art, law] = rows;
    expect(biology).toMatchObject({
      sectionId: w.sections.s001,
      courseName: 'Intro Biology',
      termName: 'Fall 2026',
      divisionName: 'Main Campus',
      startDate: day(-7),
      endDate: day(100),
      titleId: w.titles.biology,
      author: 'Test Author',
      edition: '3',
      required: true,
      owned: null,
    });
    expect(owned?.owned).toEqual({
      orderId: w.orders.fulfilled,
      fulfillmentType: 'BUY_USED',
      status: 'FULFILLED',
    });
    // Its only order was cancelled.
    expect(chemistry?.owned).toBeNull();
    expect(proposed).toMatchObject({ titleId: null, isbn: null, author: 'Lab Staff' });
    expect(proposed?.adoptionMaterialId).not.toBeNull();
    expect(art).toMatchObject({
      sectionId: w.sections.art,
      adoptionMaterialId: null,
      titleId: null,
      title: null,
      owned: null,
    });
    expect(law).toMatchObject({ divisionName: 'Law School', termName: 'Spring 2027' });
  });

  it('lists nothing for a student with no sections', async () => {
    expect(await materials(w.students.sam)).toEqual([]);
    expect(await orderable(w.students.sam)).toEqual([]);
  });

  it('offers the materials not yet bought or rented, with prices cheapest first', async () => {
    const items = await orderable();
    expect(items.map((i) => i.title)).toEqual([
      'Biology Today',
      'Chemistry Basics',
      'Contracts Casebook',
    ]);
    const [biology, chemistry, law] = items;
    expect(biology).toMatchObject({
      sectionId: w.sections.s001,
      courseCode: '101',
      sectionCode: '001',
      termName: 'Fall 2026',
      divisionName: 'Main Campus',
      titleId: w.titles.biology,
      isbn: '9780306406157',
      required: true,
    });
    // Biology has a digital ISBN: five ways, cheapest first.
    expect(biology?.options).toEqual([
      { fulfillmentType: 'RENT_USED', priceCents: 4_000 },
      { fulfillmentType: 'RENT_NEW', priceCents: 5_500 },
      { fulfillmentType: 'DIGITAL', priceCents: 6_000 },
      { fulfillmentType: 'BUY_USED', priceCents: 7_500 },
      { fulfillmentType: 'BUY_NEW', priceCents: 10_000 },
    ]);
    // No digital ISBN, no digital option.
    expect(chemistry?.options).toEqual([
      { fulfillmentType: 'RENT_USED', priceCents: 3_600 },
      { fulfillmentType: 'RENT_NEW', priceCents: 4_949 },
      { fulfillmentType: 'BUY_USED', priceCents: 6_749 },
      { fulfillmentType: 'BUY_NEW', priceCents: 8_999 },
    ]);
    expect(law?.divisionName).toBe('Law School');
  });

  it('stops offering a title once the student orders it, in any section', async () => {
    const [order] = await ctx.db
      .insert(t.orders)
      .values({
        locationId: w.storeA,
        studentId: w.students.alice,
        divisionId: (await ctx.db.select().from(t.divisions))[0]?.id ?? 0,
        orderType: 'AUTOGEN',
        status: 'ON_HOLD',
      })
      .returning({ id: t.orders.id });
    await ctx.db.insert(t.orderItems).values({
      locationId: w.storeA,
      orderId: order?.id ?? 0,
      titleId: w.titles.chemistry,
      sectionId: null,
      fulfillmentType: 'RENT_NEW',
      status: 'PENDING',
      priceCents: 4_949,
    });
    const items = await orderableItemsOf(ctx.db, w.storeA, w.students.alice, day(0), undefined);
    expect(items.map((i) => i.title)).toEqual(['Biology Today', 'Contracts Casebook']);
    const chemistry = (await materials()).find((m) => m.title === 'Chemistry Basics');
    expect(chemistry?.owned).toEqual({
      orderId: order?.id,
      fulfillmentType: 'RENT_NEW',
      status: 'PENDING',
    });
    // On a later day the Fall sections have ended; the law section too.
    expect(await orderableItemsOf(ctx.db, w.storeA, w.students.alice, day(101), undefined)).toEqual(
      [],
    );
  });

  it("lists the store's return conditions by their order", async () => {
    const res = await w.call(w.who.admin, getMarketplaceConditions);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      market_conditions: [{ name: 'Like New' }, { name: 'Good' }, { name: 'Poor' }],
    });
    const fromB = await w.call(w.who.storeB, getMarketplaceConditions);
    expect(fromB.json()).toEqual({ market_conditions: [{ name: 'Store B Only' }] });
  });

  it('refuses every lookup to an instructor who only adopts; a reporter may look up', async () => {
    const calls: [Endpoint, Record<string, string | number>][] = [
      [searchStudents, { studentSearch: 'alice' }],
      [getStudentDetails, { customerId: w.students.alice }],
      [getStudentRequiredMaterials, { customerId: w.students.alice }],
      [getCustomerOrderableItems, { customerId: w.students.alice }],
      [getMarketplaceConditions, {}],
    ];
    for (const [contract, query] of calls) {
      const refused = await w.call(w.who.instructor, contract, { query });
      expect(refused.statusCode, contract.path).toBe(403);
      expect(refused.json().message).toBe(STUDENT_LOOKUP_REFUSAL);
      const allowed = await w.call(w.who.reporter, contract, { query });
      expect(allowed.statusCode, contract.path).toBe(200);
    }
  });
});
