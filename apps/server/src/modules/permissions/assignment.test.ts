import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignUserRoles,
  assignUserRolesAndCatalog,
  getPermissionAudit,
  getUserRolesAndCatalog,
  unAssignUserRoles,
  unAssignUserRolesAndCatalog,
  type AuditEntry,
  type Role,
  type UserRolesResponse,
} from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import {
  addAccount,
  addCatalog,
  addCustomRole,
  callAs,
  signIn,
  type Caller,
  type ExtraCatalog,
} from '../../test-support/permissions-test-support.ts';

const engines = await testEngines();

describe.each(engines)('assigning and removing roles (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let deptAdmin: Caller;
  let submitter: Caller;
  let chem: ExtraCatalog;
  let storeB: ExtraCatalog;
  let roles: Record<string, Role>;
  let counter = 0;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    const { locations, catalog } = ctx.fixture;
    chem = await addCatalog(ctx.db, locations.a, {
      divisionId: catalog.divisionId,
      departmentCode: 'CHEM',
    });
    storeB = await addCatalog(ctx.db, locations.b, {
      divisionName: 'B Campus',
      departmentCode: 'BIO',
    });
    // An assigner who is not a PERMISSION_ADMINISTRATOR: may assign, holds SUBMITTER on BIO only.
    await addCustomRole(ctx.db, 'TEST_ASSIGNER', ['ASSIGN_PERMISSIONS']);
    await addAccount(ctx.db, locations.a, 'dept-admin@store-a.test', [
      { role: 'TEST_ASSIGNER' },
      { role: 'SUBMITTER', departmentId: catalog.departmentId },
    ]);
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    deptAdmin = await signIn(ctx, 'dept-admin@store-a.test');
    submitter = await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName);
    const rows = await ctx.db.select().from(t.roles);
    roles = Object.fromEntries(rows.map((r) => [r.name, r]));
  });
  afterAll(async () => ctx?.close());

  /** A fresh user with no roles, so tests do not depend on each other. */
  const newUser = async () =>
    (await addAccount(ctx.db, ctx.fixture.locations.a, `target${++counter}@store-a.test`)).userName;
  const bioScope = () => ({ divisionId: ctx.fixture.catalog.divisionId, departmentCode: 'BIO' });
  const chemScope = () => ({ divisionId: chem.divisionId, departmentCode: 'CHEM' });
  const role = (name: string) => {
    const r = roles[name];
    if (!r) throw new Error(`no role ${name}`);
    return r;
  };
  const assign = (caller: Caller, username: string, name: string, catalogs: object[]) =>
    callAs(ctx, caller, assignUserRolesAndCatalog, {
      query: { username },
      body: { Role: role(name), AuthCatalogList: catalogs },
    });
  const assignAlone = (caller: Caller, username: string, name: string) =>
    callAs(ctx, caller, assignUserRoles, { query: { username }, body: role(name) });
  const rolesOf = async (username: string) =>
    (
      await callAs(ctx, admin, getUserRolesAndCatalog, { query: { username } })
    ).json<UserRolesResponse>();
  const auditOf = async (username: string) =>
    (await callAs(ctx, admin, getPermissionAudit, { query: { username } })).json<{
      entries: AuditEntry[];
    }>().entries;

  it('grants SUBMITTER on one department, stores the full ancestry and audits it', async () => {
    const username = await newUser();
    const res = await assign(admin, username, 'SUBMITTER', [bioScope()]);
    expect(res.statusCode).toBe(200);
    const body = res.json<UserRolesResponse>();
    expect(body.authRoleCatalogsDTO).toEqual([
      {
        Role: role('SUBMITTER'),
        AuthCatalogList: [
          expect.objectContaining({
            departmentCode: 'BIO',
            courseCode: null,
            divisionName: 'Main Campus',
          }),
        ],
      },
    ]);
    expect(await rolesOf(username)).toEqual(body);
    const [row] = await ctx.db
      .select()
      .from(t.userRoles)
      .innerJoin(t.userAccounts, eq(t.userAccounts.id, t.userRoles.accountId))
      .where(eq(t.userAccounts.userName, username));
    expect(row?.user_roles).toMatchObject({
      divisionId: ctx.fixture.catalog.divisionId,
      departmentId: ctx.fixture.catalog.departmentId,
      courseId: null,
      sectionId: null,
      createdBy: ctx.fixture.accounts.admin.id,
    });
    expect(await auditOf(username)).toEqual([
      {
        id: expect.any(Number),
        event: 'ROLE_ASSIGNED',
        at: expect.any(String),
        actor: { userName: 'admin@store-a.test', name: 'admin' },
        before: [],
        after: [{ role: 'SUBMITTER', friendly: 'Submitter', scopes: ['Main Campus / BIO'] }],
      },
    ]);
  });

  it('grants several catalogs at once, down to a section', async () => {
    const username = await newUser();
    const { divisionId } = ctx.fixture.catalog;
    const res = await assign(admin, username, 'SUBMITTER', [
      { divisionId, departmentCode: 'CHEM', courseCode: chem.courseCode },
      { divisionId, departmentCode: 'BIO', courseCode: '101', sectionCode: '001' },
    ]);
    expect(res.statusCode).toBe(200);
    const list = res.json<UserRolesResponse>().authRoleCatalogsDTO[0]?.AuthCatalogList;
    expect(list).toEqual([
      expect.objectContaining({
        departmentCode: 'BIO',
        courseCode: '101',
        sectionCode: '001',
        termName: 'Fall 2026',
      }),
      expect.objectContaining({ departmentCode: 'CHEM', courseCode: '201', sectionCode: null }),
    ]);
  });

  it('refuses a duplicate with 409 and a catalog listed twice with 400', async () => {
    const username = await newUser();
    expect((await assign(admin, username, 'SUBMITTER', [bioScope()])).statusCode).toBe(200);
    const again = await assign(admin, username, 'SUBMITTER', [chemScope(), bioScope()]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: `${username} already has the Submitter role for Main Campus / BIO.`,
    });
    expect((await rolesOf(username)).authRoleCatalogsDTO[0]?.AuthCatalogList).toHaveLength(1);
    const twice = await assign(admin, username, 'SUBMITTER', [chemScope(), chemScope()]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'AuthCatalogList.1' });
  });

  it('assigns a role alone store-wide, once, and never mixed with catalogs', async () => {
    const username = await newUser();
    expect((await assignAlone(admin, username, 'CMA_MEMBER')).statusCode).toBe(200);
    const again = await assignAlone(admin, username, 'CMA_MEMBER');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `${username} already has the Course Materials Team role store-wide.`,
    );
    expect((await assign(admin, username, 'CMA_MEMBER', [bioScope()])).statusCode).toBe(409);
    expect((await assign(admin, username, 'SUBMITTER', [bioScope()])).statusCode).toBe(200);
    const mixed = await assignAlone(admin, username, 'SUBMITTER');
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toMatch(/remove those before assigning it store-wide/);
    expect(await auditOf(username)).toHaveLength(2);
  });

  it('keeps PERMISSION_ADMINISTRATOR role-only', async () => {
    const username = await newUser();
    const scoped = await assign(admin, username, 'PERMISSION_ADMINISTRATOR', [bioScope()]);
    expect(scoped.statusCode).toBe(400);
    expect(scoped.json()).toEqual({
      message:
        'Permission Administrator is assigned store-wide only; it cannot be limited to a catalog.',
      field: 'AuthCatalogList',
    });
    expect((await assignAlone(admin, username, 'PERMISSION_ADMINISTRATOR')).statusCode).toBe(200);
  });

  it("refuses another store's catalogs and users, and unknown catalog items, naming the field", async () => {
    const username = await newUser();
    const otherDivision = await assign(admin, username, 'SUBMITTER', [
      { divisionId: storeB.divisionId },
    ]);
    expect(otherDivision.statusCode).toBe(400);
    expect(otherDivision.json()).toMatchObject({ field: 'AuthCatalogList.0.divisionId' });
    const unknownDept = await assign(admin, username, 'SUBMITTER', [
      { divisionId: ctx.fixture.catalog.divisionId, departmentCode: 'NOPE' },
    ]);
    expect(unknownDept.json()).toEqual({
      message: 'AuthCatalogList.0.departmentCode: There is no department NOPE in that division.',
      field: 'AuthCatalogList.0.departmentCode',
    });
    const unknownSection = await assign(admin, username, 'SUBMITTER', [
      { ...bioScope(), courseCode: '101', sectionId: chem.sectionId },
    ]);
    expect(unknownSection.json()).toMatchObject({ field: 'AuthCatalogList.0.sectionId' });
    const courseWithoutDept = await assign(admin, username, 'SUBMITTER', [
      { divisionId: 1, courseCode: '101' },
    ]);
    expect(courseWithoutDept.statusCode).toBe(400);
    expect(courseWithoutDept.json()).toMatchObject({ field: 'AuthCatalogList.0.departmentCode' });
    const otherStoreUser = await assign(admin, 'admin@store-b.test', 'SUBMITTER', [bioScope()]);
    expect(otherStoreUser.statusCode).toBe(404);
    expect(otherStoreUser.json().message).toBe('No user found with that e-mail address.');
    expect(await rolesOf(username)).toEqual({ authRoleCatalogsDTO: [] });
  });

  it('answers every malformed request with a 4xx naming the field', async () => {
    const username = await newUser();
    const cases: [object | undefined, string][] = [
      [{ AuthCatalogList: [bioScope()] }, 'Role'],
      [{ Role: { id: 'x' }, AuthCatalogList: [bioScope()] }, 'Role.id'],
      [{ Role: { id: 99999 }, AuthCatalogList: [bioScope()] }, 'Role.id'],
      [
        { Role: { ...role('SUBMITTER'), name: 'CMA_MEMBER' }, AuthCatalogList: [bioScope()] },
        'Role.name',
      ],
      [{ Role: role('SUBMITTER'), AuthCatalogList: [] }, 'AuthCatalogList'],
      [
        { Role: role('SUBMITTER'), AuthCatalogList: [{ departmentCode: 'BIO' }] },
        'AuthCatalogList.0.divisionId',
      ],
      [undefined, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await callAs(ctx, admin, assignUserRolesAndCatalog, {
        query: { username },
        body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    const badRole = await callAs(ctx, admin, unAssignUserRoles, {
      query: { username },
      body: { name: 'SUBMITTER' },
    });
    expect(badRole.json()).toMatchObject({ field: 'id' });
  });

  it('lets only holders of ASSIGN_PERMISSIONS assign or remove', async () => {
    const username = await newUser();
    for (const res of [
      await assign(submitter, username, 'SUBMITTER', [bioScope()]),
      await assignAlone(submitter, username, 'SUBMITTER'),
      await callAs(ctx, submitter, unAssignUserRoles, {
        query: { username },
        body: role('SUBMITTER'),
      }),
      await callAs(ctx, submitter, unAssignUserRolesAndCatalog, {
        query: { username },
        body: { Role: role('SUBMITTER'), AuthCatalog: bioScope() },
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'You do not have permission to assign or remove roles.',
      });
    }
  });

  it('refuses escalation: nobody grants actions they do not hold at that scope', async () => {
    const username = await newUser();
    expect(
      (await assign(deptAdmin, username, 'SUBMITTER', [{ ...bioScope(), courseCode: '101' }]))
        .statusCode,
    ).toBe(200);
    const otherDept = await assign(deptAdmin, username, 'SUBMITTER', [chemScope()]);
    expect(otherDept.statusCode).toBe(403);
    expect(otherDept.json().message).toBe(
      'You cannot grant Submitter for Main Campus / CHEM: you do not hold ADOPT_COURSE there yourself.',
    );
    const storeWide = await assignAlone(deptAdmin, username, 'CMA_MEMBER');
    expect(storeWide.statusCode).toBe(403);
    expect(storeWide.json().message).toMatch(/^You cannot grant Course Materials Team store-wide/);
    expect((await assignAlone(deptAdmin, username, 'PERMISSION_ADMINISTRATOR')).statusCode).toBe(
      403,
    );
    expect((await assign(admin, username, 'SUBMITTER', [chemScope()])).statusCode).toBe(200);
    const removeChem = await callAs(ctx, deptAdmin, unAssignUserRolesAndCatalog, {
      query: { username },
      body: { Role: role('SUBMITTER'), AuthCatalog: chemScope() },
    });
    expect(removeChem.statusCode).toBe(403);
    expect(removeChem.json().message).toMatch(
      /^You cannot remove Submitter for Main Campus \/ CHEM/,
    );
    expect((await rolesOf(username)).authRoleCatalogsDTO[0]?.AuthCatalogList).toHaveLength(2);
  });

  it('lets a scoped assigner remove a role whose rows store only their own level', async () => {
    // Older or imported rows hold just the department id; the rule needs their whole ancestry.
    const username = await newUser();
    const [target] = await ctx.db
      .select({ id: t.userAccounts.id })
      .from(t.userAccounts)
      .where(eq(t.userAccounts.userName, username));
    await ctx.db.insert(t.userRoles).values({
      locationId: ctx.fixture.locations.a,
      accountId: target?.id ?? 0,
      roleId: role('SUBMITTER').id,
      departmentId: ctx.fixture.catalog.departmentId,
    });
    // An assigner who holds SUBMITTER's actions on the whole division, above the row.
    await addAccount(ctx.db, ctx.fixture.locations.a, 'division-admin@store-a.test', [
      { role: 'TEST_ASSIGNER' },
      { role: 'SUBMITTER', divisionId: ctx.fixture.catalog.divisionId },
    ]);
    const divisionAdmin = await signIn(ctx, 'division-admin@store-a.test');
    const res = await callAs(ctx, divisionAdmin, unAssignUserRoles, {
      query: { username },
      body: role('SUBMITTER'),
    });
    expect(res.statusCode).toBe(200);
    expect((await rolesOf(username)).authRoleCatalogsDTO).toEqual([]);
  });

  it('removes a whole role with every catalog, and audits it', async () => {
    const username = await newUser();
    await assign(admin, username, 'SUBMITTER', [bioScope(), chemScope()]);
    await assignAlone(admin, username, 'FULL_REPORTER');
    const res = await callAs(ctx, admin, unAssignUserRoles, {
      query: { username },
      body: role('SUBMITTER'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<UserRolesResponse>().authRoleCatalogsDTO.map((r) => r.Role.name)).toEqual([
      'FULL_REPORTER',
    ]);
    const [latest] = await auditOf(username);
    expect(latest).toMatchObject({
      event: 'ROLE_UNASSIGNED',
      before: [
        { role: 'FULL_REPORTER', scopes: [] },
        { role: 'SUBMITTER', scopes: ['Main Campus / BIO', 'Main Campus / CHEM'] },
      ],
      after: [{ role: 'FULL_REPORTER', scopes: [] }],
    });
    const again = await callAs(ctx, admin, unAssignUserRoles, {
      query: { username },
      body: role('SUBMITTER'),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`${username} does not have the Submitter role.`);
  });

  it('removes one catalog of a role, also from rows that store only their most specific id', async () => {
    const { locations, catalog } = ctx.fixture;
    const user = await addAccount(ctx.db, locations.a, `legacy${++counter}@store-a.test`, [
      { role: 'SUBMITTER', departmentId: catalog.departmentId },
      { role: 'SUBMITTER', departmentId: chem.departmentId },
    ]);
    const body = (scope: object) => ({ Role: role('SUBMITTER'), AuthCatalog: scope });
    const listed = (await rolesOf(user.userName)).authRoleCatalogsDTO[0]?.AuthCatalogList ?? [];
    expect(listed.map((c) => c.departmentCode)).toEqual(['BIO', 'CHEM']);
    // A listed scope can be sent back as it is.
    const res = await callAs(ctx, admin, unAssignUserRolesAndCatalog, {
      query: { username: user.userName },
      body: body(listed[0] ?? {}),
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<UserRolesResponse>()
        .authRoleCatalogsDTO[0]?.AuthCatalogList.map((c) => c.departmentCode),
    ).toEqual(['CHEM']);
    const [latest] = await auditOf(user.userName);
    expect(latest).toMatchObject({
      event: 'ROLE_SCOPE_UNASSIGNED',
      after: [{ role: 'SUBMITTER', scopes: ['Main Campus / CHEM'] }],
    });
    const again = await callAs(ctx, admin, unAssignUserRolesAndCatalog, {
      query: { username: user.userName },
      body: body(bioScope()),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      `${user.userName} does not have the Submitter role for Main Campus / BIO.`,
    );
    const otherStore = await callAs(ctx, admin, unAssignUserRolesAndCatalog, {
      query: { username: user.userName },
      body: body({ divisionId: storeB.divisionId }),
    });
    expect(otherStore.statusCode).toBe(400);
    expect(otherStore.json().field).toBe('AuthCatalog.divisionId');
  });

  it('does not let an administrator remove their own Permission Administrator role', async () => {
    const res = await callAs(ctx, admin, unAssignUserRoles, {
      query: { username: ctx.fixture.accounts.admin.userName },
      body: role('PERMISSION_ADMINISTRATOR'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot remove your own Permission Administrator role.');
  });

  it('does not let anyone grant roles to themselves, however much they may grant others', async () => {
    const userName = 'second-admin@store-a.test';
    await addAccount(ctx.db, ctx.fixture.locations.a, userName, [
      { role: 'PERMISSION_ADMINISTRATOR' },
    ]);
    const permissionAdmin = await signIn(ctx, userName);
    for (const res of [
      await assignAlone(permissionAdmin, userName, 'FULL_REPORTER'),
      await assign(permissionAdmin, userName, 'SUBMITTER', [bioScope()]),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message:
          'You cannot grant roles to your own account. Ask another permission administrator.',
      });
    }
    const held = (await rolesOf(userName)).authRoleCatalogsDTO.map((r) => r.Role.name);
    expect(held).toEqual(['PERMISSION_ADMINISTRATOR']);
    expect((await auditOf(userName)).map((e) => e.event)).toEqual([]);

    // The rest of the role's power stays: it still grants the same role to someone else.
    const other = await newUser();
    expect((await assignAlone(permissionAdmin, other, 'FULL_REPORTER')).statusCode).toBe(200);
    expect((await auditOf(other)).map((e) => [e.event, e.actor?.userName])).toEqual([
      ['ROLE_ASSIGNED', userName],
    ]);
  });
});
