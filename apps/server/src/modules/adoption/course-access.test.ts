import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_ACTION_TYPES,
  fillPath,
  getAdoptionActivityActionList,
  getCostGaps,
  getAdoptionMaterialMessagingStatusList,
  getCatalogActionList,
  getCourseUserActions,
  getProposedTitleTypes,
  type CostGapsAnswer,
  type Endpoint,
} from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { costWorld } from '../../test-support/cost-world.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import {
  addAccount,
  addCatalog,
  callAs,
  signIn,
  type Caller,
  type ExtraCatalog,
} from '../../test-support/permissions-test-support.ts';
import { ADOPTION_MESSAGES } from './messages.ts';

const engines = await testEngines();

/** Who may open a course of the adopt area, and what the course screen may offer them. */
describe.each(engines)('adoption: course access and reference lists (%s)', (engine) => {
  let ctx: TestContext;
  let chem: ExtraCatalog;
  const callers: Record<string, Caller> = {};

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    const { locations, catalog, accounts } = ctx.fixture;
    chem = await addCatalog(ctx.db, locations.a, {
      divisionId: catalog.divisionId,
      departmentCode: 'CHEM',
    });
    // A submitter of one CHEM section only, stored with its full ancestry as assignments are.
    const sectionSubmitter = await addAccount(ctx.db, locations.a, 'chem-section@store-a.test');
    const [submitter] = await ctx.db
      .select({ id: t.roles.id })
      .from(t.roles)
      .where(eq(t.roles.name, 'SUBMITTER'));
    await ctx.db.insert(t.userRoles).values({
      locationId: locations.a,
      accountId: sectionSubmitter.id,
      roleId: submitter?.id ?? 0,
      divisionId: chem.divisionId,
      departmentId: chem.departmentId,
      courseId: chem.courseId,
      sectionId: chem.sectionId,
    });
    for (const [key, userName] of [
      ['admin', accounts.admin.userName],
      ['department', accounts.submitterDepartment.userName],
      ['unscoped', accounts.submitterUnscoped.userName],
      ['instructor', accounts.instructor.userName],
      ['section', 'chem-section@store-a.test'],
    ] as const) {
      callers[key] = await signIn(ctx, userName);
    }
    await addAccount(ctx.db, locations.b, 'cma@store-b.test', [{ role: 'CMA_MEMBER' }]);
    // The course materials team of one department: the team's action there, not store-wide.
    await addAccount(ctx.db, locations.a, 'cma-bio@store-a.test', [
      { role: 'CMA_MEMBER', divisionId: catalog.divisionId, departmentId: catalog.departmentId },
    ]);
    callers['cmaDepartment'] = await signIn(ctx, 'cma-bio@store-a.test');
    callers['storeB'] = await signIn(ctx, 'cma@store-b.test', FIXTURE_HOSTS.b);
  });
  afterAll(async () => ctx?.close());

  const caller = (key: string): Caller => {
    const found = callers[key];
    if (!found) throw new Error(`no caller ${key}`);
    return found;
  };
  const course = (departmentCode: string, courseCode: string, divisionId?: number) => ({
    divisionId: divisionId ?? ctx.fixture.catalog.divisionId,
    departmentCode,
    courseCode,
  });
  const actionsOn = async (key: string, c: ReturnType<typeof course>) => {
    const who = caller(key);
    const res = await ctx.app.inject({
      url: fillPath(getCourseUserActions.path, { userAccountId: who.accountId, ...c }),
      headers: { host: who.host, 'auth-token': who.token },
    });
    return res;
  };

  it('tells each adopter what they may do on a course they work on', async () => {
    const bio = course('BIO', '101');
    const actions = async (key: string) => (await actionsOn(key, bio)).json().actions;
    // The administrator holds INSTRUCTOR too, but teaches nothing: it gives them nothing here.
    expect(await actions('admin')).toEqual([
      'ADOPT_CMA_TEAM',
      'ADOPT_COURSE',
      'ASSIGN_TITLE',
      'VIEW_SECTION',
    ]);
    expect(await actions('department')).toEqual(['ADOPT_COURSE', 'VIEW_SECTION']);
    expect(await actions('instructor')).toEqual(['ADOPT_INSTRUCTOR']);
    // A grant on one section opens its course, for what that section allows.
    const chemCourse = course('CHEM', chem.courseCode);
    expect((await actionsOn('section', chemCourse)).json()).toEqual({
      actions: ['ADOPT_COURSE', 'VIEW_SECTION'],
      // ...but nothing on the course itself: what applies to every section stays closed.
      courseActions: [],
      // The store has not let submitters choose print only.
      allowSubmittersToSelectPrintOnly: false,
      mayEditTitles: false,
    });
    expect((await actionsOn('department', bio)).json().courseActions).toEqual([
      'ADOPT_COURSE',
      'VIEW_SECTION',
    ]);
    // An instructor's action reaches the course of a section they teach (as mayDo says).
    expect((await actionsOn('instructor', bio)).json().courseActions).toEqual(['ADOPT_INSTRUCTOR']);
  });

  it("offers editing titles (every catalog's) only to the team store-wide, not to a department's", async () => {
    const bio = course('BIO', '101');
    expect((await actionsOn('admin', bio)).json().mayEditTitles).toBe(true);
    const department = (await actionsOn('cmaDepartment', bio)).json();
    expect(department.courseActions).toContain('ADOPT_CMA_TEAM');
    expect(department.mayEditTitles).toBe(false);
  });

  it('answers 404, as for a course that does not exist, outside the caller’s catalog', async () => {
    const notFound = { message: ADOPTION_MESSAGES.courseNotFound('CHEM', chem.courseCode) };
    for (const key of ['department', 'instructor']) {
      const res = await actionsOn(key, course('CHEM', chem.courseCode));
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await actionsOn('section', course('BIO', '101'))).statusCode).toBe(404);
    const missing = await actionsOn('admin', course('CHEM', 'NOPE'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: ADOPTION_MESSAGES.courseNotFound('CHEM', 'NOPE'),
    });
    // Store B's course-materials team, with store A's ids: not a course of their store.
    expect((await actionsOn('storeB', course('BIO', '101'))).statusCode).toBe(404);
  });

  it('refuses malformed course paths with a 400 naming the field', async () => {
    const bad = await actionsOn('admin', {
      divisionId: Number.NaN,
      departmentCode: 'BIO',
      courseCode: '101',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('divisionId');
    const long = await actionsOn('admin', course('BIO', 'x'.repeat(51)));
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('courseCode');
  });

  const list = (key: string, endpoint: Endpoint) => callAs(ctx, caller(key), endpoint);

  it('gives adopters the reference lists, in display order', async () => {
    const actionTypes = await list('department', getCatalogActionList);
    expect(actionTypes.json()).toEqual(
      Object.entries(CATALOG_ACTION_TYPES).map(([actionType, label]) => ({ actionType, label })),
    );
    expect(
      (await list('instructor', getAdoptionMaterialMessagingStatusList)).json(),
    ).toContainEqual({ name: 'RESPONSE_REQUIRED', label: 'Response required' });
    expect((await list('admin', getAdoptionActivityActionList)).json()).toContainEqual({
      name: 'MESSAGE_POSTED',
      label: 'Message posted',
    });
    const types = (await list('admin', getProposedTitleTypes)).json().proposedProductTypeDTOList;
    const names = types.map((type: { name: string }) => type.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort());
  });

  it('keeps the adopt area closed to users without an adopt action', async () => {
    for (const endpoint of [getCatalogActionList, getProposedTitleTypes]) {
      const res = await list('unscoped', endpoint);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ADOPTION_MESSAGES.mayNotAdopt });
    }
    expect((await actionsOn('unscoped', course('BIO', '101'))).statusCode).toBe(403);
  });

  it('lets the cost gaps report link a course exactly when its course detail opens', async () => {
    const w = costWorld(ctx);
    // Two sections of the course in the fixture's term with different titles: a gap.
    const withGap = async (courseId: number) => {
      for (const list of [9_000, 9_500]) {
        const titleId = await w.title('Gap title', { list });
        await w.adopt({ courseId, sectionIds: [await w.section(courseId)], titleId });
      }
    };
    const bioCourse = await w.course();
    await withGap(bioCourse);
    await withGap(chem.courseId);
    // Sees every section (FULL_REPORTER) but adopts only in Chemistry.
    await addAccount(ctx.db, ctx.fixture.locations.a, 'chemist@store-a.test', [
      { role: 'FULL_REPORTER' },
      { role: 'SUBMITTER', divisionId: chem.divisionId, departmentId: chem.departmentId },
    ]);
    callers['chemist'] = await signIn(ctx, 'chemist@store-a.test');
    const gaps = async (key: string) => {
      const query = { termId: ctx.fixture.catalog.termId };
      const res = await callAs(ctx, caller(key), getCostGaps, { query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CostGapsAnswer>().courses;
    };
    for (const key of ['chemist', 'admin']) {
      const courses = await gaps(key);
      expect(courses.map((c) => c.courseId)).toEqual([bioCourse, chem.courseId]);
      for (const c of courses) {
        const opened = await actionsOn(key, course(c.departmentCode, c.courseCode));
        expect(c.mayOpenCourse, `${key}: ${c.courseCode}`).toBe(opened.statusCode === 200);
      }
    }
    expect((await gaps('chemist')).map((c) => c.mayOpenCourse)).toEqual([false, true]);
    expect((await gaps('admin')).map((c) => c.mayOpenCourse)).toEqual([true, true]);
  });
});
