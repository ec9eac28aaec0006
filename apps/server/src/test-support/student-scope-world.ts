import { eq } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { addAccount, addCustomRole, signIn, type Caller } from './permissions-test-support.ts';
import { fundingWorld, type FundingWorld } from './funding-world.ts';
import { one } from './one-row.ts';
import { SHIPPING } from './order-world.ts';
import { STORE_A_RETURN } from './rental-world.ts';
import { studentWorld, type StudentWorld } from './student-world.ts';
import type { TestContext } from './test-app.ts';
import { day } from './today.ts';

/** Every action about students, for a counter clerk limited to one department. */
const CLERK_ACTIONS = [
  'RETURN_RENTALS',
  'AUTOGEN_CREATE_ORDER',
  'UNHOLD_ORDERS',
  'CANCEL_ORDERS',
  'VIEW_TRANSACTIONS',
  'VIEW_STUDENT_ADDRESS',
  'VIEW_STUDENT_SAVINGS',
];

export interface StudentScopeWorld extends StudentWorld {
  /** Funding over the same fixture (sources and allowances through the API). */
  funding: FundingWorld;
  /**
   * Lara Lawson: enrolled in the law section only (no Biology enrolment), with an address, an
   * open order, a rental out and one on its way back.
   */
  lara: { id: number; studentIdNum: string; orderId: number; outstanding: number; transit: number };
  /** Alice's rental still out (she is enrolled in Biology, Law and Art). */
  aliceRental: number;
  scoped: {
    /** SUBMITTER on the Biology department (the fixture's; as the demo's submitter). */
    submitter: Caller;
    /** CLERK_ACTIONS on the Biology department; no funding action. */
    clerk: Caller;
    /** RETURN_RENTALS alone, on the Biology department. */
    returns: Caller;
    /** VIEW_STUDENT_FUNDING alone, on the Biology department. */
    funding: Caller;
    /** FULL_REPORTER store-wide (looks up every student) and RETURN_RENTALS on Biology only. */
    mixed: Caller;
  };
}

/**
 * The student world (student-world.ts) with a student outside the Biology department, callers
 * whose actions are limited to it, the store's return address (labels) and funding.
 */
export async function studentScopeWorld(ctx: TestContext): Promise<StudentScopeWorld> {
  const w = await studentWorld(ctx);
  const funding = await fundingWorld(ctx);
  const { db } = ctx;
  const storeA = w.storeA;
  const biology = ctx.fixture.catalog.departmentId;
  await db.update(t.locations).set(STORE_A_RETURN).where(eq(t.locations.id, storeA));
  await db
    .insert(t.shippingMethods)
    .values({ locationId: storeA, ...SHIPPING.PICKUP, sortOrder: 0 });

  const lara = one(
    await db
      .insert(t.students)
      .values({
        locationId: storeA,
        studentIdNum: '500000001',
        firstName: 'Lara',
        lastName: 'Lawson',
        email: 'lara.lawson@example.edu',
        streetOne: '2 Court Street',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62702',
      })
      .returning({ id: t.students.id, studentIdNum: t.students.studentIdNum }),
  );
  await db
    .insert(t.enrollments)
    .values({ studentId: lara.id, sectionId: w.sections.law, locationId: storeA });
  const [law] = await db
    .select({ divisionId: t.courses.divisionId })
    .from(t.sections)
    .innerJoin(t.courses, eq(t.courses.id, t.sections.courseId))
    .where(eq(t.sections.id, w.sections.law));
  const orderId = one(
    await db
      .insert(t.orders)
      .values({
        locationId: storeA,
        studentId: lara.id,
        divisionId: law?.divisionId ?? ctx.fixture.catalog.divisionId,
        orderType: 'IN_STORE',
        status: 'OPEN',
      })
      .returning({ id: t.orders.id }),
  ).id;
  await db.insert(t.orderItems).values({
    locationId: storeA,
    orderId,
    titleId: w.titles.law,
    sectionId: w.sections.law,
    fulfillmentType: 'RENT_NEW',
    status: 'PENDING',
    priceCents: 100,
  });
  const rental = async (
    studentId: number,
    serial: string,
    tracking: string | null,
    ofOrder = orderId,
  ) =>
    one(
      await db
        .insert(t.rentals)
        .values({
          locationId: storeA,
          studentId,
          orderId: ofOrder,
          titleId: w.titles.law,
          serialItemRefNum: serial,
          serialItemLabel: `LBL-${serial}`,
          dueDate: day(30),
          state: tracking ? 'IN_TRANSIT' : 'OUTSTANDING',
          trackingNumber: tracking,
        })
        .returning({ id: t.rentals.id }),
    ).id;

  await addCustomRole(db, 'TEST_SCOPED_CLERK', CLERK_ACTIONS);
  await addCustomRole(db, 'TEST_SCOPED_FUNDING', ['VIEW_STUDENT_FUNDING']);
  const account = async (userName: string, grants: Parameters<typeof addAccount>[3]) => {
    await addAccount(db, storeA, userName, grants);
    return signIn(ctx, userName);
  };
  return {
    ...w,
    funding,
    lara: {
      ...lara,
      orderId,
      outstanding: await rental(lara.id, 'LARA-1', null),
      transit: await rental(lara.id, 'LARA-2', '1ZLARA'),
    },
    aliceRental: await rental(w.students.alice, 'ALICE-BIO', null, w.orders.fulfilled),
    scoped: {
      submitter: await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName),
      clerk: await account('scoped-clerk@store-a.test', [
        { role: 'TEST_SCOPED_CLERK', departmentId: biology },
      ]),
      returns: await account('scoped-returns@store-a.test', [
        { role: 'TEST_LOOKUP_RETURNS', departmentId: biology },
      ]),
      funding: await account('scoped-funding@store-a.test', [
        { role: 'TEST_SCOPED_FUNDING', departmentId: biology },
      ]),
      mixed: await account('mixed@store-a.test', [
        { role: 'FULL_REPORTER' },
        { role: 'TEST_LOOKUP_RETURNS', departmentId: biology },
      ]),
    },
  };
}
