import { eq } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import type { TestContext } from './test-app.ts';

export const PROFESSOR_EMAIL = 'ida.instructor@store-a.test';

/**
 * The future-adoptions suites' course: BIO 101's professor gets an address, and a spring
 * section of the course, taught by the same professor, gets a book adopted for it by the
 * department's submitter (the fixture's fall section 001 has started already). Answers the
 * adoption's id.
 */
export async function futureAdoptionsWorld(ctx: TestContext): Promise<number> {
  const { locations, catalog, accounts } = ctx.fixture;
  const db = ctx.db;
  await db
    .update(t.professors)
    .set({ email: PROFESSOR_EMAIL })
    .where(eq(t.professors.id, catalog.professorId));
  const [spring] = await db
    .insert(t.sections)
    .values({
      locationId: locations.a,
      courseId: catalog.courseId,
      termId: catalog.termId,
      code: '002',
      startDate: '2027-01-11',
      endDate: '2027-05-07',
    })
    .returning({ id: t.sections.id });
  await db
    .insert(t.sectionProfessors)
    .values({ sectionId: spring!.id, professorId: catalog.professorId });
  const [title] = await db
    .insert(t.titles)
    .values({
      locationId: locations.a,
      ean13: '9780306406157',
      description: 'Campbell Biology',
      author: 'Urry',
    })
    .returning({ id: t.titles.id });
  const [submitterRow] = await db
    .select({ id: t.userAccounts.id })
    .from(t.userAccounts)
    .where(eq(t.userAccounts.userName, accounts.submitterDepartment.userName));
  const [adoption] = await db
    .insert(t.adoptionMaterials)
    .values({
      locationId: locations.a,
      courseId: catalog.courseId,
      titleId: title!.id,
      adoptionType: 'SECTION_ADOPTION',
      startDate: '2026-11-01',
      createdBy: submitterRow!.id,
      messagingStatus: 'RESPONSE_REQUIRED',
    })
    .returning({ id: t.adoptionMaterials.id });
  await db
    .insert(t.adoptionMaterialSections)
    .values({ adoptionMaterialId: adoption!.id, sectionId: spring!.id });
  return adoption!.id;
}
