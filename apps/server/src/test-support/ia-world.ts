import { and, eq } from 'drizzle-orm';
import type { IaModel } from '@csp/contracts';
import * as t from '../db/schema/index.ts';
import type { TestContext } from './test-app.ts';

/**
 * Inclusive access (issue 32) in store A of the test fixture: sections of the fixture's course
 * and term with an inclusive-access adoption, programs with prices, students enrolled. Each
 * call adds rows of its own, so the tests of one file do not see each other's.
 */
export function iaWorld(ctx: TestContext) {
  const { catalog, locations } = ctx.fixture;
  const locationId = locations.a;
  let serial = 0;
  const next = () => ++serial + Math.floor(Math.random() * 1e6) * 100;

  return {
    locationId,
    termId: catalog.termId,
    divisionId: catalog.divisionId,

    /** A section of the fixture's course in the fixture's term (Fall 2026). */
    async section(code = `IA${next()}`): Promise<number> {
      const [row] = await ctx.db
        .insert(t.sections)
        .values({
          locationId,
          courseId: catalog.courseId,
          termId: catalog.termId,
          code,
          startDate: '2026-08-24',
          endDate: '2026-12-18',
        })
        .returning({ id: t.sections.id });
      if (!row) throw new Error('section not created');
      return row.id;
    },

    /** A title of the kind Inclusive access adopted for the sections: the adoption's id. */
    async iaAdoption(
      sectionIds: number[],
      titleName = 'Campbell Biology (digital)',
    ): Promise<number> {
      const [title] = await ctx.db
        .insert(t.titles)
        .values({
          locationId,
          ean13: `979${String(next()).padStart(10, '0')}`.slice(0, 13),
          description: titleName,
          author: 'Urry',
          materialKind: 'INCLUSIVE_ACCESS',
          listPriceCents: 5_999,
        })
        .returning({ id: t.titles.id });
      const [adoption] = await ctx.db
        .insert(t.adoptionMaterials)
        .values({
          locationId,
          courseId: catalog.courseId,
          titleId: title!.id,
          adoptionType: 'SECTION_ADOPTION',
          startDate: '2026-08-24',
          ia: true,
        })
        .returning({ id: t.adoptionMaterials.id });
      await ctx.db
        .insert(t.adoptionMaterialSections)
        .values(sectionIds.map((sectionId) => ({ adoptionMaterialId: adoption!.id, sectionId })));
      return adoption!.id;
    },

    /** Puts the section in the program with its materials' prices: the program's id. */
    async program(
      sectionId: number,
      materials: { adoptionMaterialId: number; priceCents: number }[],
      model: IaModel = 'OPT_OUT',
    ): Promise<number> {
      const [program] = await ctx.db
        .insert(t.iaPrograms)
        .values({ locationId, sectionId, termId: catalog.termId, model })
        .returning({ id: t.iaPrograms.id });
      if (materials.length > 0) {
        await ctx.db
          .insert(t.iaProgramMaterials)
          .values(materials.map((m) => ({ ...m, locationId, programId: program!.id })));
      }
      return program!.id;
    },

    /** A student of store A (its e-mail at store-a.test unless given): the student's id. */
    async student(first = 'Stu', last = `Dent${next()}`, email?: string): Promise<number> {
      const idNum = String(next()).padStart(9, '0');
      const [row] = await ctx.db
        .insert(t.students)
        .values({
          locationId,
          studentIdNum: idNum,
          firstName: first,
          lastName: last,
          email: email ?? `${first}.${last}.${idNum}@store-a.test`.toLowerCase(),
        })
        .returning({ id: t.students.id });
      return row!.id;
    },

    async enrol(studentId: number, sectionId: number): Promise<void> {
      await ctx.db.insert(t.enrollments).values({ studentId, sectionId, locationId });
    },

    async drop(studentId: number, sectionId: number): Promise<void> {
      await ctx.db
        .delete(t.enrollments)
        .where(and(eq(t.enrollments.studentId, studentId), eq(t.enrollments.sectionId, sectionId)));
    },

    /** Sets the term's opt-out deadline and refund window (YYYY-MM-DD, or null). */
    async termDates(iaOptOutDeadline: string | null, iaRefundUntil: string | null = null) {
      await ctx.db
        .update(t.terms)
        .set({ iaOptOutDeadline, iaRefundUntil })
        .where(eq(t.terms.id, catalog.termId));
    },

    /** The program's participants as the database keeps them, by student id. */
    async participants(programId: number) {
      return ctx.db
        .select()
        .from(t.iaParticipants)
        .where(eq(t.iaParticipants.programId, programId))
        .orderBy(t.iaParticipants.studentId);
    },
  };
}
export type IaWorld = ReturnType<typeof iaWorld>;
