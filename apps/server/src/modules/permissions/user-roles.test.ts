import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getPermissionAudit,
  getPermissionUser,
  getUserRolesAndCatalog,
} from '@csp/contracts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import {
  addAccount,
  addCustomRole,
  callAs,
  signIn,
  type Caller,
} from '../../test-support/permissions-test-support.ts';

const engines = await testEngines();
const NOT_FOUND = { message: 'No user found with that e-mail address.', field: 'username' };
const MAY_NOT_READ = { message: "You do not have permission to see other users' permissions." };

describe.each(engines)('reading permissions (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let submitter: Caller;
  let creator: Caller;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    await addCustomRole(ctx.db, 'TEST_CREATOR', ['CREATE_USER']);
    await addAccount(ctx.db, ctx.fixture.locations.a, 'creator@store-a.test', [
      { role: 'TEST_CREATOR' },
    ]);
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    submitter = await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName);
    creator = await signIn(ctx, 'creator@store-a.test');
  });
  afterAll(async () => ctx?.close());

  const rolesOf = (caller: Caller, username: string) =>
    callAs(ctx, caller, getUserRolesAndCatalog, { query: { username } });

  it("lists a user's roles with each catalog scope", async () => {
    const res = await rolesOf(admin, 'SUBMITTER-DEPT@store-a.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      authRoleCatalogsDTO: [
        {
          Role: {
            id: expect.any(Number),
            name: 'SUBMITTER',
            friendly: 'Submitter',
            description: expect.any(String),
          },
          AuthCatalogList: [
            {
              divisionId: ctx.fixture.catalog.divisionId,
              divisionName: 'Main Campus',
              departmentCode: 'BIO',
              courseCode: null,
              sectionCode: null,
              sectionId: null,
              termName: null,
              universityName: 'Test U',
            },
          ],
        },
      ],
    });
  });

  it('shows store-wide roles with an empty catalog list', async () => {
    const res = await rolesOf(admin, ctx.fixture.accounts.admin.userName);
    const roles = res.json<{
      authRoleCatalogsDTO: { Role: { name: string }; AuthCatalogList: unknown[] }[];
    }>().authRoleCatalogsDTO;
    expect(roles.map((r) => r.Role.name).sort()).toEqual([
      'CMA_MEMBER',
      'FULL_REPORTER',
      'INSTRUCTOR',
      'PERMISSION_ADMINISTRATOR',
      'STORE_ADMINISTRATOR',
      'SUBMITTER',
    ]);
    expect(roles.find((r) => r.Role.name === 'CMA_MEMBER')?.AuthCatalogList).toEqual([]);
    expect(roles.find((r) => r.Role.name === 'SUBMITTER')?.AuthCatalogList).toHaveLength(1);
  });

  it('lets anyone read their own roles (My Permissions) but not anyone else’s', async () => {
    expect(
      (await rolesOf(submitter, ctx.fixture.accounts.submitterDepartment.userName)).statusCode,
    ).toBe(200);
    const other = await rolesOf(submitter, ctx.fixture.accounts.admin.userName);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(MAY_NOT_READ);
    // Refused before the lookup: an unknown address gets the same answer as a known one.
    expect((await rolesOf(submitter, 'nobody@store-a.test')).statusCode).toBe(403);
  });

  it('lets CREATE_USER alone read other users', async () => {
    expect((await rolesOf(creator, ctx.fixture.accounts.admin.userName)).statusCode).toBe(200);
  });

  it('looks users up in the caller’s store only', async () => {
    for (const username of ['admin@store-b.test', 'nobody@store-a.test']) {
      const res = await rolesOf(admin, username);
      expect(res.statusCode, username).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('refuses a user name without @ and . or a missing one, naming the field', async () => {
    for (const username of ['admin', 'admin@store-a', 'store-a.test']) {
      const res = await rolesOf(admin, username);
      expect(res.statusCode, username).toBe(400);
      expect(res.json()).toEqual({
        message: 'username: must be an e-mail address containing @ and .',
        field: 'username',
      });
    }
    const missing = await callAs(ctx, admin, getUserRolesAndCatalog);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'username' });
  });

  it('needs a session for the account in the path', async () => {
    const url = fillPath(getUserRolesAndCatalog.path, { userAccountId: admin.accountId });
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url,
      query: { username: 'admin@store-a.test' },
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(anonymous.statusCode).toBe(401);
    const otherPath = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getUserRolesAndCatalog.path, { userAccountId: submitter.accountId }),
      query: { username: 'admin@store-a.test' },
      headers: { host: FIXTURE_HOSTS.a, 'Auth-Token': admin.token },
    });
    expect(otherPath.statusCode).toBe(403);
  });

  it('finds a user and returns the account summary', async () => {
    const res = await callAs(ctx, admin, getPermissionUser, {
      query: { username: 'INACTIVE@store-a.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userName: 'inactive@store-a.test',
      name: 'inactive',
      email: 'inactive@store-a.test',
      active: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastLoginAt: null,
    });
    const missing = await callAs(ctx, admin, getPermissionUser, {
      query: { username: 'admin@store-b.test' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    const refused = await callAs(ctx, submitter, getPermissionUser, {
      query: { username: 'admin@store-a.test' },
    });
    expect(refused.statusCode).toBe(403);
    const own = await callAs(ctx, submitter, getPermissionUser, {
      query: { username: ctx.fixture.accounts.submitterDepartment.userName },
    });
    expect(own.json()).toMatchObject({ active: true, lastLoginAt: expect.any(String) });
  });

  it('reads the audit history with the same rule', async () => {
    const res = await callAs(ctx, admin, getPermissionAudit, {
      query: { username: 'instructor@store-a.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ entries: [] });
    const refused = await callAs(ctx, submitter, getPermissionAudit, {
      query: { username: 'admin@store-a.test' },
    });
    expect(refused.statusCode).toBe(403);
    const otherStore = await callAs(ctx, admin, getPermissionAudit, {
      query: { username: 'admin@store-b.test' },
    });
    expect(otherStore.statusCode).toBe(404);
  });
});
