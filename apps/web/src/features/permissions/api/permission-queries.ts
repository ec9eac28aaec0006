import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthCatalog, AuthCatalogInput, Role } from '@csp/contracts';
import { permissionKeys, usePermissionsApi, type PermissionsApi } from './permissions-api.ts';

// A 4xx answer (unknown user, no rights) will not change on a retry; show it straight away.
const NO_RETRY = { retry: false } as const;

function requireApi(api: PermissionsApi | null): PermissionsApi {
  if (!api) throw new Error('Not signed in');
  return api;
}

/** The account, roles and audit history of the user being looked at. */
export function useUserPermissions(username: string, enabled: boolean) {
  const api = usePermissionsApi();
  const accountId = api?.accountId ?? 0;
  const on = enabled && api !== null;
  const user = useQuery({
    queryKey: permissionKeys.user(accountId, username),
    queryFn: () => requireApi(api).getUser(username),
    enabled: on,
    ...NO_RETRY,
  });
  const roles = useQuery({
    queryKey: permissionKeys.roles(accountId, username),
    queryFn: () => requireApi(api).getRoles(username),
    enabled: on && user.isSuccess,
    ...NO_RETRY,
  });
  const audit = useQuery({
    queryKey: permissionKeys.audit(accountId, username),
    queryFn: () => requireApi(api).getAudit(username),
    enabled: on && user.isSuccess,
    ...NO_RETRY,
  });
  return { user, roles, audit };
}

export function useAllRoles(enabled: boolean) {
  const api = usePermissionsApi();
  return useQuery({
    queryKey: permissionKeys.allRoles(api?.accountId ?? 0),
    queryFn: () => requireApi(api).getAllRoles(),
    enabled: enabled && api !== null,
    staleTime: 5 * 60_000,
    ...NO_RETRY,
  });
}

export function useDivisions(enabled: boolean) {
  const api = usePermissionsApi();
  return useQuery({
    queryKey: permissionKeys.divisions(api?.accountId ?? 0),
    queryFn: () => requireApi(api).getDivisions(),
    enabled: enabled && api !== null,
    staleTime: 5 * 60_000,
    ...NO_RETRY,
  });
}

/** Departments of a division; null (no call) until a real division is chosen. */
export function useDepartments(divisionId: number | null) {
  const api = usePermissionsApi();
  return useQuery({
    queryKey: permissionKeys.departments(api?.accountId ?? 0, divisionId ?? 0),
    queryFn: () => requireApi(api).getDepartments(divisionId ?? 0),
    enabled: divisionId !== null && api !== null,
    staleTime: 5 * 60_000,
    ...NO_RETRY,
  });
}

/** Courses of a department; no call until a real department is chosen. */
export function useCourses(divisionId: number | null, departmentCode: string | null) {
  const api = usePermissionsApi();
  return useQuery({
    queryKey: permissionKeys.courses(api?.accountId ?? 0, divisionId ?? 0, departmentCode ?? ''),
    queryFn: () => requireApi(api).getCourses(divisionId ?? 0, departmentCode ?? ''),
    enabled: divisionId !== null && departmentCode !== null && api !== null,
    staleTime: 5 * 60_000,
    ...NO_RETRY,
  });
}

export type RoleChange =
  | { kind: 'assign'; role: Role; catalog: AuthCatalogInput | null }
  | { kind: 'remove-role'; role: Role }
  | { kind: 'remove-catalog'; role: Role; catalog: AuthCatalog };

/** Assigns or removes a role of `username`, then refreshes their roles and audit history. */
export function useRoleChange(username: string) {
  const api = usePermissionsApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => {
      const a = requireApi(api);
      switch (change.kind) {
        case 'assign':
          return change.catalog
            ? a.assignRoleWithCatalog(username, change.role, change.catalog)
            : a.assignRole(username, change.role);
        case 'remove-role':
          return a.removeRole(username, change.role);
        case 'remove-catalog':
          return a.removeRoleCatalog(username, change.role, change.catalog);
      }
    },
    onSuccess: (data) => {
      const accountId = api?.accountId ?? 0;
      client.setQueryData(permissionKeys.roles(accountId, username), data);
      void client.invalidateQueries({ queryKey: permissionKeys.audit(accountId, username) });
    },
  });
}

export function useCreateUser() {
  const api = usePermissionsApi();
  return useMutation({
    mutationFn: (input: { newUsername: string; name: string }) =>
      requireApi(api).createUser(input.newUsername, input.name),
  });
}
