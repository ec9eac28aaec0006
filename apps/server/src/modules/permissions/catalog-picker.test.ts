import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAllRoles,
  getAuthCourses,
  getAuthDepartments,
  getAuthDivisions,
  getAuthSections,
  ROLES,
} from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import {
  addCatalog,
  callAs,
  signIn,
  type Caller,
  type ExtraCatalog,
} from '../../test-support/permissions-test-support.ts';

const engines = await testEngines();

describe.each(engines)('role and catalog pickers (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let submitter: Caller;
  let storeB: ExtraCatalog;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    const { locations, catalog } = ctx.fixture;
    await addCatalog(ctx.db, locations.a, { divisionName: 'Zeta Campus', departmentCode: 'ZOO' });
    await addCatalog(ctx.db, locations.a, { divisionName: 'Alpha Campus', departmentCode: 'ART' });
    await addCatalog(ctx.db, locations.a, {
      divisionId: catalog.divisionId,
      departmentCode: 'ANA',
      departmentName: 'Anatomy',
    });
    await ctx.db.insert(t.departments).values({
      locationId: locations.a,
      divisionId: catalog.divisionId,
      code: 'EMPTY',
      name: '  ',
    });
    storeB = await addCatalog(ctx.db, locations.b, {
      divisionName: 'B Campus',
      departmentCode: 'BIO',
    });
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    submitter = await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName);
  });
  afterAll(async () => ctx?.close());

  it('lists every role with its friendly name and description', async () => {
    const res = await callAs(ctx, admin, getAllRoles);
    expect(res.statusCode).toBe(200);
    const roles = res.json<{ name: string; friendly: string; description: string }[]>();
    expect(roles.map((r) => r.name).sort()).toEqual([...ROLES].sort());
    expect(roles.every((r) => r.friendly && r.description)).toBe(true);
  });

  it("lists the store's divisions sorted by name", async () => {
    const res = await callAs(ctx, admin, getAuthDivisions);
    expect(res.json<{ divisionName: string }[]>().map((d) => d.divisionName)).toEqual([
      'Alpha Campus',
      'Main Campus',
      'Zeta Campus',
    ]);
  });

  it('lists departments by name without empty names', async () => {
    const res = await callAs(ctx, admin, getAuthDepartments, {
      query: { divisionId: ctx.fixture.catalog.divisionId },
    });
    expect(res.json()).toEqual([
      { departmentCode: 'ANA', departmentName: 'Anatomy' },
      { departmentCode: 'BIO', departmentName: 'Biology' },
    ]);
  });

  it('lists courses and sections, with term names cut at the first hyphen', async () => {
    const { divisionId } = ctx.fixture.catalog;
    const courses = await callAs(ctx, admin, getAuthCourses, {
      query: { divisionId, departmentCode: 'BIO' },
    });
    expect(courses.json()).toEqual([{ courseCode: '101', courseName: 'Intro Biology' }]);
    const sections = await callAs(ctx, admin, getAuthSections, {
      query: { divisionId, departmentCode: 'BIO', courseCode: '101' },
    });
    expect(sections.json()).toEqual([
      {
        sectionId: ctx.fixture.catalog.sectionId,
        sectionCode: '001',
        termName: 'Fall 2026',
        startDate: '2026-08-24',
        endDate: '2026-12-18',
      },
    ]);
  });

  it("answers 404 for another store's or an unknown parent, naming the field", async () => {
    const { divisionId } = ctx.fixture.catalog;
    const otherStore = await callAs(ctx, admin, getAuthDepartments, {
      query: { divisionId: storeB.divisionId },
    });
    expect(otherStore.statusCode).toBe(404);
    expect(otherStore.json()).toEqual({
      message: `There is no division ${storeB.divisionId} in this store.`,
      field: 'divisionId',
    });
    const dept = await callAs(ctx, admin, getAuthCourses, {
      query: { divisionId, departmentCode: 'NOPE' },
    });
    expect(dept.statusCode).toBe(404);
    expect(dept.json().field).toBe('departmentCode');
    const course = await callAs(ctx, admin, getAuthSections, {
      query: { divisionId, departmentCode: 'BIO', courseCode: '999' },
    });
    expect(course.statusCode).toBe(404);
    expect(course.json().field).toBe('courseCode');
  });

  it('answers 400 naming the field for malformed queries', async () => {
    for (const [contract, query, field] of [
      [getAuthDepartments, {}, 'divisionId'],
      [getAuthDepartments, { divisionId: 'all' }, 'divisionId'],
      [getAuthDepartments, { divisionId: -1 }, 'divisionId'],
      [getAuthCourses, { divisionId: 1 }, 'departmentCode'],
      [getAuthSections, { divisionId: 1, departmentCode: 'BIO', courseCode: '' }, 'courseCode'],
    ] as const) {
      const res = await callAs(ctx, admin, contract, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().field, JSON.stringify(query)).toBe(field);
    }
  });

  it('is only for holders of ASSIGN_PERMISSIONS', async () => {
    const { divisionId } = ctx.fixture.catalog;
    for (const [contract, query] of [
      [getAllRoles, {}],
      [getAuthDivisions, {}],
      [getAuthDepartments, { divisionId }],
      [getAuthCourses, { divisionId, departmentCode: 'BIO' }],
      [getAuthSections, { divisionId, departmentCode: 'BIO', courseCode: '101' }],
    ] as const) {
      const res = await callAs(ctx, submitter, contract, { query });
      expect(res.statusCode, contract.path).toBe(403);
    }
  });
});
