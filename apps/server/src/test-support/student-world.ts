import { eq } from 'drizzle-orm';
import { type Endpoint } from '@csp/contracts';
import * as t from '../db/schema/index.ts';
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

/** List prices of the world's titles, in cents. */
export const LIST_PRICE = {
  biology: 10_000,
  chemistry: 8_999,
  owned: 5_000,
  ended: 4_000,
  law: 12_000,
  removed: 3_000,
} as const;
type TitleKey = keyof typeof LIST_PRICE;

/** The students a search test names, by first and last name and student ID. */
export const PEOPLE = {
  alice: { firstName: 'Alice', lastName: 'Anderson', studentIdNum: '123456789' },
  young: { firstName: 'Yan', lastName: 'Young', studentIdNum: '12345678' },
  sam: { firstName: 'Sam', lastName: 'Anderson', studentIdNum: '200000002' },
  jones: { firstName: 'Anderson', lastName: 'Jones', studentIdNum: '200000003' },
  abbott: { firstName: 'Anders', lastName: 'Abbott', studentIdNum: '200000004' },
  annaLee: { firstName: 'Anna', lastName: 'Lee', studentIdNum: '300000001' },
  leeann: { firstName: 'Leeann', lastName: 'Annabel', studentIdNum: '300000002' },
  /** LIKE's '_' taken literally: "o_n" finds O_Neil, not OxNeil. */
  underscore: { firstName: 'Per', lastName: 'O_Neil', studentIdNum: '400000001' },
  oxneil: { firstName: 'Otto', lastName: 'OxNeil', studentIdNum: '400000002' },
} as const;
type Person = keyof typeof PEOPLE;

/** Students named 'Pager' (P001, P002, …), for paging; more than a search ranks. */
export const PAGER_COUNT = 505;

export interface StudentWorld {
  storeA: number;
  storeB: number;
  students: Record<Person, number> & { storeB: number };
  sections: { s001: number; s002: number; ended: number; law: number; art: number };
  titles: Record<TitleKey, number>;
  /** Alice's orders: the fulfilled one has her 'owned' title, the cancelled one chemistry. */
  orders: { fulfilled: number; cancelled: number };
  who: Record<'admin' | 'reporter' | 'noAddress' | 'instructor' | 'storeB', Caller>;
  call: (
    who: Caller,
    contract: Endpoint,
    input?: Parameters<typeof callAs>[3],
  ) => ReturnType<typeof callAs>;
}

/**
 * Store A with BIO 101 (the fixture's Main Campus course: section 001 under way, 002 upcoming,
 * 000 ended), LAW 201 (Law School, covered by a course auto adoption) and ART 150 (Main Campus,
 * no text required). Alice is enrolled in all five, has an address, fulfilment preferences
 * (one without a division), a fulfilled order of the 'owned' title, a cancelled order of
 * chemistry, and rentals in each state. Other students exist for search ranking, plus
 * PAGER_COUNT 'Pager' students; store B has its own Alice Anderson with the same student ID.
 */
