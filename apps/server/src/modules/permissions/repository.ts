import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  actions,
  professors,
  roleActions,
  roles,
  sectionProfessors,
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
