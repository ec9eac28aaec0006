import { and, asc, desc, eq, getTableName, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Db } from '../../db/client.ts';
import { idInStore } from '../../db/store-row.ts';
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
    .where(idInStore(divisions, locationId, divisionId))
    .limit(1);
  return row ?? null;
}

export interface CodedRow {
  id: number;
  code: string;
  name: string;
}

/**
 * The store's departments matching `where` that have a non-empty name (only those are listed,
 * docs/behaviour/validation.md), by name.
 */
export async function listNamedDepartments(
  db: Db,
  locationId: number,
  where: SQL,
): Promise<CodedRow[]> {
  return db
    .select({ id: departments.id, code: departments.code, name: departments.name })
    .from(departments)
    .where(
      and(eq(departments.locationId, locationId), where, ne(sql`trim(${departments.name})`, '')),
    )
    .orderBy(asc(departments.name), asc(departments.code));
}

/** Departments of a division with a non-empty name, by name. */
export function listDepartments(
  db: Db,
  locationId: number,
  divisionId: number,
): Promise<CodedRow[]> {
  return listNamedDepartments(db, locationId, eq(departments.divisionId, divisionId));
}

/** The department of a division with this code. */
export function findDepartment(
  db: Db,
  locationId: number,
  divisionId: number,
  code: string,
): Promise<CodedRow | null> {
  return findCoded(db, 'department', divisionId, locationId, code);
}

/**
 * The row of a coded table (departments, courses) of the store under its parent (a division, a
 * department) with this code: codes are unique under their parent. Built once per handle
 * (db/prepared-query.ts).
 */
const codedQuery = (table: typeof departments | typeof courses, parent: PgColumn) =>
  preparedQuery(`csp_coded_${getTableName(table)}`, (db) =>
    db
      .select({ id: table.id, code: table.code, name: table.name })
      .from(table)
      .where(
        and(
          eq(table.locationId, sql.placeholder('locationId')),
          eq(parent, sql.placeholder('parentId')),
          eq(table.code, sql.placeholder('code')),
        ),
      )
      .limit(1),
  );
const CODED = {
  department: codedQuery(departments, departments.divisionId),
  course: codedQuery(courses, courses.departmentId),
};

async function findCoded(
  db: Db,
  kind: keyof typeof CODED,
  parentId: number,
  locationId: number,
  code: string,
): Promise<CodedRow | null> {
  const [row] = await CODED[kind](db).execute({ locationId, parentId, code });
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

/** The course of a department with this code. */
export function findCourse(
  db: Db,
  locationId: number,
  departmentId: number,
  code: string,
): Promise<CodedRow | null> {
  return findCoded(db, 'course', departmentId, locationId, code);
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
