import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  assignUserRoles,
  assignUserRolesAndCatalog,
  createUserAccount,
  getAllRoles,
  getAuthCourses,
  getAuthDepartments,
  getAuthDivisions,
  getAuthSections,
  getPermissionAudit,
  getPermissionUser,
  getUserRolesAndCatalog,
  unAssignUserRoles,
  unAssignUserRolesAndCatalog,
  type Endpoint,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { requireWebsite } from '../../lib/request-context.ts';
import { websiteOrigin } from '../../lib/website-origin.ts';
import { route } from '../../lib/route.ts';
import { createAccount } from './account-creation.ts';
import * as assignment from './assignment-service.ts';
import * as catalog from '../catalog/index.ts';
import { PERMISSION_MESSAGES as M } from './messages.ts';
import { requireAssigner } from './role-resolution.ts';
import { listRoles } from './user-roles-repository.ts';
import { presentAccount, readAudit, readUserRoles, requireReadableUser } from './user-roles.ts';

const TAGS = ['permissions'];
const READ = { tags: TAGS, errors: [404] };
const WRITE = { tags: TAGS, errors: [404, 409] };

/** The permission calls of docs/behaviour/calls.md#admin-base; rules live in the services and the policy. */
export function registerPermissionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  // Who may read another user's roles depends on whose they are: the service asks the grants.
  route(app, getUserRolesAndCatalog, READ, async ({ query, request }) =>
    readUserRoles(db, request.session, await request.grants, query.username),
  );

  route(app, getPermissionUser, READ, async ({ query, request }) => {
    const grants = await request.grants;
    return presentAccount(await requireReadableUser(db, request.session, grants, query.username));
  });

  route(app, getPermissionAudit, READ, async ({ query, request }) =>
    readAudit(db, request.session, await request.grants, query.username),
  );

  route(app, createUserAccount, { tags: TAGS, errors: [409, 429] }, async ({ query, request }) => {
    await (await request.grants).requireAny(['CREATE_USER'], M.mayNotCreate);
    return createAccount(
      deps,
      request.session,
      { ...query, origin: websiteOrigin(requireWebsite(request), deps.config) },
      request.log,
    );
  });

  // Role changes: the caller must be an assigner; the service then applies the no-escalation
  // rule to the role and scopes it resolves, with the same grants.
  const assigner = async (request: FastifyRequest) => {
    const grants = await request.grants;
    await requireAssigner(grants);
    return grants;
  };

  const roleChange = <
    P extends z.ZodType,
    Q extends z.ZodType<{ username: string }>,
    B extends z.ZodType,
    R extends z.ZodType,
  >(
    contract: Endpoint<P, Q, B, R>,
    change: (call: assignment.RoleChangeCall, input: z.output<B>) => Promise<z.output<R>>,
  ) =>
    route(app, contract, WRITE, async ({ query, body, request }) => {
      const grants = await assigner(request);
      return change({ deps, session: request.session, grants, userName: query.username }, body);
    });
  roleChange(assignUserRolesAndCatalog, assignment.assignRoleWithCatalogs);
  roleChange(assignUserRoles, assignment.assignRoleStoreWide);
  roleChange(unAssignUserRoles, assignment.unassignRole);
  roleChange(unAssignUserRolesAndCatalog, assignment.unassignRoleCatalog);

  route(app, getAllRoles, { tags: TAGS }, async ({ request }) => {
    await assigner(request);
    return listRoles(db);
  });

  route(app, getAuthDivisions, { tags: TAGS }, async ({ request }) => {
    await assigner(request);
    return catalog.divisionsForPicker(db, request.session.locationId);
  });

  route(app, getAuthDepartments, READ, async ({ query, request }) => {
    await assigner(request);
    return catalog.departmentsForPicker(db, request.session.locationId, query.divisionId);
  });

  route(app, getAuthCourses, READ, async ({ query, request }) => {
    await assigner(request);
    return catalog.coursesForPicker(db, request.session.locationId, query);
  });

  route(app, getAuthSections, READ, async ({ query, request }) => {
    await assigner(request);
    return catalog.sectionsForPicker(db, request.session.locationId, query);
  });
}
