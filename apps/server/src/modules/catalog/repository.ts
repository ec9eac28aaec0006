import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, departments, divisions, sections, terms } from '../../db/schema/index.ts';

/**
 * Catalog reads: divisions, terms, departments, courses, sections and professors of one store.
 * Every query is store-scoped. The only SQL over the catalog tables outside the seed.
 */

export interface DivisionRow {
  id: number;
  name: string;
  universityName: string;
}

export async function listDivisions(db: Db, locationId: number): Promise<DivisionRow[]> {
  return db
    .select({ id: divisions.id, name: divisions.name, universityName: divisions.universityName })
    .from(divisions)
    .where(eq(divisions.locationId, locationId))
    .orderBy(asc(divisions.name), asc(divisions.id));
}

export async function findDivision(
  db: Db,
  locationId: number,
  divisionId: number,
): Promise<DivisionRow | null> {
  const [row] = await db
    .select({ id: divisions.id, name: divisions.name, universityName: divisions.universityName })
    .from(divisions)
    .where(and(eq(divisions.id, divisionId), eq(divisions.locationId, locationId)))
    .limit(1);
  return row ?? null;
}

export interface CodedRow {
  id: number;
  code: string;
  name: string;
}

/** Departments of a division with a non-empty name (docs/behaviour/validation.md), by name. */
export async function listDepartments(
  db: Db,
  locationId: number,
  divisionId: number,
): Promise<CodedRow[]> {
  return db
    .select({ id: departments.id, code: departments.code, name: departments.name })
    .from(departments)
    .where(
      and(
        eq(departments.locationId, locationId),
        eq(departments.divisionId, divisionId),
        ne(sql`trim(${departments.name})`, ''),
      ),
    )
    .orderBy(asc(departments.name), asc(departments.code));
}

export async function findDepartment(
  db: Db,
  locationId: number,
  divisionId: number,
  code: string,
): Promise<CodedRow | null> {
  const [row] = await db
    .select({ id: departments.id, code: departments.code, name: departments.name })
    .from(departments)
    .where(
      and(
        eq(departments.locationId, locationId),
        eq(departments.divisionId, divisionId),
        eq(departments.code, code),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function listCourses(
  db: Db,
  locationId: number,
  departmentId: number,
): Promise<CodedRow[]> {
  return db
    .select({ id: courses.id, code: courses.code, name: courses.name })
    .from(courses)
    .where(and(eq(courses.locationId, locationId), eq(courses.departmentId, departmentId)))
    .orderBy(asc(courses.code));
}

export async function findCourse(
  db: Db,
  locationId: number,
  departmentId: number,
  code: string,
): Promise<CodedRow | null> {
  const [row] = await db
    .select({ id: courses.id, code: courses.code, name: courses.name })
    .from(courses)
    .where(
      and(
        eq(courses.locationId, locationId),
        eq(courses.departmentId, departmentId),
        eq(courses.code, code),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface SectionRow {
  id: number;
  code: string;
  termName: string;
  startDate: string;
  endDate: string;
}

const sectionColumns = {
  id: sections.id,
  code: sections.code,
  termName: terms.name,
  startDate: sections.startDate,
  endDate: sections.endDate,
};

/** Sections of a course, newest first; or only those matching an id or a code. */
export async function listSections(
  db: Db,
  locationId: number,
  courseId: number,
  match: { sectionId?: number | null; code?: string | null } = {},
): Promise<SectionRow[]> {
  return db
    .select(sectionColumns)
    .from(sections)
    .innerJoin(terms, eq(terms.id, sections.termId))
    .where(
      and(
        eq(sections.locationId, locationId),
        eq(sections.courseId, courseId),
        match.sectionId != null ? eq(sections.id, match.sectionId) : undefined,
        match.code != null ? eq(sections.code, match.code) : undefined,
      ),
    )
    .orderBy(desc(sections.startDate), asc(sections.code), asc(sections.id));
}
