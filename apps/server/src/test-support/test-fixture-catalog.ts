import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

export interface FixtureCatalog {
  divisionId: number;
  termId: number;
  departmentId: number;
  courseId: number;
  sectionId: number;
  professorId: number;
}

function first<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`fixture ${what} not created`);
  return row;
}

/** One division, term, department, course and section, taught by the instructor's professor. */
export async function insertCatalog(
  db: Db,
  locationId: number,
  instructorAccountId: number,
): Promise<FixtureCatalog> {
  const division = first(
    await db
      .insert(t.divisions)
      .values({ locationId, name: 'Main Campus', universityName: 'Test U' })
      .returning(),
    'division',
  );
  const term = first(
    await db
      .insert(t.terms)
      .values({
        locationId,
        divisionId: division.id,
        name: 'Fall 2026 - Main',
        startDate: '2026-08-24',
        endDate: '2026-12-18',
      })
      .returning(),
    'term',
  );
  const department = first(
    await db
      .insert(t.departments)
      .values({ locationId, divisionId: division.id, code: 'BIO', name: 'Biology' })
      .returning(),
    'department',
  );
  const course = first(
    await db
      .insert(t.courses)
      .values({
        locationId,
        divisionId: division.id,
        departmentId: department.id,
        code: '101',
        name: 'Intro Biology',
      })
      .returning(),
    'course',
  );
  const section = first(
    await db
      .insert(t.sections)
      .values({
        locationId,
        courseId: course.id,
        termId: term.id,
        code: '001',
        startDate: '2026-08-24',
        endDate: '2026-12-18',
      })
      .returning(),
    'section',
  );
  const professor = first(
    await db
      .insert(t.professors)
      .values({
        locationId,
        firstName: 'Ida',
        lastName: 'Instructor',
        accountId: instructorAccountId,
      })
      .returning(),
    'professor',
  );
  await db.insert(t.sectionProfessors).values({ sectionId: section.id, professorId: professor.id });
  return {
    divisionId: division.id,
    termId: term.id,
    departmentId: department.id,
    courseId: course.id,
    sectionId: section.id,
    professorId: professor.id,
  };
}
