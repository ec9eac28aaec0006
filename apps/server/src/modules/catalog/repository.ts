import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  courses,
  departments,
  divisions,
  professors,
  sectionProfessors,
  sections,
  terms,
} from '../../db/schema/index.ts';

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

/** Departments of a division with a non-empty name (spec §5), by name. */
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

/** A role assignment's catalog scope as stored (all null = store-wide). */
export interface ScopeColumns {
  divisionId: number | null;
  departmentId: number | null;
  courseId: number | null;
  sectionId: number | null;
}

/** A catalog item with every level above it filled in. */
export interface CatalogAncestry {
  divisionId: number;
  departmentId: number | null;
  courseId: number | null;
  sectionId: number | null;
}

/**
 * Resolves the ancestry of the most specific id given (section, course, department, division)
 * in one query, every joined row within the store; null when it is not an item of the store.
 */
export async function resolveCatalogAncestry(
  db: Db,
  locationId: number,
  item: Partial<ScopeColumns>,
): Promise<CatalogAncestry | null> {
  const inStore = and(
    eq(divisions.locationId, locationId),
    eq(departments.locationId, locationId),
    eq(courses.locationId, locationId),
  );
  if (item.sectionId != null) {
    const [row] = await db
      .select({
        divisionId: divisions.id,
        departmentId: departments.id,
        courseId: courses.id,
        sectionId: sections.id,
      })
      .from(sections)
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .innerJoin(departments, eq(departments.id, courses.departmentId))
      .innerJoin(divisions, eq(divisions.id, departments.divisionId))
      .where(and(eq(sections.id, item.sectionId), eq(sections.locationId, locationId), inStore))
      .limit(1);
    return row ?? null;
  }
  if (item.courseId != null) {
    const [row] = await db
      .select({ divisionId: divisions.id, departmentId: departments.id, courseId: courses.id })
      .from(courses)
      .innerJoin(departments, eq(departments.id, courses.departmentId))
      .innerJoin(divisions, eq(divisions.id, departments.divisionId))
      .where(and(eq(courses.id, item.courseId), inStore))
      .limit(1);
    return row ? { ...row, sectionId: null } : null;
  }
  if (item.departmentId != null) {
    const [row] = await db
      .select({ divisionId: divisions.id, departmentId: departments.id })
      .from(departments)
      .innerJoin(divisions, eq(divisions.id, departments.divisionId))
      .where(
        and(
          eq(departments.id, item.departmentId),
          eq(departments.locationId, locationId),
          eq(divisions.locationId, locationId),
        ),
      )
      .limit(1);
    return row ? { ...row, courseId: null, sectionId: null } : null;
  }
  if (item.divisionId != null) {
    const [row] = await db
      .select({ divisionId: divisions.id })
      .from(divisions)
      .where(and(eq(divisions.id, item.divisionId), eq(divisions.locationId, locationId)))
      .limit(1);
    return row ? { ...row, departmentId: null, courseId: null, sectionId: null } : null;
  }
  return null;
}

export interface TermRow {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
}

/** Terms of a division, newest first. */
export async function listTerms(
  db: Db,
  locationId: number,
  divisionId: number,
): Promise<TermRow[]> {
  return db
    .select({ id: terms.id, name: terms.name, startDate: terms.startDate, endDate: terms.endDate })
    .from(terms)
    .where(and(eq(terms.locationId, locationId), eq(terms.divisionId, divisionId)))
    .orderBy(desc(terms.startDate), asc(terms.id));
}

/** Departments with at least one section in the term (named ones only, spec §5), by name. */
export async function listDepartmentsInTerm(
  db: Db,
  locationId: number,
  termId: number,
): Promise<CodedRow[]> {
  const inTerm = db
    .select({ id: sections.id })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(
      and(
        eq(sections.locationId, locationId),
        eq(sections.termId, termId),
        eq(courses.departmentId, departments.id),
      ),
    );
  return db
    .select({ id: departments.id, code: departments.code, name: departments.name })
    .from(departments)
    .where(
      and(
        eq(departments.locationId, locationId),
        ne(sql`trim(${departments.name})`, ''),
        sql`exists (${inTerm})`,
      ),
    )
    .orderBy(asc(departments.name), asc(departments.code));
}

export interface ProfessorRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
}

/** Professors of the store, or only those teaching a section of `courseId`, by name. */
export async function listProfessors(
  db: Db,
  locationId: number,
  filter: { courseId?: number } = {},
): Promise<ProfessorRow[]> {
  const columns = {
    id: professors.id,
    firstName: professors.firstName,
    lastName: professors.lastName,
    email: professors.email,
  };
  const order = [asc(professors.lastName), asc(professors.firstName), asc(professors.id)];
  if (filter.courseId === undefined) {
    return db
      .select(columns)
      .from(professors)
      .where(eq(professors.locationId, locationId))
      .orderBy(...order);
  }
  return db
    .selectDistinct(columns)
    .from(professors)
    .innerJoin(sectionProfessors, eq(sectionProfessors.professorId, professors.id))
    .innerJoin(sections, eq(sections.id, sectionProfessors.sectionId))
    .where(
      and(
        eq(professors.locationId, locationId),
        eq(sections.locationId, locationId),
        eq(sections.courseId, filter.courseId),
      ),
    )
    .orderBy(...order);
}
