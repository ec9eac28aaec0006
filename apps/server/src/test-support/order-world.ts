import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Endpoint, type FulfillmentType } from '@csp/contracts';
import * as t from '../db/schema/index.ts';
import { priceCents } from '../lib/pricing.ts';
import type { TestContext } from './test-app.ts';
import { one } from './one-row.ts';
import { day } from './today.ts';
import {
  addAccount,
  addCatalog,
  addCustomRole,
  callAs,
  signIn,
  type Caller,
} from './permissions-test-support.ts';

/** The suites run on the real clock: data is dated from today. */
export { day, TODAY } from './today.ts';

/** Store A's sales tax: 7.25 %. */
export const TAX_RATE = 725;

/** Store A's shipping methods, as shipping/prices lists them (by sort order). */
export const SHIPPING = {
  PICKUP: { code: 'PICKUP', name: 'Pick up in store', priceCents: 0, shipsToAddress: false },
  STANDARD: { code: 'STANDARD', name: 'Standard shipping', priceCents: 799, shipsToAddress: true },
  EXPEDITED: {
    code: 'EXPEDITED',
    name: 'Expedited shipping',
    priceCents: 1999,
    shipsToAddress: true,
  },
} as const;

/** List prices of the world's titles, in cents. */
export const LIST_PRICE = {
  biology: 10_000,
  chemistry: 8_999,
  owned: 5_000,
  ended: 4_000,
  law: 12_000,
  notAdopted: 5_000,
} as const;
type TitleKey = keyof typeof LIST_PRICE;

export interface OrderItemSpec {
  title: TitleKey;
  type: FulfillmentType;
  status?: 'PENDING' | 'FULFILLED' | 'CANCELLED';
  section?: number | null;
}

export interface OrderWorld {
  storeA: number;
  storeB: number;
  sections: { s001: number; s002: number; ended: number; law: number };
  divisions: { main: number; law: number };
  titles: Record<TitleKey, number> & { storeB: number };
  students: {
    /** Complete address; enrolled in 001, 002, the ended section and the law section. */
    alice: number;
    /** No address; enrolled in 001 and 002. */
    bob: number;
    /** A student of store B. */
    carol: number;
  };
  /** Alice's orders placed before the suite: one in each status. */
  orders: {
    fulfilled: number;
    open: number;
    held: number;
    cancelled: number;
    /** OPEN, one item handed over and one pending. */
    partlyHandedOver: number;
  };
  /** A new student of store A enrolled in 001, 002 and the law section. */
  newStudent: (opts?: { address?: boolean }) => Promise<number>;
  /** A new order of a student (price at the store price, savings the rest of the list price). */
  addOrder: (
    studentId: number,
    status: 'OPEN' | 'ON_HOLD' | 'FULFILLED' | 'CANCELLED',
    items: OrderItemSpec[],
    opts?: { createdAt?: Date; taxCents?: number; shippingCents?: number; divisionId?: number },
  ) => Promise<number>;
  who: Record<
    | 'admin'
    | 'clerk'
    | 'returnsOnly'
    | 'historyReader'
    | 'holder'
    | 'canceller'
    | 'noLookup'
    | 'storeB',
    Caller
  >;
  call: (
    who: Caller,
    contract: Endpoint,
    input?: Parameters<typeof callAs>[3],
  ) => ReturnType<typeof callAs>;
  newKey: () => string;
}

/**
 * Store A (tax 7.25 %, three shipping methods inserted out of order) with BIO 101 sections 001
 * (under way), 002 (upcoming), one that ended, and a Law School section; titles with list prices
 * (biology has a digital ISBN), section adoptions of them, students with and without an
 * address, Alice's orders in each status and two rentals; callers holding exactly the
 * actions each rule is about. Store B has a student, a title, a shipping method and a clerk.
 */
