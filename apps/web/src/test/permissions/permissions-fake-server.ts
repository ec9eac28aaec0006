import type { ActionName, AuditEntry, Role, RoleCatalogs } from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

type Handler = (request: StubRequest) => Response | Promise<Response>;

export const BASE = '/app-rest/admin_portal/v1/7';

export const ROLES: Role[] = [
  { id: 1, name: 'FULL_REPORTER', friendly: 'Full Reporter', description: 'Sees reports' },
  {
    id: 2,
    name: 'PERMISSION_ADMINISTRATOR',
    friendly: 'Permission Administrator',
    description: 'Assigns roles',
  },
  { id: 3, name: 'SUBMITTER', friendly: 'Submitter', description: 'Adopts for assigned catalogs' },
];

export const [REPORTER, ADMINISTRATOR, SUBMITTER] = ROLES as [Role, Role, Role];

export const BIO_SCOPE = {
  divisionId: 1,
  divisionName: 'Main Campus',
  departmentCode: 'BIO',
  courseCode: null,
  sectionCode: null,
  sectionId: null,
  termName: null,
  universityName: 'Springfield University',
};

export const BOB = 'bob@example.edu';

/** Bob: Submitter for Biology and Full Reporter store-wide. */
export const BOB_ROLES: RoleCatalogs[] = [
  { Role: REPORTER, AuthCatalogList: [] },
  { Role: SUBMITTER, AuthCatalogList: [BIO_SCOPE] },
];

export const BOB_AUDIT: AuditEntry[] = [
  {
    id: 5,
    event: 'ROLE_ASSIGNED',
    at: '2026-03-05T15:30:00.000Z',
    actor: { userName: 'pat@example.edu', name: 'Pat Lee' },
    before: [{ role: 'FULL_REPORTER', friendly: 'Full Reporter', scopes: [] }],
    after: [
      { role: 'FULL_REPORTER', friendly: 'Full Reporter', scopes: [] },
      { role: 'SUBMITTER', friendly: 'Submitter', scopes: ['Main Campus / BIO'] },
    ],
  },
];

function account(userName: string) {
  return {
    userName,
    name: userName === BOB ? 'Bob Builder' : 'Pat Lee',
    email: userName,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
  };
}

/** Stubs for every permission call: Bob and Pat exist; everyone else is unknown. */
export function permissionHandlers(
  overrides: Record<string, Handler> = {},
): Record<string, Handler> {
  const known = (req: StubRequest) =>
    [BOB, 'pat@example.edu'].includes(req.url.searchParams.get('username')?.toLowerCase() ?? '');
  const notFound = () =>
    json(404, { message: 'No user found with that e-mail address.', field: 'username' });
  return {
    [`GET ${BASE}/permissions/user`]: (req) =>
      known(req) ? json(200, account(req.url.searchParams.get('username') ?? '')) : notFound(),
    [`GET ${BASE}/getUserRolesAndCatalog`]: (req) =>
      json(200, {
        authRoleCatalogsDTO: req.url.searchParams.get('username') === BOB ? BOB_ROLES : [],
      }),
    [`GET ${BASE}/permissions/audit`]: (req) =>
      json(200, { entries: req.url.searchParams.get('username') === BOB ? BOB_AUDIT : [] }),
    [`GET ${BASE}/getAllRoles`]: () => json(200, ROLES),
    [`GET ${BASE}/getAuthDivisions`]: () =>
      json(200, [
        { divisionId: 1, divisionName: 'Main Campus', universityName: 'Springfield University' },
        { divisionId: 2, divisionName: 'School of Law', universityName: 'Springfield University' },
      ]),
    [`GET ${BASE}/getAuthDepartments`]: () =>
      json(200, [
        { departmentCode: 'BIO', departmentName: 'Biology' },
        { departmentCode: 'CHEM', departmentName: 'Chemistry' },
      ]),
    [`GET ${BASE}/getAuthCourses`]: () =>
      json(200, [{ courseCode: '101', courseName: 'Intro Biology' }]),
    [`POST ${BASE}/assignUserRoles`]: () => json(200, { authRoleCatalogsDTO: BOB_ROLES }),
    [`POST ${BASE}/assignUserRolesAndCatalog`]: () => json(200, { authRoleCatalogsDTO: BOB_ROLES }),
    [`POST ${BASE}/unAssignUserRoles`]: () => json(200, { authRoleCatalogsDTO: [BOB_ROLES[0]] }),
    [`POST ${BASE}/unAssignUserRolesAndCatalog`]: () =>
      json(200, { authRoleCatalogsDTO: [BOB_ROLES[0], { Role: SUBMITTER, AuthCatalogList: [] }] }),
    [`POST ${BASE}/createUserAccount`]: (req) =>
      json(200, {
        userName: req.url.searchParams.get('newUsername'),
        password: 'Gen3rated-Passw0rd!xyz',
        passwordSetupEmailSent: true,
      }),
    ...overrides,
  };
}

/** The whole app at `path`, signed in (remember-me) as Pat with the given actions. */
export function renderPermissions(
  path: string,
  options: { actions?: ActionName[]; handlers?: Record<string, Handler> } = {},
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(path, {
    session: sessionResponse({ actions: options.actions ?? ['ASSIGN_PERMISSIONS', 'CREATE_USER'] }),
    handlers: permissionHandlers(options.handlers),
  });
}

/** Calls made to one permission endpoint, e.g. `callsTo(calls, 'POST', 'assignUserRoles')`. */
export function callsTo(calls: StubRequest[], method: string, path: string): StubRequest[] {
  return calls.filter((c) => c.method === method && c.url.pathname === `${BASE}/${path}`);
}
