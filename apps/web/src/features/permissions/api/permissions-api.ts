import { useMemo } from 'react';
import {
  assignUserRoles,
  assignUserRolesAndCatalog,
  createUserAccount,
  getAllRoles,
  getAuthCourses,
  getAuthDepartments,
  getAuthDivisions,
  getPermissionAudit,
  getPermissionUser,
  getUserRolesAndCatalog,
  unAssignUserRoles,
  unAssignUserRolesAndCatalog,
  type AuthCatalog,
  type AuthCatalogInput,
  type Role,
} from '@csp/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { useSession } from '../../../app/session/session-context.tsx';

/** The permission calls of spec §7, bound to the signed-in caller's account id and token. */
export function createPermissionsApi(accountId: number, token: string) {
  const params = { userAccountId: accountId };
  const user = (username: string) => ({ params, query: { username } });
  return {
    accountId,
    getUser: (username: string) => apiCall(getPermissionUser, user(username), token),
    getRoles: (username: string) => apiCall(getUserRolesAndCatalog, user(username), token),
    getAudit: (username: string) => apiCall(getPermissionAudit, user(username), token),
    getAllRoles: () => apiCall(getAllRoles, { params }, token),
    getDivisions: () => apiCall(getAuthDivisions, { params }, token),
    getDepartments: (divisionId: number) =>
      apiCall(getAuthDepartments, { params, query: { divisionId } }, token),
    getCourses: (divisionId: number, departmentCode: string) =>
      apiCall(getAuthCourses, { params, query: { divisionId, departmentCode } }, token),
    createUser: (newUsername: string, name: string) =>
      apiCall(createUserAccount, { params, query: { newUsername, name } }, token),
    assignRole: (username: string, role: Role) =>
      apiCall(assignUserRoles, { ...user(username), body: role }, token),
    assignRoleWithCatalog: (username: string, role: Role, catalog: AuthCatalogInput) =>
      apiCall(
        assignUserRolesAndCatalog,
        { ...user(username), body: { Role: role, AuthCatalogList: [catalog] } },
        token,
      ),
    removeRole: (username: string, role: Role) =>
      apiCall(unAssignUserRoles, { ...user(username), body: role }, token),
    removeRoleCatalog: (username: string, role: Role, catalog: AuthCatalog) =>
      apiCall(
        unAssignUserRolesAndCatalog,
        { ...user(username), body: { Role: role, AuthCatalog: catalog } },
        token,
      ),
  };
}

export type PermissionsApi = ReturnType<typeof createPermissionsApi>;

/** The API for the current session; null while nobody is signed in. */
export function usePermissionsApi(): PermissionsApi | null {
  const { session } = useSession();
  const accountId = session?.accountId;
  const token = session?.token;
  return useMemo(
    () => (accountId !== undefined && token ? createPermissionsApi(accountId, token) : null),
    [accountId, token],
  );
}

/** Query keys: every key starts with the caller, so another sign-in never reuses answers. */
export const permissionKeys = {
  all: (accountId: number) => ['permissions', accountId] as const,
  user: (accountId: number, username: string) =>
    ['permissions', accountId, 'user', username.toLowerCase()] as const,
  roles: (accountId: number, username: string) =>
    ['permissions', accountId, 'roles', username.toLowerCase()] as const,
  audit: (accountId: number, username: string) =>
    ['permissions', accountId, 'audit', username.toLowerCase()] as const,
  allRoles: (accountId: number) => ['permissions', accountId, 'all-roles'] as const,
  divisions: (accountId: number) => ['permissions', accountId, 'divisions'] as const,
  departments: (accountId: number, divisionId: number) =>
    ['permissions', accountId, 'departments', divisionId] as const,
  courses: (accountId: number, divisionId: number, departmentCode: string) =>
    ['permissions', accountId, 'courses', divisionId, departmentCode] as const,
};