export async function orderWorld(ctx: TestContext): Promise<OrderWorld> {
  const { db } = ctx;
  const { locations, catalog, accounts } = ctx.fixture;
  const storeA = locations.a;
  const storeB = locations.b;

  await db
    .update(t.locations)
    .set({ taxRateBasisPoints: TAX_RATE })
    .where(eq(t.locations.id, storeA));
  await db.insert(t.shippingMethods).values([
    { locationId: storeA, ...SHIPPING.EXPEDITED, sortOrder: 2 },
    { locationId: storeA, ...SHIPPING.PICKUP, sortOrder: 0 },
    { locationId: storeA, ...SHIPPING.STANDARD, sortOrder: 1 },
    { locationId: storeB, code: 'B_ONLY', name: 'Store B courier', priceCents: 500, sortOrder: 0 },
  ]);

  await db
    .update(t.sections)
    .set({ startDate: day(-7), endDate: day(100) })
    .where(eq(t.sections.id, catalog.sectionId));
  const section = async (
    courseId: number,
    termId: number,
    code: string,
    from: number,
    to: number,
  ) =>
    one(
      await db
        .insert(t.sections)
        .values({
          locationId: storeA,
          courseId,
          termId,
          code,
          startDate: day(from),
          endDate: day(to),
        })
        .returning({ id: t.sections.id }),
    ).id;
  const law = await addCatalog(db, storeA, { divisionName: 'Law School', departmentCode: 'LAW' });
  await db
    .update(t.sections)
    .set({ startDate: day(-3), endDate: day(90) })
    .where(eq(t.sections.id, law.sectionId));
  const sections = {
    s001: catalog.sectionId,
    s002: await section(catalog.courseId, catalog.termId, '002', 14, 120),
    ended: await section(catalog.courseId, catalog.termId, '000', -120, -10),
    law: law.sectionId,
  };

  const title = async (
    locationId: number,
    ean13: string,
    description: string,
    list: number,
    digitalIsbn?: string,
  ) =>
    one(
      await db
        .insert(t.titles)
        .values({
          locationId,
          ean13,
          description,
          author: 'Test Author',
          listPriceCents: list,
          digitalIsbn: digitalIsbn ?? null,
        })
        .returning({ id: t.titles.id }),
    ).id;
  const titles = {
    biology: await title(
      storeA,
      '9780306406157',
      'Biology Today',
      LIST_PRICE.biology,
      '9780306406158',
    ),
    chemistry: await title(storeA, '9781861972712', 'Chemistry Basics', LIST_PRICE.chemistry),
    owned: await title(storeA, '9780131103627', 'Lab Safety Manual', LIST_PRICE.owned),
    ended: await title(storeA, '9780262033848', 'Last Term Reader', LIST_PRICE.ended),
    law: await title(storeA, '9780199291915', 'Contracts Casebook', LIST_PRICE.law),
    notAdopted: await title(storeA, '9780743273565', 'A Novel Elective', LIST_PRICE.notAdopted),
    storeB: await title(storeB, '9780306406157', 'Store B Biology', 10_000),
  };

  const adopt = async (courseId: number, sectionId: number, titleId: number, startDate: string) => {
    const adoption = one(
      await db
        .insert(t.adoptionMaterials)
        .values({
          locationId: storeA,
          courseId,
          titleId,
          adoptionType: 'SECTION_ADOPTION',
          startDate,
          required: true,
        })
        .returning({ id: t.adoptionMaterials.id }),
    );
    await db
      .insert(t.adoptionMaterialSections)
      .values({ adoptionMaterialId: adoption.id, sectionId });
  };
  await adopt(catalog.courseId, sections.s001, titles.biology, day(-30));
  await adopt(catalog.courseId, sections.s001, titles.owned, day(-30));
  await adopt(catalog.courseId, sections.s002, titles.chemistry, day(-30));
  // Chemistry is needed for 001 as well: one copy serves both.
  await adopt(catalog.courseId, sections.s001, titles.chemistry, day(-30));
  await adopt(catalog.courseId, sections.ended, titles.ended, day(-150));
  await adopt(law.courseId, sections.law, titles.law, day(-30));

  let studentNumber = 0;
  const student = async (locationId: number, withAddress: boolean, enrolled: number[]) => {
    studentNumber += 1;
    const id = one(
      await db
        .insert(t.students)
        .values({
          locationId,
          studentIdNum: `9000${String(studentNumber).padStart(4, '0')}`,
          firstName: `Student${studentNumber}`,
          lastName: 'Tester',
          email: `student${studentNumber}@example.edu`,
          ...(withAddress && {
            shippingPreference: 'Ship to address',
            streetOne: '1 College Way',
            city: 'Springfield',
            state: 'IL',
            postalCode: '62701',
          }),
        })
        .returning({ id: t.students.id }),
    ).id;
    if (enrolled.length > 0) {
      await db
        .insert(t.enrollments)
        .values(enrolled.map((sectionId) => ({ studentId: id, sectionId, locationId })));
    }
    return id;
  };
  const students = {
    alice: await student(storeA, true, [
      sections.s001,
      sections.s002,
      sections.ended,
      sections.law,
    ]),
    bob: await student(storeA, false, [sections.s001, sections.s002]),
    carol: await student(storeB, true, []),
  };
  // Half an address is no address.
  await db.update(t.students).set({ city: 'Springfield' }).where(eq(t.students.id, students.bob));

  let minutesAgo = 10_000;
  const addOrder: OrderWorld['addOrder'] = async (studentId, status, items, opts = {}) => {
    minutesAgo -= 10;
    const createdAt = opts.createdAt ?? new Date(Date.now() - minutesAgo * 60_000);
    const [studentRow] = await db
      .select({ locationId: t.students.locationId })
      .from(t.students)
      .where(eq(t.students.id, studentId));
    const locationId = studentRow?.locationId ?? storeA;
    const orderId = one(
      await db
        .insert(t.orders)
        .values({
          locationId,
          studentId,
          divisionId: opts.divisionId ?? catalog.divisionId,
          termId: catalog.termId,
          orderType: 'IN_STORE',
          status,
          createdAt,
          updatedAt: createdAt,
          taxCents: opts.taxCents ?? 0,
          shippingCents: opts.shippingCents ?? 0,
        })
        .returning({ id: t.orders.id }),
    ).id;
    await db.insert(t.orderItems).values(
      items.map((item) => {
        const price = priceCents(LIST_PRICE[item.title], item.type);
        return {
          locationId,
          orderId,
          titleId: titles[item.title],
          sectionId: item.section === undefined ? null : item.section,
          fulfillmentType: item.type,
          status:
            item.status ??
            (status === 'FULFILLED'
              ? 'FULFILLED'
              : status === 'CANCELLED'
                ? 'CANCELLED'
                : 'PENDING'),
          priceCents: price,
          savingsCents: LIST_PRICE[item.title] - price,
        };
      }),
    );
    return orderId;
  };

  const alice = students.alice;
  const orders = {
    fulfilled: await addOrder(
      alice,
      'FULFILLED',
      [{ title: 'owned', type: 'BUY_USED', section: sections.s001 }],
      {
        taxCents: 272,
      },
    ),
    open: await addOrder(alice, 'OPEN', [{ title: 'notAdopted', type: 'RENT_NEW' }], {
      taxCents: 199,
      shippingCents: 799,
    }),
    held: await addOrder(alice, 'ON_HOLD', [{ title: 'notAdopted', type: 'BUY_USED' }]),
    cancelled: await addOrder(alice, 'CANCELLED', [{ title: 'notAdopted', type: 'BUY_NEW' }], {
      taxCents: 363,
    }),
    partlyHandedOver: await addOrder(alice, 'OPEN', [
      { title: 'notAdopted', type: 'RENT_USED', status: 'FULFILLED' },
      { title: 'notAdopted', type: 'DIGITAL', status: 'PENDING' },
    ]),
  };

  const [good] = await db
    .insert(t.marketplaceConditions)
    .values([
      { locationId: storeA, name: 'Good', sortOrder: 1 },
      { locationId: storeA, name: 'Damaged', sortOrder: 2 },
    ])
    .returning({ id: t.marketplaceConditions.id });
  await db.insert(t.rentals).values([
    {
      locationId: storeA,
      studentId: alice,
      orderId: orders.fulfilled,
      titleId: titles.notAdopted,
      serialItemRefNum: 'SER-RETURNED',
      serialItemLabel: 'LBL-1',
      dueDate: day(-5),
      state: 'RETURNED',
      returnedAt: new Date(Date.now() - 86_400_000),
      marketplaceConditionId: good?.id ?? null,
    },
    {
      locationId: storeA,
      studentId: alice,
      orderId: orders.partlyHandedOver,
      titleId: titles.notAdopted,
      serialItemRefNum: 'SER-OUT',
      serialItemLabel: 'LBL-2',
      dueDate: day(60),
      state: 'OUTSTANDING',
    },
  ]);

  await addCustomRole(db, 'TEST_ORDER_CLERK', [
    'AUTOGEN_CREATE_ORDER',
    'UNHOLD_ORDERS',
    'CANCEL_ORDERS',
    'VIEW_TRANSACTIONS',
  ]);
  await addCustomRole(db, 'TEST_RETURNS_ONLY', ['RETURN_RENTALS']);
  await addCustomRole(db, 'TEST_HISTORY_READER', ['VIEW_TRANSACTIONS']);
  await addCustomRole(db, 'TEST_HOLDER', ['UNHOLD_ORDERS']);
  await addCustomRole(db, 'TEST_CANCELLER', ['CANCEL_ORDERS']);
  const withRole = async (userName: string, role: string) => {
    await addAccount(db, storeA, userName, [{ role }]);
    return signIn(ctx, userName);
  };
  await addAccount(db, storeB, 'clerk@store-b.test', [
    { role: 'CMA_MEMBER' },
    { role: 'FULL_REPORTER' },
  ]);

  return {
    storeA,
    storeB,
    sections,
    divisions: { main: catalog.divisionId, law: law.divisionId },
    titles,
    students,
    orders,
    newStudent: (opts = {}) =>
      student(storeA, opts.address ?? true, [sections.s001, sections.s002, sections.law]),
    addOrder,
    who: {
      admin: await signIn(ctx, accounts.admin.userName),
      clerk: await withRole('clerk@store-a.test', 'TEST_ORDER_CLERK'),
      returnsOnly: await withRole('returns@store-a.test', 'TEST_RETURNS_ONLY'),
      historyReader: await withRole('reader@store-a.test', 'TEST_HISTORY_READER'),
      holder: await withRole('holder@store-a.test', 'TEST_HOLDER'),
      canceller: await withRole('canceller@store-a.test', 'TEST_CANCELLER'),
      noLookup: await signIn(ctx, accounts.submitterUnscoped.userName),
      storeB: await signIn(ctx, 'clerk@store-b.test', 'store-b.test'),
    },
    call: (who, contract, input) => callAs(ctx, who, contract, input),
    newKey: () => randomUUID(),
  };
}
