import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idInStore } from '../../db/store-row.ts';
import { courses, departments, divisions, sections } from '../../db/schema/index.ts';

/** A catalog item's ancestry (divisions, departments, courses, sections of one store). */

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

/** The ancestry columns of each level: its parent's, and its own id. */
const divisionAncestry = { divisionId: divisions.id };
const departmentAncestry = { ...divisionAncestry, departmentId: departments.id };
const courseAncestry = { ...departmentAncestry, courseId: courses.id };
const sectionAncestry = { ...courseAncestry, sectionId: sections.id };

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
      .select(sectionAncestry)
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
      .select(courseAncestry)
      .from(courses)
      .innerJoin(departments, eq(departments.id, courses.departmentId))
      .innerJoin(divisions, eq(divisions.id, departments.divisionId))
      .where(and(eq(courses.id, item.courseId), inStore))
      .limit(1);
    return row ? { ...row, sectionId: null } : null;
  }
  if (item.departmentId != null) {
    const [row] = await db
      .select(departmentAncestry)
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
      .select(divisionAncestry)
      .from(divisions)
      .where(idInStore(divisions, locationId, item.divisionId))
      .limit(1);
    return row ? { ...row, departmentId: null, courseId: null, sectionId: null } : null;
  }
  return null;
}
