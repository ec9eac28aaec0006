import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/** A caller's grants and taught sections as JSON text columns, for the auth hook's one statement. */
export interface GrantColumns {
  grants: SQL<string>;
  taught: SQL<string>;
}

/**
 * The reads of {@link listGrants} and {@link listTaughtSections} as scalar subqueries (JSON
 * arrays of arrays, as text so both engines hand back the same thing), so the session check can
 * carry them: the grants come with the session in one round trip. Each is an index lookup by
 * account (user_roles_account_idx, professors_account_idx).
 */
export function grantColumns(accountId: SQLWrapper, locationId: SQLWrapper): GrantColumns {
  return {
    grants: sql<string>`(select coalesce(json_agg(json_build_array(
        ${roles.name}, ${actions.name}, ${userRoles.divisionId}, ${userRoles.departmentId},
        ${userRoles.courseId}, ${userRoles.sectionId})), '[]')::text
      from ${userRoles}
      join ${roles} on ${roles.id} = ${userRoles.roleId}
      join ${roleActions} on ${roleActions.roleId} = ${roles.id}
      join ${actions} on ${actions.id} = ${roleActions.actionId}
      where ${userRoles.accountId} = ${accountId} and ${userRoles.locationId} = ${locationId})`,
    taught: sql<string>`(select coalesce(json_agg(json_build_array(
        ${sections.id}, ${sections.courseId})), '[]')::text
      from ${professors}
      join ${sectionProfessors} on ${sectionProfessors.professorId} = ${professors.id}
      join ${sections} on ${sections.id} = ${sectionProfessors.sectionId}
      where ${professors.accountId} = ${accountId} and ${professors.locationId} = ${locationId}
        and ${sections.locationId} = ${locationId})`,
  };
}

type GrantTuple = [string, string, number | null, number | null, number | null, number | null];

/** The grants column of {@link grantColumns} read back. */
export function grantsFromColumn(text: string): Grant[] {
  return (JSON.parse(text) as GrantTuple[]).map(
    ([roleName, actionName, divisionId, departmentId, courseId, sectionId]) => ({
      roleName,
      actionName,
      divisionId,
      departmentId,
      courseId,
      sectionId,
    }),
  );
}

/** The taught column of {@link grantColumns} read back. */
export function taughtFromColumn(text: string): { sectionId: number; courseId: number }[] {
  return (JSON.parse(text) as [number, number][]).map(([sectionId, courseId]) => ({
    sectionId,
    courseId,
  }));
}
