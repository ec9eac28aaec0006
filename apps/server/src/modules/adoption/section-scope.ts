import { sql, type SQL } from 'drizzle-orm';
import type { Grants } from '../permissions/index.ts';

/**
 * The caller's VIEW_SECTION scope over a section `s` of a course `c`; `true` when they hold it
 * everywhere, so list queries keep one shape and their indexes. Cost gaps (this module) and
 * section research both filter by it; it lives here because research already depends on this
 * module, not the other way round.
 */
export async function sectionScope(grants: Grants): Promise<SQL> {
  if (grants.holdsEverywhere('VIEW_SECTION')) return sql`true`;
  return grants.scopePredicate('VIEW_SECTION', {
    divisionId: sql`c.division_id`,
    departmentId: sql`c.department_id`,
    courseId: sql`s.course_id`,
    sectionId: sql`s.id`,
  });
}
