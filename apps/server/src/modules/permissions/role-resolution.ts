import type { AuthCatalogInput, RoleInput } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../lib/session.ts';
import { resolveScope, type ResolvedScope } from '../catalog/index.ts';
import { PERMISSION_MESSAGES as M } from './messages.ts';
import type { Grants } from './policy.ts';
import { findRole, listRoleActionNames, type RoleRow } from './user-roles-repository.ts';

export { ROLE_ONLY_ROLES } from '@csp/contracts';

/** 403 unless the caller may assign and remove roles at all. */
export function requireAssigner(grants: Grants): Promise<void> {
  return grants.requireAny(['ASSIGN_PERMISSIONS'], M.mayNotAssign);
}

/** The role a request names (by id; a name sent must agree); 400 naming the field otherwise. */
export async function resolveRole(db: Db, input: RoleInput, fieldPrefix: string): Promise<RoleRow> {
  const role = await findRole(db, input.id);
  if (!role) throw AppError.badRequest(M.roleNotFound(input.id), `${fieldPrefix}id`);
  if (input.name !== undefined && input.name !== role.name) {
    throw AppError.badRequest(M.roleNameMismatch(role.id, role.name), `${fieldPrefix}name`);
  }
  return role;
}

/** Resolves requested catalogs in the caller's store and refuses one listed twice. */
export async function resolveScopes(
  db: Db,
  session: Session,
  inputs: readonly AuthCatalogInput[],
  field: (index: number) => string,
): Promise<ResolvedScope[]> {
  const scopes: ResolvedScope[] = [];
  for (const [index, input] of inputs.entries()) {
    scopes.push(await resolveScope(db, session.locationId, input, field(index)));
  }
  const seen = new Set<string>();
  for (const [index, scope] of scopes.entries()) {
    const key = JSON.stringify([
      scope.divisionId,
      scope.departmentId,
      scope.courseId,
      scope.sectionId,
    ]);
    if (seen.has(key)) throw AppError.badRequest(M.repeatedScope(scope.label), field(index));
    seen.add(key);
  }
  return scopes;
}

/**
 * The no-escalation rule, through the policy: 403 unless the caller holds every action of the
 * role at each scope (none = store-wide), or is a store-wide PERMISSION_ADMINISTRATOR.
 */
export async function requireMayHandOut(
  db: Db,
  grants: Grants,
  verb: 'grant' | 'remove',
  role: RoleRow,
  scopes: readonly ResolvedScope[],
): Promise<void> {
  const actions = await listRoleActionNames(db, role.id);
  const missing = await grants.missingActionToGrant(actions, scopes);
  if (!missing) return;
  const scope = missing.scopeIndex === null ? null : (scopes[missing.scopeIndex]?.label ?? null);
  throw AppError.forbidden(M.escalation(verb, role.friendly, missing.action, scope));
}
