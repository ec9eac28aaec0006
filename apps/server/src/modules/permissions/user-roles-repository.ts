import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userNameInStore } from '../../db/user-name-match.ts';
import {
  actions,
  auditLog,
  courses,
  departments,
  divisions,
  roleActions,
  roles,
  sections,
  terms,
  userAccounts,
  userRoles,
} from '../../db/schema/index.ts';
import type { ScopeColumns } from '../catalog/index.ts';
import { assignmentScopeColumns } from './repository.ts';

export interface RoleRow {
  id: number;
  name: string;
  friendly: string;
  description: string;
}

const roleColumns = {
  id: roles.id,
  name: roles.name,
  friendly: roles.friendly,
  description: roles.description,
};

export async function listRoles(db: Db): Promise<RoleRow[]> {
  return db.select(roleColumns).from(roles).orderBy(asc(roles.friendly));
}

export async function findRole(db: Db, roleId: number): Promise<RoleRow | null> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, roleId)).limit(1);
  return row ?? null;
}

/** The actions a role maps to (role_actions), by name. */
export async function listRoleActionNames(db: Db, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ name: actions.name })
    .from(roleActions)
    .innerJoin(actions, eq(actions.id, roleActions.actionId))
    .where(eq(roleActions.roleId, roleId))
    .orderBy(asc(actions.name));
  return rows.map((r) => r.name);
}

export interface StoreAccount {
  id: number;
  userName: string;
  name: string;
  email: string;
  active: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}

/** The account of a user name (case-insensitive) in one store, active or not. */
export async function findStoreAccount(
  db: Db,
  locationId: number,
  userName: string,
): Promise<StoreAccount | null> {
  const [row] = await db
    .select({
      id: userAccounts.id,
      userName: userAccounts.userName,
      name: userAccounts.name,
      email: userAccounts.email,
      active: userAccounts.active,
      createdAt: userAccounts.createdAt,
      lastLoginAt: userAccounts.lastLoginAt,
    })
    .from(userAccounts)
    .where(userNameInStore(locationId, userName))
    .limit(1);
  return row ?? null;
}

export async function insertAccount(
  db: Db,
  row: { locationId: number; userName: string; name: string; passwordHash: string },
): Promise<number> {
  const [inserted] = await db
    .insert(userAccounts)
    .values({ ...row, email: row.userName, active: true })
    .returning({ id: userAccounts.id });
  if (!inserted) throw new Error('account insert returned no row');
  return inserted.id;
}

/**
 * One role assignment with its scope as stored and the catalog it resolves to. Rows may store
 * only their most specific id, so each level is found through the one below it.
 */
export interface UserRoleRow extends ScopeColumns {
  assignmentId: number;
  role: RoleRow;
  resolvedDivisionId: number | null;
  divisionName: string | null;
  universityName: string | null;
  departmentCode: string | null;
  courseCode: string | null;
  sectionCode: string | null;
  termName: string | null;
}

export async function listUserRoleRows(
  db: Db,
  accountId: number,
  locationId: number,
): Promise<UserRoleRow[]> {
  return db
    .select({
      assignmentId: userRoles.id,
      role: roleColumns,
      ...assignmentScopeColumns,
      resolvedDivisionId: divisions.id,
      divisionName: divisions.name,
      universityName: divisions.universityName,
      departmentCode: departments.code,
      courseCode: courses.code,
      sectionCode: sections.code,
      termName: terms.name,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(sections, eq(sections.id, userRoles.sectionId))
    .leftJoin(terms, eq(terms.id, sections.termId))
    .leftJoin(courses, sql`${courses.id} = coalesce(${userRoles.courseId}, ${sections.courseId})`)
    .leftJoin(
      departments,
      sql`${departments.id} = coalesce(${userRoles.departmentId}, ${courses.departmentId})`,
    )
    .leftJoin(
      divisions,
      sql`${divisions.id} = coalesce(${userRoles.divisionId}, ${departments.divisionId})`,
    )
    .where(and(eq(userRoles.accountId, accountId), eq(userRoles.locationId, locationId)))
    .orderBy(
      asc(roles.friendly),
      asc(divisions.name),
      asc(departments.code),
      asc(courses.code),
      asc(terms.startDate),
      asc(sections.code),
      asc(userRoles.id),
    );
}

export async function insertUserRoles(
  db: Db,
  rows: (ScopeColumns & {
    locationId: number;
    accountId: number;
    roleId: number;
    /** Null: no signed-in user gave it (a launch from a learning platform, issue 33). */
    createdBy: number | null;
  })[],
): Promise<void> {
  if (rows.length > 0) await db.insert(userRoles).values(rows);
}

export async function deleteUserRoles(db: Db, assignmentIds: number[]): Promise<void> {
  if (assignmentIds.length > 0) {
    await db.delete(userRoles).where(inArray(userRoles.id, assignmentIds));
  }
}

export async function insertAudit(
  db: Db,
  row: {
    locationId: number;
    /** Null: no signed-in user did it (a launch from a learning platform, issue 33). */
    actorAccountId: number | null;
    subjectAccountId: number;
    event: string;
    before: unknown;
    after: unknown;
    at: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditRow {
  id: number;
  event: string;
  at: Date;
  before: unknown;
  after: unknown;
  actorUserName: string | null;
  actorName: string | null;
}

/** The newest audit entries about one account in one store. */
export async function listAuditOfSubject(
  db: Db,
  locationId: number,
  subjectAccountId: number,
  limit: number,
): Promise<AuditRow[]> {
  return db
    .select({
      id: auditLog.id,
      event: auditLog.event,
      at: auditLog.at,
      before: auditLog.before,
      after: auditLog.after,
      actorUserName: userAccounts.userName,
      actorName: userAccounts.name,
    })
    .from(auditLog)
    .leftJoin(userAccounts, eq(userAccounts.id, auditLog.actorAccountId))
    .where(
      and(eq(auditLog.locationId, locationId), eq(auditLog.subjectAccountId, subjectAccountId)),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
