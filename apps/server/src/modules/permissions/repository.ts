import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ScopeColumns } from '../catalog/index.ts';
import {
  actions,
  professors,
  roleActions,
  roles,
  sectionProfessors,
  sections,
  userRoles,
} from '../../db/schema/index.ts';

/** One action granted through one role assignment of an account, with its catalog scope. */
export interface Grant extends ScopeColumns {
  roleName: string;
  actionName: string;
}

/** A role assignment's catalog scope, as its user_roles row stores it. */
export const assignmentScopeColumns = {
  divisionId: userRoles.divisionId,
  departmentId: userRoles.departmentId,
  courseId: userRoles.courseId,
  sectionId: userRoles.sectionId,
} satisfies Record<keyof ScopeColumns, unknown>;

/**
 * Every (assignment, action) pair of an account's roles in one store, via role_actions: all a
 * request needs to answer "may they", in one query (user_roles_account_idx).
 */
export async function listGrants(db: Db, accountId: number, locationId: number): Promise<Grant[]> {
  return db
    .select({
      roleName: roles.name,
      actionName: actions.name,
      ...assignmentScopeColumns,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(roleActions, eq(roleActions.roleId, roles.id))
    .innerJoin(actions, eq(actions.id, roleActions.actionId))
    .where(and(eq(userRoles.accountId, accountId), eq(userRoles.locationId, locationId)));
}

/** The sections (and their courses) taught by the professor(s) linked to the account. */
export async function listTaughtSections(
  db: Db,
  accountId: number,
  locationId: number,
): Promise<{ sectionId: number; courseId: number }[]> {
  return db
    .select({ sectionId: sections.id, courseId: sections.courseId })
    .from(professors)
    .innerJoin(sectionProfessors, eq(sectionProfessors.professorId, professors.id))
    .innerJoin(sections, eq(sections.id, sectionProfessors.sectionId))
    .where(
      and(
        eq(professors.accountId, accountId),
        eq(professors.locationId, locationId),
        eq(sections.locationId, locationId),
      ),
    );
}
