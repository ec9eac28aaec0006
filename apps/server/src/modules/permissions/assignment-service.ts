import {
  PERMISSION_AUDIT_EVENTS as EVENTS,
  scopeLabel,
  type AuthCatalogInput,
  type RoleInput,
  type UserRolesResponse,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../lib/session.ts';
import type { Grants } from './policy.ts';
import {
  resolveCatalogAncestry,
  resolveScope,
  scopeKey,
  type ResolvedScope,
} from '../catalog/index.ts';
import { PERMISSION_MESSAGES as M } from './messages.ts';
import {
  ROLE_ONLY_ROLES,
  requireMayHandOut,
  resolveRole,
  resolveScopes,
} from './role-resolution.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { isStoreWideRow, presentRoles, requireStoreUser, snapshotRoles } from './user-roles.ts';
import {
  deleteUserRoles,
  insertAudit,
  insertUserRoles,
  listUserRoleRows,
  type RoleRow,
  type StoreAccount,
  type UserRoleRow,
} from './user-roles-repository.ts';

/**
 * Nobody grants roles to themselves, however much they may grant others: a second
 * administrator must, so every gain of power has two people behind it (and the audit log).
 */
function refuseSelfGrant(session: Session, target: StoreAccount): void {
  if (target.id === session.accountId) throw AppError.forbidden(M.ownRoles);
}

/**
 * Applies one change to a user's roles in a transaction: re-reads the roles, lets `change` check
 * for conflicts and write, then records the before and after in the audit log.
 */
async function changeRoles(
  deps: AppDeps,
  session: Session,
  target: StoreAccount,
  role: RoleRow,
  event: string,
  change: (tx: Db, rowsOfRole: UserRoleRow[]) => Promise<void>,
): Promise<UserRolesResponse> {
  try {
    const after = await deps.db.transaction(async (tx) => {
      const before = await listUserRoleRows(tx, target.id, session.locationId);
      await change(
        tx,
        before.filter((row) => row.role.id === role.id),
      );
      const rows = await listUserRoleRows(tx, target.id, session.locationId);
      await insertAudit(tx, {
        locationId: session.locationId,
        actorAccountId: session.accountId,
        subjectAccountId: target.id,
        event,
        before: snapshotRoles(before),
        after: snapshotRoles(rows),
        at: deps.now(),
      });
      return rows;
    });
    return { authRoleCatalogsDTO: presentRoles(after) };
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(M.concurrentChange);
    throw error;
  }
}

function newRows(session: Session, target: StoreAccount, role: RoleRow, scopes: ResolvedScope[]) {
  return scopes.map((s) => ({
    locationId: session.locationId,
    accountId: target.id,
    roleId: role.id,
    createdBy: session.accountId,
    divisionId: s.divisionId,
    departmentId: s.departmentId,
    courseId: s.courseId,
    sectionId: s.sectionId,
  }));
}

/** Who changes whose roles: what the four role changes receive besides their body. */
export interface RoleChangeCall {
  deps: AppDeps;
  session: Session;
  grants: Grants;
  /** The account whose roles change (the call's `username`). */
  userName: string;
}

/** assignUserRolesAndCatalog: a role limited to one or more catalogs. */
export async function assignRoleWithCatalogs(
  { deps, session, grants, userName }: RoleChangeCall,
  input: { Role: RoleInput; AuthCatalogList: AuthCatalogInput[] },
): Promise<UserRolesResponse> {
  const role = await resolveRole(deps.db, input.Role, 'Role.');
  if (ROLE_ONLY_ROLES.includes(role.name)) {
    throw AppError.badRequest(M.roleOnly(role.friendly), 'AuthCatalogList');
  }
  const target = await requireStoreUser(deps.db, session, userName);
  refuseSelfGrant(session, target);
  const scopes = await resolveScopes(
    deps.db,
    session,
    input.AuthCatalogList,
    (i) => `AuthCatalogList.${i}`,
  );
  await requireMayHandOut(deps.db, grants, 'grant', role, scopes);
  return changeRoles(deps, session, target, role, EVENTS.roleAssigned, async (tx, held) => {
    if (held.some(isStoreWideRow)) {
      throw AppError.conflict(M.storeWideBlocksScope(target.userName, role.friendly));
    }
    const heldKeys = new Set(held.map(scopeKey));
    const duplicate = scopes.find((s) => heldKeys.has(scopeKey(s)));
    if (duplicate) {
      throw AppError.conflict(M.alreadyForScope(target.userName, role.friendly, duplicate.label));
    }
    await insertUserRoles(tx, newRows(session, target, role, scopes));
  });
}

/**
 * The role a change names (its errors naming fields under `prefix`) and the user of the
 * caller's store it is for: what every role change resolves first.
 */
async function roleForUser(
  deps: AppDeps,
  session: Session,
  userName: string,
  input: RoleInput,
  prefix: string,
) {
  const role = await resolveRole(deps.db, input, prefix);
  const target = await requireStoreUser(deps.db, session, userName);
  return { role, target };
}

/** assignUserRoles: a role on its own, store-wide. */
export async function assignRoleStoreWide(
  { deps, session, grants, userName }: RoleChangeCall,
  input: RoleInput,
): Promise<UserRolesResponse> {
  const { role, target } = await roleForUser(deps, session, userName, input, '');
  refuseSelfGrant(session, target);
  await requireMayHandOut(deps.db, grants, 'grant', role, []);
  return changeRoles(deps, session, target, role, EVENTS.roleAssigned, async (tx, held) => {
    if (held.some(isStoreWideRow)) {
      throw AppError.conflict(M.alreadyStoreWide(target.userName, role.friendly));
    }
    if (held.length > 0) throw AppError.conflict(M.alreadyScoped(target.userName, role.friendly));
    await insertUserRoles(tx, [
      {
        locationId: session.locationId,
        accountId: target.id,
        roleId: role.id,
        createdBy: session.accountId,
        divisionId: null,
        departmentId: null,
        courseId: null,
        sectionId: null,
      },
    ]);
  });
}

/**
 * What removing `rows` amounts to, for the no-escalation rule: store-wide if any row is, else
 * each row at its place in the catalog. A row may store only its own level (older or imported
 * rows), so its ancestry is resolved; one that no longer resolves counts as store-wide.
 */
async function scopesOf(
  db: Db,
  locationId: number,
  rows: readonly UserRoleRow[],
): Promise<ResolvedScope[]> {
  if (rows.some(isStoreWideRow)) return [];
  const scopes: ResolvedScope[] = [];
  for (const row of rows) {
    const ancestry = await resolveCatalogAncestry(db, locationId, row);
    if (!ancestry) return [];
    scopes.push({ ...ancestry, label: scopeLabel(row) });
  }
  return scopes;
}

function refuseOwnAdministrator(session: Session, target: StoreAccount, role: RoleRow): void {
  if (target.id === session.accountId && role.name === 'PERMISSION_ADMINISTRATOR') {
    throw AppError.badRequest(M.ownAdministrator);
  }
}

/** unAssignUserRoles: removes the whole role, every catalog of it. */
export async function unassignRole(
  { deps, session, grants, userName }: RoleChangeCall,
  input: RoleInput,
): Promise<UserRolesResponse> {
  const { role, target } = await roleForUser(deps, session, userName, input, '');
  refuseOwnAdministrator(session, target, role);
  const current = await listUserRoleRows(deps.db, target.id, session.locationId);
  const held = current.filter((row) => row.role.id === role.id);
  if (held.length === 0) throw AppError.notFound(M.roleNotHeld(target.userName, role.friendly));
  await requireMayHandOut(
    deps.db,
    grants,
    'remove',
    role,
    await scopesOf(deps.db, session.locationId, held),
  );
  return changeRoles(deps, session, target, role, EVENTS.roleUnassigned, async (tx, rows) => {
    if (rows.length === 0) throw AppError.notFound(M.roleNotHeld(target.userName, role.friendly));
    await deleteUserRoles(
      tx,
      rows.map((row) => row.assignmentId),
    );
  });
}

/** unAssignUserRolesAndCatalog: removes one catalog of one role. */
export async function unassignRoleCatalog(
  { deps, session, grants, userName }: RoleChangeCall,
  input: { Role: RoleInput; AuthCatalog: AuthCatalogInput },
): Promise<UserRolesResponse> {
  const { role, target } = await roleForUser(deps, session, userName, input.Role, 'Role.');
  const scope = await resolveScope(deps.db, session.locationId, input.AuthCatalog, 'AuthCatalog');
  const notHeld = () =>
    AppError.notFound(M.scopeNotHeld(target.userName, role.friendly, scope.label));
  const key = scopeKey(scope);
  const current = await listUserRoleRows(deps.db, target.id, session.locationId);
  if (!current.some((row) => row.role.id === role.id && scopeKey(row) === key)) throw notHeld();
  await requireMayHandOut(deps.db, grants, 'remove', role, [scope]);
  return changeRoles(deps, session, target, role, EVENTS.roleScopeUnassigned, async (tx, rows) => {
    const matching = rows.filter((row) => scopeKey(row) === key);
    if (matching.length === 0) throw notHeld();
    await deleteUserRoles(
      tx,
      matching.map((row) => row.assignmentId),
    );
  });
}
