import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionName } from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import {
  addAccount,
  addCatalog,
  type ExtraCatalog,
} from '../../test-support/permissions-test-support.ts';
import { Grants } from './policy.ts';

const engines = await testEngines();

/** "Which rows may they act on", asked by a list query as a predicate it joins on. */
describe.each(engines)('Grants.scopePredicate and mayDoEach (%s)', (engine) => {
  let ctx: TestContext;
  let chem: ExtraCatalog;
  let statements = 0;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { onQuery: () => statements++ });
    chem = await addCatalog(ctx.db, ctx.fixture.locations.a, {
      divisionId: ctx.fixture.catalog.divisionId,
      departmentCode: 'CHEM',
    });
    // A section-scoped SUBMITTER: the grant row keeps its full ancestry, as assignments store it.
    const account = await addAccount(ctx.db, ctx.fixture.locations.a, 'section-sub@store-a.test');
    const [submitter] = await ctx.db
      .select({ id: t.roles.id })
      .from(t.roles)
      .where(eq(t.roles.name, 'SUBMITTER'));
    await ctx.db.insert(t.userRoles).values({
      locationId: ctx.fixture.locations.a,
      accountId: account.id,
      roleId: submitter?.id ?? 0,
      divisionId: chem.divisionId,
      departmentId: chem.departmentId,
      courseId: chem.courseId,
      sectionId: chem.sectionId,
    });
  });
  afterAll(async () => ctx?.close());

  const grantsOf = (accountId: number) =>
    Grants.load(ctx.db, { accountId, locationId: ctx.fixture.locations.a });

  /** The store's courses the account may `action` on, through the predicate. */
  async function visibleCourses(accountId: number, action: ActionName): Promise<number[]> {
    const predicate = await (
      await grantsOf(accountId)
    ).scopePredicate(action, {
      divisionId: t.courses.divisionId,
      departmentId: t.courses.departmentId,
      courseId: t.courses.id,
    });
    const rows = await ctx.db
      .select({ id: t.courses.id })
      .from(t.courses)
      .where(and(eq(t.courses.locationId, ctx.fixture.locations.a), predicate))
      .orderBy(asc(t.courses.id));
    return rows.map((r) => r.id);
  }

  it('admits every course store-wide, the department’s for a scoped submitter, none unscoped', async () => {
    const { accounts, catalog } = ctx.fixture;
    expect(await visibleCourses(accounts.admin.id, 'ADOPT_CMA_TEAM')).toEqual(
      [catalog.courseId, chem.courseId].sort((a, b) => a - b),
    );
    expect(await visibleCourses(accounts.submitterDepartment.id, 'ADOPT_COURSE')).toEqual([
      catalog.courseId,
    ]);
    expect(await visibleCourses(accounts.submitterUnscoped.id, 'ADOPT_COURSE')).toEqual([]);
    expect(await visibleCourses(accounts.submitterDepartment.id, 'RETURN_RENTALS')).toEqual([]);
  });

  /** The store's sections the account may `action` on, through the predicate at section level. */
  async function visibleSections(accountId: number, action: ActionName): Promise<number[]> {
    const predicate = await (
      await grantsOf(accountId)
    ).scopePredicate(action, {
      divisionId: t.courses.divisionId,
      departmentId: t.courses.departmentId,
      courseId: t.courses.id,
      sectionId: t.sections.id,
    });
    const rows = await ctx.db
      .select({ id: t.sections.id })
      .from(t.sections)
      .innerJoin(t.courses, eq(t.courses.id, t.sections.courseId))
      .where(and(eq(t.sections.locationId, ctx.fixture.locations.a), predicate))
      .orderBy(asc(t.sections.id));
    return rows.map((r) => r.id);
  }

  it('admits an instructor’s taught courses; a section grant admits its section, not the course', async () => {
    const { accounts, catalog } = ctx.fixture;
    expect(await visibleCourses(accounts.instructor.id, 'ADOPT_INSTRUCTOR')).toEqual([
      catalog.courseId,
    ]);
    expect(await visibleCourses(accounts.instructorUnlinked.id, 'ADOPT_INSTRUCTOR')).toEqual([]);
    const [sectionSub] = await ctx.db
      .select({ id: t.userAccounts.id })
      .from(t.userAccounts)
      .where(eq(t.userAccounts.userName, 'section-sub@store-a.test'));
    // As mayDo: a grant applies inside its own subtree, so the course above it is not admitted.
    expect(await visibleCourses(sectionSub?.id ?? 0, 'ADOPT_COURSE')).toEqual([]);
    expect(await visibleSections(sectionSub?.id ?? 0, 'ADOPT_COURSE')).toEqual([chem.sectionId]);
    expect(await visibleSections(accounts.instructor.id, 'ADOPT_INSTRUCTOR')).toEqual([
      catalog.sectionId,
    ]);
    const grants = await grantsOf(sectionSub?.id ?? 0);
    expect(await grants.mayDo('ADOPT_COURSE', { courseId: chem.courseId })).toBe(false);
    expect(await grants.mayDo('ADOPT_COURSE', { sectionId: chem.sectionId })).toBe(true);
  });

  it('answers for rows already read in memory: 20 rows cost no policy query', async () => {
    const { accounts, catalog } = ctx.fixture;
    const grants = await grantsOf(accounts.submitterDepartment.id);
    const bio = { ...catalog, sectionId: null };
    const other = { ...chem, sectionId: null };
    const rows = Array.from({ length: 20 }, (_, i) => (i % 2 ? other : bio));
    statements = 0;
    const answers = await grants.mayDoEach('ADOPT_COURSE', rows);
    expect(statements).toBe(0);
    expect(answers).toEqual(rows.map((r) => r === bio));
  });
});
