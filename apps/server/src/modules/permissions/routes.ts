import type { FastifyInstance } from 'fastify';
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
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { requireWebsite } from '../../plugins/tenancy.ts';
import { websiteOrigin } from '../../lib/website-origin.ts';
import { route } from '../../lib/route.ts';
import { requireSession } from '../../plugins/auth.ts';
import { createAccount } from './account-creation.ts';
import * as assignment from './assignment-service.ts';
import * as catalog from './catalog-scope.ts';
import { requireAssigner } from './role-resolution.ts';
import { listRoles } from './user-roles-repository.ts';
import { presentAccount, readAudit, readUserRoles, requireReadableUser } from './user-roles.ts';

const TAGS = ['permissions'];
const READ = { tags: TAGS, errors: [404] };
const WRITE = { tags: TAGS, errors: [404, 409] };

/** The permission calls of spec §7 (admin base); rules live in the services and the policy. */
export function registerPermissionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, getUserRolesAndCatalog, READ, async ({ query, request }) =>
    readUserRoles(db, requireSession(request), query.username),
  );

  route(app, getPermissionUser, READ, async ({ query, request }) =>
    presentAccount(await requireReadableUser(db, requireSession(request), query.username)),
  );

  route(app, getPermissionAudit, READ, async ({ query, request }) =>
    readAudit(db, requireSession(request), query.username),
  );

  route(app, createUserAccount, { tags: TAGS, errors: [409] }, async ({ query, request }) =>
    createAccount(
      deps,
      requireSession(request),
      { ...query, origin: websiteOrigin(requireWebsite(request), deps.config) },
      request.log,
    ),
  );

  route(app, assignUserRolesAndCatalog, WRITE, async ({ query, body, request }) =>
    assignment.assignRoleWithCatalogs(deps, requireSession(request), query.username, body),
  );

  route(app, assignUserRoles, WRITE, async ({ query, body, request }) =>
    assignment.assignRoleStoreWide(deps, requireSession(request), query.username, body),
  );

  route(app, unAssignUserRoles, WRITE, async ({ query, body, request }) =>
    assignment.unassignRole(deps, requireSession(request), query.username, body),
  );

  route(app, unAssignUserRolesAndCatalog, WRITE, async ({ query, body, request }) =>
    assignment.unassignRoleCatalog(deps, requireSession(request), query.username, body),
  );

  route(app, getAllRoles, { tags: TAGS }, async ({ request }) => {
    await requireAssigner(db, requireSession(request));
    return listRoles(db);
  });

  route(app, getAuthDivisions, { tags: TAGS }, async ({ request }) => {
    const session = requireSession(request);
    await requireAssigner(db, session);
    return catalog.divisionsForPicker(db, session.locationId);
  });

  route(app, getAuthDepartments, READ, async ({ query, request }) => {
    const session = requireSession(request);
    await requireAssigner(db, session);
    return catalog.departmentsForPicker(db, session.locationId, query.divisionId);
  });

  route(app, getAuthCourses, READ, async ({ query, request }) => {
    const session = requireSession(request);
    await requireAssigner(db, session);
    return catalog.coursesForPicker(db, session.locationId, query);
  });

  route(app, getAuthSections, READ, async ({ query, request }) => {
    const session = requireSession(request);
    await requireAssigner(db, session);
    return catalog.sectionsForPicker(db, session.locationId, query);
  });
}
