import { useMutation, useQueryClient } from '@tanstack/react-query';
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
} from '@csp/contracts';
import type { AuthCatalog, AuthCatalogInput, Role } from '@csp/contracts';
import {
  contractQueryKey,
  useCallerParams,
  useContractCall,
  useContractMutation,
  useContractQuery,
} from '../../../lib/contract-query.ts';

// A 4xx answer (unknown user, no rights) will not change on a retry; show it straight away.
const NO_RETRY = { retry: false } as const;
// Roles and the catalog change rarely; a picker opened twice need not ask again.
const REFERENCE_DATA = { ...NO_RETRY, staleTime: 5 * 60_000 } as const;

function useUserInput(username: string) {
  return { params: useCallerParams(), query: { username } };
}

/** The account, roles and audit history of the user being looked at. */
export function useUserPermissions(username: string, enabled: boolean) {
  const input = useUserInput(username);
  const user = useContractQuery(getPermissionUser, input, { enabled, ...NO_RETRY });
  const found = enabled && user.isSuccess;
  const roles = useContractQuery(getUserRolesAndCatalog, input, { enabled: found, ...NO_RETRY });
  const audit = useContractQuery(getPermissionAudit, input, { enabled: found, ...NO_RETRY });
  return { user, roles, audit };
}

export function useAllRoles(enabled: boolean) {
  return useContractQuery(
    getAllRoles,
    { params: useCallerParams() },
    { enabled, ...REFERENCE_DATA },
  );
}

export function useDivisions(enabled: boolean) {
  return useContractQuery(
    getAuthDivisions,
    { params: useCallerParams() },
    { enabled, ...REFERENCE_DATA },
  );
}

/** Departments of a division; null (no call) until a real division is chosen. */
export function useDepartments(divisionId: number | null) {
  return useContractQuery(
    getAuthDepartments,
    { params: useCallerParams(), query: { divisionId: divisionId ?? 0 } },
    { enabled: divisionId !== null, ...REFERENCE_DATA },
  );
}

/** Courses of a department; no call until a real department is chosen. */
export function useCourses(divisionId: number | null, departmentCode: string | null) {
  return useContractQuery(
    getAuthCourses,
    {
      params: useCallerParams(),
      query: { divisionId: divisionId ?? 0, departmentCode: departmentCode ?? '' },
    },
    { enabled: divisionId !== null && departmentCode !== null, ...REFERENCE_DATA },
  );
}

export type RoleChange =
  | { kind: 'assign'; role: Role; catalog: AuthCatalogInput | null }
  | { kind: 'remove-role'; role: Role }
  | { kind: 'remove-catalog'; role: Role; catalog: AuthCatalog };

/**
 * Assigns or removes a role of `username`, then refreshes their roles and audit history. Four
 * endpoints behind one button state, so this is a plain mutation over the contract caller.
 */
export function useRoleChange(username: string) {
  const input = useUserInput(username);
  const call = useContractCall();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => {
      switch (change.kind) {
        case 'assign':
          return change.catalog
            ? call(assignUserRolesAndCatalog, {
                ...input,
                body: { Role: change.role, AuthCatalogList: [change.catalog] },
              })
            : call(assignUserRoles, { ...input, body: change.role });
        case 'remove-role':
          return call(unAssignUserRoles, { ...input, body: change.role });
        case 'remove-catalog':
          return call(unAssignUserRolesAndCatalog, {
            ...input,
            body: { Role: change.role, AuthCatalog: change.catalog },
          });
      }
    },
    onSuccess: (data) => {
      client.setQueryData(contractQueryKey(getUserRolesAndCatalog, input), data);
      void client.invalidateQueries({ queryKey: contractQueryKey(getPermissionAudit, input) });
    },
  });
}

/** Creates an account; the caller's part of the path is filled in here, not by the form. */
export function useCreateUser() {
  const params = useCallerParams();
  const create = useContractMutation(createUserAccount);
  return {
    ...create,
    mutateAsync: (input: { newUsername: string; name: string }) =>
      create.mutateAsync({ params, query: input }),
  };
}
