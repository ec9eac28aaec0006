import { eq } from 'drizzle-orm';
import { printRentalLabel, type RoleName } from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import {
  addAccount,
  signIn,
  type Caller,
} from '../../modules/permissions/permissions-test-support.ts';
import { day, fundingOrderWorld, type FundingOrderWorld } from '../funding-order-world.ts';
import { one } from '../one-row.ts';
import { STORE_A_RETURN } from '../rental-world.ts';
import { FIXTURE_HOSTS, type TestContext } from '../test-app.ts';
import { fillPath } from '@csp/contracts';
import { authHeaders } from '../test-app.ts';

/** Inside: Biology (BIO 101, section 001, the instructor's). Outside: Law School (LAW 201). */
export type Side = 'inside' | 'outside';

/** One of each resource on each side, and the store's own records. */
export interface MatrixIds {
  divisionId: Record<Side, number>;
  termId: Record<Side, number>;
  departmentId: Record<Side, number>;
  departmentCode: Record<Side, string>;
  courseCode: Record<Side, string>;
  sectionId: Record<Side, number> & { untaught: number };
  professorId: Record<Side, number>;
  /** Section adoptions of a store title: on 001, on the law section, and on 002 only. */
  adoption: Record<Side, number> & { untaught: number };
  /** Course (auto) adoptions of a proposed title. */
  proposedAuto: Record<Side, number>;
  /** Section adoptions of a proposed title (to link to a catalog title). */
  proposedSection: Record<Side, number>;
  /** Alice (BIO 001, 002 and law) and a student enrolled in the law section only. */
  student: Record<Side, number>;
  studentIdNum: Record<Side, string>;
  openOrder: Record<Side, number>;
  heldOrder: Record<Side, number>;
  rental: Record<Side, number>;
  title: Record<Side, number>;
  allowance: Record<Side, number>;
  sourceId: number;
  uploadId: number;
  importId: number;
  externalProductId: number;
  proposedProductTypeId: number;
  labelToken: string;
  /** A role the permission writes hand out and take back (on the target account). */
  roleId: number;
  locationId: number;
}

export interface MatrixWorld {
  base: FundingOrderWorld;
  ids: MatrixIds;
  /** Signed-in callers of store A by name, and store B's caller holding every role there. */
  callers: Record<string, Caller & { userName: string }>;
  /** The account the permission writes act on (never a caller). */
  target: { id: number; userName: string };
  /** Gives the target the role again (store-wide, or on Biology), so a removal has one to take. */
  grantTargetRole: (scope: 'store' | 'biology') => Promise<void>;
}

/** The callers' roles: what the matrix expects of each is computed from these. */
export const CALLER_ROLES = {
  fullReporter: [{ role: 'FULL_REPORTER' }],
  permissionAdmin: [{ role: 'PERMISSION_ADMINISTRATOR' }],
  cmaMember: [{ role: 'CMA_MEMBER' }],
  cmaBiology: [{ role: 'CMA_MEMBER', scope: 'biology' }],
  noRole: [],
} as const satisfies Record<string, readonly { role: RoleName; scope?: 'biology' }[]>;

/**
 * The matrix's world, built once per engine on the funding-order world (order-world.ts: BIO 101
 * sections 001 (under way, the instructor's), 002 (upcoming), a Law School section, Alice's
 * orders in each status, rentals; funding helpers) with what the matrix adds: a student of the
 * law section only with orders, a rental and an allowance; adoptions on each side; a funding
 * source, an allowance file and a data import; a rental label; the callers.
 */
