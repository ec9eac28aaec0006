import { eq } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import type { TestContext } from './test-app.ts';
import { addAccount, addCatalog, signIn, type Caller } from './permissions-test-support.ts';

/** The server's today in the My courses suites: Fall 2026 is under way, Spring 2026 has ended. */
export const MY_COURSES_NOW = new Date('2026-10-15T12:00:00Z');

export interface MyCoursesWorld {
  /** BIO 101's sections: Fall 001 (the fixture's, taught), 003 (taught), 002 (a colleague's). */
  fall: { s001: number; s002: number; s003: number };
  /** Spring 2026's section 001, with two adoptions: Cells (required), Genes (recommended). */
  spring: { termId: number; s001: number; adoptions: number[] };
  titles: { cells: number; genes: number };
  /** Store B's section whose professor record (wrongly) names the store A instructor. */
  storeBSection: number;
  who: Record<'instructor' | 'submitter' | 'admin' | 'cma', Caller>;
}

/**
 * The fixture's BIO 101 with an ended Spring 2026 that adopted two titles, Fall 2026 (deadline
 * 1 September) with the instructor teaching 001 and 003 and a colleague 002, and callers: the
 * instructor, the department's submitter, the administrator and a store-wide CMA member who
 * teaches nothing.
 */
export async function myCoursesWorld(ctx: TestContext): Promise<MyCoursesWorld> {
  const { db } = ctx;
  const { locations, catalog, accounts } = ctx.fixture;
  const loc = locations.a;
  const section = async (termId: number, code: string, start: string, end: string) => {
    const [row] = await db
      .insert(t.sections)
      .values({
        locationId: loc,
        courseId: catalog.courseId,
        termId,
        code,
        startDate: start,
        endDate: end,
      })
      .returning({ id: t.sections.id });
    return row!.id;
  };
  const teach = (sectionId: number, professorId = catalog.professorId) =>
    db.insert(t.sectionProfessors).values({ sectionId, professorId });
  const title = async (ean13: string, description: string) => {
    const [row] = await db
      .insert(t.titles)
      .values({ locationId: loc, ean13, description, author: 'Test Author', edition: '3' })
      .returning({ id: t.titles.id });
    return row!.id;
  };
  await db
    .update(t.terms)
    .set({ adoptionDeadline: '2026-09-01' })
    .where(eq(t.terms.id, catalog.termId));
  const [spring] = await db
    .insert(t.terms)
    .values({
      locationId: loc,
      divisionId: catalog.divisionId,
      name: 'Spring 2026 - Main',
      startDate: '2026-01-12',
      endDate: '2026-05-08',
    })
    .returning({ id: t.terms.id });
  const springId = spring!.id;
  const s001Spring = await section(springId, '001', '2026-01-12', '2026-05-08');
  await teach(s001Spring);
  const titles = {
    cells: await title('9780306406157', 'Cells and Their Parts'),
    genes: await title('9781861972712', 'Genes in Action'),
  };
  const adoptions: number[] = [];
  for (const [titleId, required] of [
    [titles.cells, true],
    [titles.genes, false],
  ] as const) {
    const [a] = await db
      .insert(t.adoptionMaterials)
      .values({
        locationId: loc,
        courseId: catalog.courseId,
        titleId,
        adoptionType: 'SECTION_ADOPTION',
        startDate: '2026-01-12',
        expirationDate: '2026-05-08',
        required,
        // The adopter chose the required title's digital edition (issue 31): "the same"
        // carries that choice.
        materialKind: required ? 'COMMERCIAL_DIGITAL' : null,
        estimatedSectionEnrollment: 30,
        createdAt: new Date('2025-12-01T10:00:00Z'),
      })
      .returning({ id: t.adoptionMaterials.id });
    await db
      .insert(t.adoptionMaterialSections)
      .values({ adoptionMaterialId: a!.id, sectionId: s001Spring });
    adoptions.push(a!.id);
  }
  const s002 = await section(catalog.termId, '002', '2026-08-24', '2026-12-18');
  const s003 = await section(catalog.termId, '003', '2026-08-24', '2026-12-18');
  await teach(s003);
  const [colleague] = await db
    .insert(t.professors)
    .values({ locationId: loc, firstName: 'Carl', lastName: 'Colleague' })
    .returning({ id: t.professors.id });
  await teach(s002, colleague!.id);
  const other = await addCatalog(db, locations.b, { departmentCode: 'BIO' });
  const [stray] = await db
    .insert(t.professors)
    .values({
      locationId: locations.b,
      firstName: 'Ida',
      lastName: 'Elsewhere',
      accountId: accounts.instructor.id,
    })
    .returning({ id: t.professors.id });
  await teach(other.sectionId, stray!.id);
  await addAccount(db, loc, 'cma-everywhere@store-a.test', [{ role: 'CMA_MEMBER' }]);
  return {
    fall: { s001: catalog.sectionId, s002, s003 },
    spring: { termId: springId, s001: s001Spring, adoptions },
    titles,
    storeBSection: other.sectionId,
    who: {
      instructor: await signIn(ctx, accounts.instructor.userName),
      submitter: await signIn(ctx, accounts.submitterDepartment.userName),
      admin: await signIn(ctx, accounts.admin.userName),
      cma: await signIn(ctx, 'cma-everywhere@store-a.test'),
    },
  };
}
