import { or, sql, type SQL } from 'drizzle-orm';
import { ADOPT_ACTIONS } from '@csp/contracts';
import type { CatalogColumns, Grants } from '../../permissions/index.ts';

/** A section `s` of a course `c`: the columns a scope is read over unless told otherwise. */
const SECTION_COLUMNS: CatalogColumns = {
  divisionId: sql`c.division_id`,
  departmentId: sql`c.department_id`,
  courseId: sql`s.course_id`,
  sectionId: sql`s.id`,
};

/**
 * The caller's adopt scope as SQL over a section `s` of a course `c` (or the given `columns`):
 * the row is one they may adopt on by any adopt action (agrees with mayAdoptOnEach row by row);
 * null when they may adopt everywhere in the store.
 */
export async function adoptScopeSql(
  grants: Grants,
  columns: CatalogColumns = SECTION_COLUMNS,
): Promise<SQL | null> {
  if (ADOPT_ACTIONS.some((action) => grants.holdsEverywhere(action))) return null;
  const parts = await Promise.all(
    ADOPT_ACTIONS.map((action) => grants.scopePredicate(action, columns)),
  );
  return sql`(${or(...parts) ?? sql`false`})`;
}

/** The adopt scope as a condition (true when the caller may adopt everywhere). */
export async function adoptScopeCondition(
  grants: Grants,
  columns: CatalogColumns = SECTION_COLUMNS,
): Promise<SQL> {
  return (await adoptScopeSql(grants, columns)) ?? sql`true`;
}