export async function matrixWorld(ctx: TestContext): Promise<MatrixWorld> {
  const base = await fundingOrderWorld(ctx);
  const { db } = ctx;
  const { catalog, accounts, locations } = ctx.fixture;
  const storeA = locations.a;
  const law = one(
    await db
      .select({
        departmentId: t.courses.departmentId,
        courseId: t.courses.id,
        termId: t.sections.termId,
      })
      .from(t.sections)
      .innerJoin(t.courses, eq(t.courses.id, t.sections.courseId))
      .where(eq(t.sections.id, base.sections.law)),
  );
  const lawProfessor = one(
    await db
      .insert(t.professors)
      .values({ locationId: storeA, firstName: 'Lex', lastName: 'Lawton' })
      .returning({ id: t.professors.id }),
  ).id;
  await db
    .insert(t.sectionProfessors)
    .values({ sectionId: base.sections.law, professorId: lawProfessor });

  const [type] = await db.select({ id: t.proposedProductTypes.id }).from(t.proposedProductTypes);
  const proposedProductTypeId = type?.id ?? 0;
  const proposed = async (description: string) =>
    one(
      await db
        .insert(t.proposedTitles)
        .values({ locationId: storeA, description, author: 'Matrix', proposedProductTypeId })
        .returning({ id: t.proposedTitles.id }),
    ).id;
  const adopt = async (
    courseId: number,
    sectionIds: number[],
    what: { titleId?: number; proposedTitleId?: number },
    auto = false,
  ) => {
    const id = one(
      await db
        .insert(t.adoptionMaterials)
        .values({
          locationId: storeA,
          courseId,
          titleId: what.titleId ?? null,
          proposedTitleId: what.proposedTitleId ?? null,
          adoptionType: auto ? 'AUTO_ADOPTION' : 'SECTION_ADOPTION',
          startDate: day(-20),
          required: true,
        })
        .returning({ id: t.adoptionMaterials.id }),
    ).id;
    for (const sectionId of sectionIds) {
      await db.insert(t.adoptionMaterialSections).values({ adoptionMaterialId: id, sectionId });
    }
    return id;
  };
  const title = async (ean13: string, description: string) =>
    one(
      await db
        .insert(t.titles)
        .values({ locationId: storeA, ean13, description, author: 'Matrix', listPriceCents: 1000 })
        .returning({ id: t.titles.id }),
    ).id;
  const bio = catalog.courseId;
  const adoption = {
    inside: await adopt(bio, [base.sections.s001], {
      titleId: await title('9780000000101', 'BIO Reader'),
    }),
    outside: await adopt(law.courseId, [base.sections.law], {
      titleId: await title('9780000000201', 'LAW Reader'),
    }),
    untaught: await adopt(bio, [base.sections.s002], {
      titleId: await title('9780000000102', 'BIO 002 Reader'),
    }),
  };
  const proposedAuto = {
    inside: await adopt(bio, [], { proposedTitleId: await proposed('BIO course pack') }, true),
    outside: await adopt(
      law.courseId,
      [],
      { proposedTitleId: await proposed('LAW course pack') },
      true,
    ),
  };
  const proposedSection = {
    inside: await adopt(bio, [base.sections.s001], {
      proposedTitleId: await proposed('BIO lab kit'),
    }),
    outside: await adopt(law.courseId, [base.sections.law], {
      proposedTitleId: await proposed('LAW kit'),
    }),
  };

  // The law section's student, with what Alice has: an open and a held order, a rental.
  const lawStudent = one(
    await db
      .insert(t.students)
      .values({
        locationId: storeA,
        studentIdNum: '555000001',
        firstName: 'Lara',
        lastName: 'Law',
        email: 'lara.law@example.edu',
      })
      .returning({ id: t.students.id }),
  ).id;
  await db
    .insert(t.enrollments)
    .values({ studentId: lawStudent, sectionId: base.sections.law, locationId: storeA });
  const lawItem = [{ title: 'law' as const, type: 'BUY_NEW' as const, section: base.sections.law }];
  const openOrder = {
    inside: base.orders.open,
    outside: await base.addOrder(lawStudent, 'OPEN', lawItem, { divisionId: base.divisions.law }),
  };
  const heldOrder = {
    inside: base.orders.held,
    outside: await base.addOrder(lawStudent, 'ON_HOLD', lawItem, {
      divisionId: base.divisions.law,
    }),
  };
  const rental = async (studentId: number, orderId: number, serial: string) =>
    one(
      await db
        .insert(t.rentals)
        .values({
          locationId: storeA,
          studentId,
          orderId,
          titleId: base.titles.law,
          serialItemRefNum: serial,
          serialItemLabel: serial,
          dueDate: day(60),
          state: 'OUTSTANDING',
        })
        .returning({ id: t.rentals.id }),
    ).id;
  const rentals = {
    inside: await rental(base.students.alice, base.orders.open, 'MTX-IN'),
    outside: await rental(lawStudent, openOrder.outside, 'MTX-OUT'),
  };
  const labelled = await rental(base.students.alice, base.orders.open, 'MTX-LABEL');

  const sourceId = await base.addSource({ name: 'Matrix Aid' });
  const allowance = {
    inside: await base.addAllowance(sourceId, base.students.alice, 5_000),
    outside: await base.addAllowance(sourceId, lawStudent, 5_000),
  };
  const uploadId = one(
    await db
      .insert(t.fundingUploads)
      .values({
        locationId: storeA,
        sourceId,
        fileName: 'matrix.csv',
        status: 'INVALID',
        createdBy: accounts.admin.id,
      })
      .returning({ id: t.fundingUploads.id }),
  ).id;
  const importId = one(
    await db
      .insert(t.dataImports)
      .values({
        locationId: storeA,
        formatId: 'students-enrollments',
        feeds: ['STUDENTS_ENROLLMENTS'],
        fileName: 'matrix.csv',
        fileType: 'csv',
        status: 'INVALID',
        createdBy: accounts.admin.id,
      })
      .returning({ id: t.dataImports.id }),
  ).id;
  const externalProductId = one(
    await db
      .insert(t.externalProducts)
      .values({ ean13: '9780000000309', description: 'Distributor Matrix Atlas' })
      .returning({ id: t.externalProducts.id }),
  ).id;

  // Callers: the fixture's, plus one account per demo role and one of store B with every role.
  const callers: MatrixWorld['callers'] = {};
  const add = async (key: string, userName: string, host: string = FIXTURE_HOSTS.a) => {
    callers[key] = { ...(await signIn(ctx, userName, host)), userName };
  };
  await add('storeAdmin', accounts.admin.userName);
  await add('submitterBiology', accounts.submitterDepartment.userName);
  await add('instructor', accounts.instructor.userName);
  for (const [key, grants] of Object.entries(CALLER_ROLES)) {
    const userName = `${key.toLowerCase()}@store-a.test`;
    await addAccount(
      db,
      storeA,
      userName,
      grants.map((g) => ({
        role: g.role,
        ...('scope' in g && { departmentId: catalog.departmentId }),
      })),
    );
    await add(key, userName);
  }
  await addAccount(db, locations.b, 'everything@store-b.test', [
    { role: 'CMA_MEMBER' },
    { role: 'FULL_REPORTER' },
    { role: 'PERMISSION_ADMINISTRATOR' },
  ]);
  await add('storeB', 'everything@store-b.test', FIXTURE_HOSTS.b);

  // Labels need the store's return address (their ship-to).
  await db.update(t.locations).set(STORE_A_RETURN).where(eq(t.locations.id, storeA));
  const admin = callers['storeAdmin']!;
  const printed = await ctx.app.inject({
    method: 'POST',
    url: fillPath(printRentalLabel.path, { userAccountId: admin.accountId }),
    headers: authHeaders(admin.host, admin.token),
    payload: { customerId: base.students.alice, transItemIdList: [labelled] },
  });
  if (printed.statusCode !== 200) throw new Error(`label: ${printed.statusCode} ${printed.body}`);
  const reportUrl = printed.json<{ reportUrl: string }[]>()[0]?.reportUrl ?? '';
  const labelToken = reportUrl.split('/').pop() ?? '';

  const target = await addAccount(db, storeA, 'matrix-target@store-a.test');
  const [role] = await db
    .select({ id: t.roles.id })
    .from(t.roles)
    .where(eq(t.roles.name, 'FULL_REPORTER'));
  const roleId = role?.id ?? 0;

  const studentIdNum = async (id: number) =>
    one(
      await db.select({ n: t.students.studentIdNum }).from(t.students).where(eq(t.students.id, id)),
    ).n;

  return {
    base,
    callers,
    target,
    grantTargetRole: async (scope) => {
      await db
        .insert(t.userRoles)
        .values({
          locationId: storeA,
          accountId: target.id,
          roleId,
          divisionId: scope === 'biology' ? catalog.divisionId : null,
          departmentId: scope === 'biology' ? catalog.departmentId : null,
        })
        .onConflictDoNothing();
    },
    ids: {
      divisionId: { inside: catalog.divisionId, outside: base.divisions.law },
      termId: { inside: catalog.termId, outside: law.termId },
      departmentId: { inside: catalog.departmentId, outside: law.departmentId },
      departmentCode: { inside: 'BIO', outside: 'LAW' },
      courseCode: { inside: '101', outside: '201' },
      sectionId: {
        inside: base.sections.s001,
        outside: base.sections.law,
        untaught: base.sections.s002,
      },
      professorId: { inside: catalog.professorId, outside: lawProfessor },
      adoption,
      proposedAuto,
      proposedSection,
      student: { inside: base.students.alice, outside: lawStudent },
      studentIdNum: {
        inside: await studentIdNum(base.students.alice),
        outside: await studentIdNum(lawStudent),
      },
      openOrder,
      heldOrder,
      rental: rentals,
      title: { inside: base.titles.biology, outside: base.titles.law },
      allowance,
      sourceId,
      uploadId,
      importId,
      externalProductId,
      proposedProductTypeId,
      labelToken,
      roleId,
      locationId: storeA,
    },
  };
}
