import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { withoutNul } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import {
  accountIdParams,
  auditEntry,
  permissionUser,
  permissionUsername,
  userRolesResponse,
} from './permission-schemas.ts';
import { usernameQuery } from './permission-user-query.ts';

/** A read about the user the query names, under the read rule of getUserRolesAndCatalog. */
function userReadEndpoint<R extends z.ZodType>(route: string, summary: string, response: R) {
  return endpoint({
    method: 'GET',
    path: `${ADMIN_BASE}/:userAccountId/${route}`,
    summary,
    auth: true,
    access: {
      kind: 'signedIn',
      self: { field: 'username', othersNeed: ['ASSIGN_PERMISSIONS', 'CREATE_USER'] },
    },
    params: accountIdParams,
    query: usernameQuery,
    response,
  });
}

/**
 * A user's roles with their catalog scopes (docs/behaviour/calls.md). Anyone may read their own ('My
 * Permissions'); reading another user needs ASSIGN_PERMISSIONS or CREATE_USER.
 */
export const getUserRolesAndCatalog = userReadEndpoint(
  'getUserRolesAndCatalog',
  "A user's roles and the catalogs each is limited to (empty list = store-wide)",
  userRolesResponse,
);

/** The account summary of a user of the caller's store (same read rule as the roles). */
export const getPermissionUser = userReadEndpoint(
  'permissions/user',
  'Find a user of this store by e-mail address',
  permissionUser,
);

/** The permission history of a user, newest first (same read rule as the roles). */
export const getPermissionAudit = userReadEndpoint(
  'permissions/audit',
  "A user's role and account changes, newest first",
  z.object({ entries: z.array(auditEntry) }),
);

/**
 * Creates an account in the caller's store (needs CREATE_USER). The generated password is
 * returned once and never stored in clear; the user is also e-mailed a link to set their own.
 */
export const createUserAccount = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/createUserAccount`,
  summary: 'Create a user account with a one-time generated password',
  auth: true,
  access: { kind: 'action', anyOf: ['CREATE_USER'], scope: 'store' },
  params: accountIdParams,
  query: z.object({
    newUsername: permissionUsername,
    name: withoutNul(
      z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    ),
  }),
  response: z.object({
    userName: z.string(),
    password: z.string(),
    /** False when the set-password e-mail could not be sent (the account exists regardless). */
    passwordSetupEmailSent: z.boolean(),
  }),
});