export async function studentWorld(ctx: TestContext): Promise<StudentWorld> {
  const { db } = ctx;
  const { locations, catalog, accounts } = ctx.fixture;
  const storeA = locations.a;
  const storeB = locations.b;

  // Sections of BIO 101.
  await db
    .update(t.sections)
    .set({ startDate: day(-7), endDate: day(100) })
    .where(eq(t.sections.id, catalog.sectionId));
  const bioSection = async (code: string, from: number, to: number) =>
    one(
      await db
        .insert(t.sections)
        .values({
          locationId: storeA,
          courseId: catalog.courseId,
          termId: catalog.termId,
          code,
          startDate: day(from),
          endDate: day(to),
        })
        .returning({ id: t.sections.id }),
    ).id;
  const law = await addCatalog(db, storeA, { divisionName: 'Law School', departmentCode: 'LAW' });
  const art = await addCatalog(db, storeA, {
    divisionId: catalog.divisionId,
    departmentCode: 'ART',
  });
  await db.update(t.courses).set({ code: '150' }).where(eq(t.courses.id, art.courseId));
  for (const sectionId of [law.sectionId, art.sectionId]) {
    await db
      .update(t.sections)
      .set({ startDate: day(-3), endDate: day(90) })
      .where(eq(t.sections.id, sectionId));
  }
  const sections = {
    s001: catalog.sectionId,
    s002: await bioSection('002', 14, 120),
    // Ended yesterday: no longer required.
    ended: await bioSection('000', -120, -1),
    law: law.sectionId,
    art: art.sectionId,
  };

  const title = async (ean13: string, description: string, list: number, digital?: string) =>
    one(
      await db
        .insert(t.titles)
        .values({
          locationId: storeA,
          ean13,
          description,
          author: 'Test Author',
          edition: '3',
          listPriceCents: list,
          digitalIsbn: digital ?? null,
        })
        .returning({ id: t.titles.id }),
    ).id;
  const titles = {
    biology: await title('9780306406157', 'Biology Today', LIST_PRICE.biology, '9780306406158'),
    chemistry: await title('9781861972712', 'Chemistry Basics', LIST_PRICE.chemistry),
    owned: await title('9780131103627', 'Lab Safety Manual', LIST_PRICE.owned),
    ended: await title('9780262033848', 'Last Term Reader', LIST_PRICE.ended),
    law: await title('9780199291915', 'Contracts Casebook', LIST_PRICE.law),
    removed: await title('9780743273565', 'Dropped Reader', LIST_PRICE.removed),
  };
  const [proposedType] = await db
    .select({ id: t.proposedProductTypes.id })
    .from(t.proposedProductTypes);
  const proposed = one(
    await db
      .insert(t.proposedTitles)
      .values({
        locationId: storeA,
        description: 'Field Notes Kit',
        author: 'Lab Staff',
        proposedProductTypeId: proposedType?.id ?? null,
      })
      .returning({ id: t.proposedTitles.id }),
  ).id;

  const adopt = async (
    courseId: number,
    sectionId: number | null,
    what: { titleId?: number; proposedTitleId?: number; noTextRequired?: boolean },
    opts: { removed?: boolean; auto?: boolean } = {},
  ) => {
    const adoption = one(
      await db
        .insert(t.adoptionMaterials)
        .values({
          locationId: storeA,
          courseId,
          titleId: what.titleId ?? null,
          proposedTitleId: what.proposedTitleId ?? null,
          noTextRequired: what.noTextRequired ?? false,
          adoptionType: opts.auto ? 'AUTO_ADOPTION' : 'SECTION_ADOPTION',
          startDate: day(-30),
          required: true,
        })
        .returning({ id: t.adoptionMaterials.id }),
    );
    if (sectionId !== null) {
      await db
        .insert(t.adoptionMaterialSections)
        .values({ adoptionMaterialId: adoption.id, sectionId, removed: opts.removed ?? false });
    }
  };
  await adopt(catalog.courseId, sections.s001, { titleId: titles.biology });
  await adopt(catalog.courseId, sections.s001, { titleId: titles.owned });
  await adopt(catalog.courseId, sections.s001, { titleId: titles.removed }, { removed: true });
  await adopt(catalog.courseId, sections.s002, { titleId: titles.chemistry });
  await adopt(catalog.courseId, sections.s002, { proposedTitleId: proposed });
  await adopt(catalog.courseId, sections.ended, { titleId: titles.ended });
  await adopt(law.courseId, null, { titleId: titles.law }, { auto: true });
  await adopt(art.courseId, sections.art, { noTextRequired: true });

  const student = async (
    locationId: number,
    person: (typeof PEOPLE)[Person],
    extra: Partial<typeof t.students.$inferInsert> = {},
  ) =>
    one(
      await db
        .insert(t.students)
        .values({
          locationId,
          ...person,
          email: `${person.firstName.toLowerCase()}.${person.studentIdNum}@example.edu`,
          ...extra,
        })
        .returning({ id: t.students.id }),
    ).id;
  const address = {
    shippingPreference: 'Ship to address',
    streetOne: '1 College Way',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    deliveryNote: 'Leave at the front desk',
  };
  const students = {} as Record<Person, number>;
  for (const key of Object.keys(PEOPLE) as Person[]) {
    students[key] = await student(storeA, PEOPLE[key], key === 'alice' ? address : {});
  }
  const storeBStudent = await student(storeB, PEOPLE.alice);
  await db.insert(t.students).values(
    Array.from({ length: PAGER_COUNT }, (_, i) => {
      const n = String(i + 1).padStart(3, '0');
      return {
        locationId: storeA,
        studentIdNum: `7000${n}`,
        firstName: `P${n}`,
        lastName: 'Pager',
        email: `pager${n}@example.edu`,
      };
    }),
  );

  const alice = students.alice;
  await db.insert(t.enrollments).values(
    Object.values(sections).map((sectionId) => ({
      studentId: alice,
      sectionId,
      locationId: storeA,
    })),
  );
  await db.insert(t.fulfillmentPreferences).values([
    {
      locationId: storeA,
      studentId: alice,
      divisionId: catalog.divisionId,
      fulfillment: 'RENT_USED',
      fulfillmentFriendlyName: 'Rent used',
      updatedAt: new Date('2026-01-02T03:04:05.000Z'),
    },
    {
      locationId: storeA,
      studentId: alice,
      divisionId: null,
      fulfillment: 'OPT_OUT',
      fulfillmentFriendlyName: 'Opt out',
    },
    {
      locationId: storeA,
      studentId: alice,
      divisionId: law.divisionId,
      fulfillment: 'BUY_NEW',
      fulfillmentFriendlyName: 'Buy new',
    },
  ]);

  const order = async (
    status: string,
    items: { title: TitleKey; type: string; status: string }[],
  ) => {
    const id = one(
      await db
        .insert(t.orders)
        .values({
          locationId: storeA,
          studentId: alice,
          divisionId: catalog.divisionId,
          termId: catalog.termId,
          orderType: 'IN_STORE',
          status,
        })
        .returning({ id: t.orders.id }),
    ).id;
    await db.insert(t.orderItems).values(
      items.map((item) => ({
        locationId: storeA,
        orderId: id,
        titleId: titles[item.title],
        sectionId: sections.s001,
        fulfillmentType: item.type,
        status: item.status,
        priceCents: 100,
      })),
    );
    return id;
  };
  const orders = {
    fulfilled: await order('FULFILLED', [
      { title: 'owned', type: 'BUY_USED', status: 'FULFILLED' },
      { title: 'ended', type: 'RENT_NEW', status: 'FULFILLED' },
    ]),
    cancelled: await order('CANCELLED', [
      { title: 'chemistry', type: 'BUY_NEW', status: 'CANCELLED' },
    ]),
  };
  const rental = (
    serial: string,
    state: 'OUTSTANDING' | 'IN_TRANSIT' | 'RETURNED',
    tracking?: string,
  ) => ({
    locationId: storeA,
    studentId: alice,
    orderId: orders.fulfilled,
    titleId: titles.ended,
    serialItemRefNum: serial,
    serialItemLabel: 'LBL-1',
    dueDate: day(30),
    state,
    trackingNumber: tracking ?? null,
    returnedAt: state === 'RETURNED' ? new Date() : null,
  });
  // Two outstanding; one already on its way back (tracking number), one in transit, one back.
  await db
    .insert(t.rentals)
    .values([
      rental('SER-1', 'OUTSTANDING'),
      rental('SER-2', 'OUTSTANDING'),
      rental('SER-3', 'OUTSTANDING', '1ZTRACKED'),
      rental('SER-4', 'IN_TRANSIT', '1ZTRANSIT'),
      rental('SER-5', 'RETURNED'),
    ]);

  await db.insert(t.marketplaceConditions).values([
    { locationId: storeA, name: 'Poor', sortOrder: 3 },
    { locationId: storeA, name: 'Like New', sortOrder: 0 },
    { locationId: storeA, name: 'Good', sortOrder: 1 },
    { locationId: storeB, name: 'Store B Only', sortOrder: 0 },
  ]);

  await addCustomRole(db, 'TEST_LOOKUP_RETURNS', ['RETURN_RENTALS']);
  await addAccount(db, storeA, 'reporter@store-a.test', [{ role: 'FULL_REPORTER' }]);
  await addAccount(db, storeA, 'returns@store-a.test', [{ role: 'TEST_LOOKUP_RETURNS' }]);

  return {
    storeA,
    storeB,
    students: { ...students, storeB: storeBStudent },
    sections,
    titles,
    orders,
    who: {
      admin: await signIn(ctx, accounts.admin.userName),
      reporter: await signIn(ctx, 'reporter@store-a.test'),
      noAddress: await signIn(ctx, 'returns@store-a.test'),
      instructor: await signIn(ctx, accounts.instructor.userName),
      storeB: await signIn(ctx, accounts.storeB.userName, 'store-b.test'),
    },
    call: (who, contract, input) => callAs(ctx, who, contract, input),
  };
}
