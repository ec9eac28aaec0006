import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listNamedDepartments, type CodedRow } from './repository.ts';
import {
  courses,
  departments,
  professors,
  sectionProfessors,
  sections,
  terms,
} from '../../db/schema/index.ts';

/** Catalog reads by term: terms, the departments of a term, professors (store-scoped). */

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

/** Departments with at least one section in the term (named ones only), by name. */
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
  return listNamedDepartments(db, locationId, sql`exists (${inTerm})`);
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
