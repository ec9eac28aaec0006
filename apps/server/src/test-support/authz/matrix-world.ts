import { eq } from 'drizzle-orm';
import * as t from '../../db/schema/index.ts';
import { addAccount } from '../permissions-test-support.ts';
import { fundingOrderWorld, type FundingOrderWorld } from '../funding-order-world.ts';
import { one } from '../one-row.ts';
import type { TestContext } from '../test-app.ts';
import { insertLtiRegistrations } from '../lti-registration-rows.ts';
import { iaStudentRecords } from './matrix-world-ia.ts';
import { storeTokenRecords } from './matrix-store-token-calls.ts';
import { printedLabelToken, signInCallers, type MatrixCaller } from './matrix-callers.ts';
import {
  adoptionsOnEachSide,
  lawCatalog,
  lawStudentRecords,
  storeRecords,
} from './matrix-world-records.ts';

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
  /** Inclusive access: Alice's participation in 001, the law student's in the law section. */
  iaParticipant: Record<Side, number>;
  /** Learning platform registrations of store A (the store's, no catalog side): two. */
  ltiRegistrations: number[];
}

export interface MatrixWorld {
  base: FundingOrderWorld;
  ids: MatrixIds;
  /** Signed-in callers of store A by name, and store B's caller holding every role there. */
  callers: Record<string, MatrixCaller>;
  /** The account the permission writes act on (never a caller). */
  target: { id: number; userName: string };
  /** Gives the target the role again (store-wide, or on Biology), so a removal has one to take. */
  grantTargetRole: (scope: 'store' | 'biology') => Promise<void>;
  /** Student sessions (the inclusive-access student page) by student: Alice's on store A. */
  studentSessions: { alice: string };
}

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
  const { catalog, locations } = ctx.fixture;
  const storeA = locations.a;
  const law = await lawCatalog(ctx, base);
  const { adoption, proposedAuto, proposedSection, proposedProductTypeId } =
    await adoptionsOnEachSide(ctx, base, law.courseId);
  const { lawStudent, openOrder, heldOrder, rentals, labelled } = await lawStudentRecords(
    ctx,
    base,
  );
  const { sourceId, allowance, uploadId, importId, externalProductId } = await storeRecords(
    ctx,
    base,
    lawStudent,
  );

  const ia = await iaStudentRecords(
    ctx,
    { inside: base.sections.s001, outside: base.sections.law },
    { inside: base.students.alice, outside: lawStudent },
  );

  await storeTokenRecords(ctx, base.sections.s002);
  const callers = await signInCallers(ctx);
  const labelToken = await printedLabelToken(
    ctx,
    callers['storeAdmin']!,
    base.students.alice,
    labelled,
  );

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
    studentSessions: ia.studentSessions,
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
      professorId: { inside: catalog.professorId, outside: law.professorId },
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
      iaParticipant: ia.iaParticipant,
      ltiRegistrations: await insertLtiRegistrations(db, storeA, 2),
    },
  };
}
