import {
  auditRoleSnapshot,
  type AuditEntry,
  type AuditRoleSnapshot,
  type AuthCatalog,
  type PermissionUser,
  type RoleCatalogs,
} from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../lib/session.ts';
import { scopeLabel, shortTermName } from '@csp/contracts';
import { scopeKey } from '../catalog/index.ts';
import { PERMISSION_MESSAGES as M } from './messages.ts';
import type { Grants } from './policy.ts';
import {
  findStoreAccount,
  listAuditOfSubject,
  listUserRoleRows,
  type StoreAccount,
  type UserRoleRow,
} from './user-roles-repository.ts';

const AUDIT_LIMIT = 200;

/** A user of the caller's store, or 404 with the spec's wording. */
export async function requireStoreUser(
  db: Db,
  session: Session,
  userName: string,
): Promise<StoreAccount> {
  const account = await findStoreAccount(db, session.locationId, userName);
  if (!account) throw AppError.notFound(M.userNotFound, 'username');
  return account;
}

/**
 * Read rule: anyone may read their own roles ('My Permissions'); another user's need
 * ASSIGN_PERMISSIONS or CREATE_USER. Checked before the lookup, so the answer does not reveal
 * which e-mail addresses have accounts.
 */
export async function requireReadableUser(
  db: Db,
  session: Session,
  grants: Grants,
  userName: string,
): Promise<StoreAccount> {
  const own = userName.trim().toLowerCase() === session.userName.toLowerCase();
  if (!own) await grants.requireAny(['ASSIGN_PERMISSIONS', 'CREATE_USER'], M.mayNotRead);
  return requireStoreUser(db, session, userName);
}

export function presentAccount(account: StoreAccount): PermissionUser {
  return {
    userName: account.userName,
    name: account.name,
    email: account.email,
    active: account.active,
    createdAt: account.createdAt.toISOString(),
    lastLoginAt: account.lastLoginAt?.toISOString() ?? null,
  };
}

export function isStoreWideRow(row: UserRoleRow): boolean {
  return scopeKey(row) === 'store';
}

function presentCatalog(row: UserRoleRow): AuthCatalog {
  return {
    divisionId: row.resolvedDivisionId ?? 0,
    divisionName: row.divisionName ?? '',
    departmentCode: row.departmentCode,
    courseCode: row.courseCode,
    sectionCode: row.sectionCode,
    sectionId: row.sectionId,
    termName: row.termName === null ? null : shortTermName(row.termName),
    universityName: row.universityName ?? '',
  };
}

/** Rows grouped by role (docs/behaviour/entities.md#user-roles-response): a store-wide role lists no catalog. */
export function presentRoles(rows: readonly UserRoleRow[]): RoleCatalogs[] {
  const byRole = new Map<number, RoleCatalogs>();
  for (const row of rows) {
    let entry = byRole.get(row.role.id);
    if (!entry) {
      entry = { Role: row.role, AuthCatalogList: [] };
      byRole.set(row.role.id, entry);
    }
    if (!isStoreWideRow(row)) entry.AuthCatalogList.push(presentCatalog(row));
  }
  return [...byRole.values()];
}

/** What the audit log keeps: roles with readable scope labels, as they were at the time. */
export function snapshotRoles(rows: readonly UserRoleRow[]): AuditRoleSnapshot {
  return presentRoles(rows).map((entry) => ({
    role: entry.Role.name,
    friendly: entry.Role.friendly,
    scopes: rows
      .filter((row) => row.role.id === entry.Role.id && !isStoreWideRow(row))
      .map((row) => scopeLabel(row)),
  }));
}

export async function readUserRoles(db: Db, session: Session, grants: Grants, userName: string) {
  const account = await requireReadableUser(db, session, grants, userName);
  const rows = await listUserRoleRows(db, account.id, session.locationId);
  return { authRoleCatalogsDTO: presentRoles(rows) };
}

export async function readAudit(db: Db, session: Session, grants: Grants, userName: string) {
  const account = await requireReadableUser(db, session, grants, userName);
  const rows = await listAuditOfSubject(db, session.locationId, account.id, AUDIT_LIMIT);
  const snapshot = (value: unknown) => {
    const parsed = auditRoleSnapshot.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    event: row.event,
    at: row.at.toISOString(),
    actor:
      row.actorUserName === null
        ? null
        : { userName: row.actorUserName, name: row.actorName ?? row.actorUserName },
    before: snapshot(row.before),
    after: snapshot(row.after),
  }));
  return { entries };
}
