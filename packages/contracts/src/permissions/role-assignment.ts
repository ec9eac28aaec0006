import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import {
  accountIdParams,
  authCatalogInput,
  roleInput,
  userRolesResponse,
} from './permission-schemas.ts';
import { usernameQuery } from './permission-user-query.ts';

/**
 * One assignment call of docs/behaviour/calls.md: a POST naming the user in the query, with its
 * own route, summary and body. All need ASSIGN_PERMISSIONS; nobody grants actions they do not
 * hold at that scope unless they are a store-wide PERMISSION_ADMINISTRATOR. Each answers the
 * user's roles after the change.
 */
function assignmentEndpoint<B extends z.ZodType>(route: string, summary: string, body: B) {
  return endpoint({
    method: 'POST',
    path: `${ADMIN_BASE}/:userAccountId/${route}`,
    summary,
    auth: true,
    access: { kind: 'action', anyOf: ['ASSIGN_PERMISSIONS'], scope: 'store' },
    params: accountIdParams,
    query: usernameQuery,
    body,
    response: userRolesResponse,
  });
}

export const assignUserRolesAndCatalog = assignmentEndpoint(
  'assignUserRolesAndCatalog',
  'Give a user a role limited to one or more catalogs',
  z.object({
    Role: roleInput,
    AuthCatalogList: z
      .array(authCatalogInput)
      .min(1, 'choose at least one catalog (or assign the role alone)')
      .max(50, 'at most 50 catalogs at a time'),
  }),
);

export const assignUserRoles = assignmentEndpoint(
  'assignUserRoles',
  'Give a user a role store-wide (no catalog)',
  roleInput,
);

export const unAssignUserRoles = assignmentEndpoint(
  'unAssignUserRoles',
  'Remove a role from a user entirely, with all its catalogs',
  roleInput,
);

export const unAssignUserRolesAndCatalog = assignmentEndpoint(
  'unAssignUserRolesAndCatalog',
  'Remove one catalog of one role from a user',
  z.object({ Role: roleInput, AuthCatalog: authCatalogInput }),
);
