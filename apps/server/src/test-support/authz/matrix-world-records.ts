import { eq } from 'drizzle-orm';
import * as t from '../../db/schema/index.ts';
import { day, type FundingOrderWorld } from '../funding-order-world.ts';
import { one } from '../one-row.ts';
import type { TestContext } from '../test-app.ts';

/**
 * The records the matrix world adds to the funding-order world, one builder per kind, each
 * answering the ids on both sides (Biology inside, Law School outside).
 */

/** The law section's catalog ids and a professor who teaches it. */
export async function lawCatalog(ctx: TestContext, base: FundingOrderWorld) {
  const { db } = ctx;
  const storeA = base.storeA;
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

  return { ...law, professorId: lawProfessor };
}

/**
 * Adoptions on each side: of a store title on a section (and one on BIO 101's section 002
 * only, which the instructor does not teach), course adoptions of a proposed title, and section
 * adoptions of a proposed title (to link to a catalog title).
 */
export async function adoptionsOnEachSide(
  ctx: TestContext,
  base: FundingOrderWorld,
  lawCourseId: number,
) {
  const { db } = ctx;
  const storeA = base.storeA;
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
  const bio = ctx.fixture.catalog.courseId;
  const adoption = {
    inside: await adopt(bio, [base.sections.s001], {
      titleId: await title('9780000000101', 'BIO Reader'),
    }),
    outside: await adopt(lawCourseId, [base.sections.law], {
      titleId: await title('9780000000201', 'LAW Reader'),
    }),
    untaught: await adopt(bio, [base.sections.s002], {
      titleId: await title('9780000000102', 'BIO 002 Reader'),
    }),
  };
  const proposedAuto = {
    inside: await adopt(bio, [], { proposedTitleId: await proposed('BIO course pack') }, true),
    outside: await adopt(
      lawCourseId,
      [],
      { proposedTitleId: await proposed('LAW course pack') },
      true,
    ),
  };
  const proposedSection = {
    inside: await adopt(bio, [base.sections.s001], {
      proposedTitleId: await proposed('BIO lab kit'),
    }),
    outside: await adopt(lawCourseId, [base.sections.law], {
      proposedTitleId: await proposed('LAW kit'),
    }),
  };

  return { adoption, proposedAuto, proposedSection, proposedProductTypeId };
}

/** A student of the law section only, with what Alice has: an open and a held order, a rental. */
export async function lawStudentRecords(ctx: TestContext, base: FundingOrderWorld) {
  const { db } = ctx;
  const storeA = base.storeA;
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

  return { lawStudent, openOrder, heldOrder, rentals, labelled };
}

/** A funding source with an allowance on each side, an allowance file, an import, a product. */
export async function storeRecords(ctx: TestContext, base: FundingOrderWorld, lawStudent: number) {
  const { db } = ctx;
  const storeA = base.storeA;
  const { accounts } = ctx.fixture;
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

  return { sourceId, allowance, uploadId, importId, externalProductId };
}
