import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import {
  accountIdParams,
  authCatalogInput,
  permissionUsername,
  roleInput,
  userRolesResponse,
} from './permission-schemas.ts';

const usernameQuery = z.object({ username: permissionUsername });

/**
 * Assignment calls of docs/behaviour/calls.md. All need ASSIGN_PERMISSIONS; nobody grants actions they do not
 * hold at that scope unless they are a store-wide PERMISSION_ADMINISTRATOR. Each answers the
 * user's roles after the change.
 */
export const assignUserRolesAndCatalog = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/assignUserRolesAndCatalog`,
  summary: 'Give a user a role limited to one or more catalogs',
  auth: true,
  access: { kind: 'action', anyOf: ['ASSIGN_PERMISSIONS'], scope: 'store' },
  params: accountIdParams,
  query: usernameQuery,
  body: z.object({
    Role: roleInput,
    AuthCatalogList: z
      .array(authCatalogInput)
      .min(1, 'choose at least one catalog (or assign the role alone)')
      .max(50, 'at most 50 catalogs at a time'),
  }),
  response: userRolesResponse,
});

export const assignUserRoles = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/assignUserRoles`,
  summary: 'Give a user a role store-wide (no catalog)',
  auth: true,
  access: { kind: 'action', anyOf: ['ASSIGN_PERMISSIONS'], scope: 'store' },
  params: accountIdParams,
  query: usernameQuery,
  body: roleInput,
  response: userRolesResponse,
});

export const unAssignUserRoles = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/unAssignUserRoles`,
  summary: 'Remove a role from a user entirely, with all its catalogs',
  auth: true,
  access: { kind: 'action', anyOf: ['ASSIGN_PERMISSIONS'], scope: 'store' },
  params: accountIdParams,
  query: usernameQuery,
  body: roleInput,
  response: userRolesResponse,
});

export const unAssignUserRolesAndCatalog = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/unAssignUserRolesAndCatalog`,
  summary: 'Remove one catalog of one role from a user',
  auth: true,
  access: { kind: 'action', anyOf: ['ASSIGN_PERMISSIONS'], scope: 'store' },
  params: accountIdParams,
  query: usernameQuery,
  body: z.object({ Role: roleInput, AuthCatalog: authCatalogInput }),
  response: userRolesResponse,
});
