import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  actions,
  courses,
  departments,
  divisions,
  professors,
  roleActions,
  roles,
  sectionProfessors,
  sections,
  userRoles,
} from '../../db/schema/index.ts';

/** One action granted through one role assignment of an account. */
export interface RoleGrant {
  roleName: string;
  /** True when the assignment has no catalog scope (every scope column is null). */
  storeWide: boolean;
  actionName: string;
}

/** Every (assignment, action) pair of an account's roles in one store, via role_actions. */
export async function listRoleGrants(
  db: Db,
  accountId: number,
  locationId: number,
): Promise<RoleGrant[]> {
  return db
    .select({
      roleName: roles.name,
      storeWide: sql<boolean>`(${userRoles.divisionId} is null and ${userRoles.departmentId} is null
        and ${userRoles.courseId} is null and ${userRoles.sectionId} is null)`.mapWith(
        (v: unknown) => v === true || v === 't',
      ),
      actionName: actions.name,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(roleActions, eq(roleActions.roleId, roles.id))
    .innerJoin(actions, eq(actions.id, roleActions.actionId))
    .where(and(eq(userRoles.accountId, accountId), eq(userRoles.locationId, locationId)));
}

/** Whether the account is the portal account of a professor who teaches at least one section. */
export async function teachesAnySection(
  db: Db,
  accountId: number,
  locationId: number,
): Promise<boolean> {
  const rows = await db
    .select({ professorId: professors.id })
    .from(professors)
    .innerJoin(sectionProfessors, eq(sectionProfessors.professorId, professors.id))
    .where(and(eq(professors.accountId, accountId), eq(professors.locationId, locationId)))
    .limit(1);
  return rows.length > 0;
}

/** A role assignment's catalog scope as stored (all null = store-wide). */
export interface ScopeColumns {
  divisionId: number | null;
  departmentId: number | null;
  courseId: number | null;
  sectionId: number | null;
}

/** One assignment of an account that carries a given action, with its scope. */
export interface ScopedGrant extends ScopeColumns {
  roleName: string;
}

/** The assignments of an account in one store whose role maps to `action` (role_actions). */
export async function listGrantsOfAction(
  db: Db,
  accountId: number,
  locationId: number,
  action: string,
): Promise<ScopedGrant[]> {
  return db
    .select({
      roleName: roles.name,
      divisionId: userRoles.divisionId,
      departmentId: userRoles.departmentId,
      courseId: userRoles.courseId,
      sectionId: userRoles.sectionId,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(roleActions, eq(roleActions.roleId, roles.id))
    .innerJoin(actions, eq(actions.id, roleActions.actionId))
    .where(
      and(
        eq(userRoles.accountId, accountId),
        eq(userRoles.locationId, locationId),
        eq(actions.name, action),
      ),
    );
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

/**
 * Whether the account's professor teaches the section, or (given a course only) any section of
 * the course, in the store.
 */
export async function teachesWithin(
  db: Db,
  accountId: number,
  locationId: number,
  target: { sectionId: number } | { courseId: number },
): Promise<boolean> {
  const where =
    'sectionId' in target
      ? eq(sections.id, target.sectionId)
      : eq(sections.courseId, target.courseId);
  const rows = await db
    .select({ sectionId: sections.id })
    .from(professors)
    .innerJoin(sectionProfessors, eq(sectionProfessors.professorId, professors.id))
    .innerJoin(sections, eq(sections.id, sectionProfessors.sectionId))
    .where(
      and(
        eq(professors.accountId, accountId),
        eq(professors.locationId, locationId),
        eq(sections.locationId, locationId),
        where,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
