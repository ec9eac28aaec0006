import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignUserRolesAndCatalog,
  fillPath,
  getUserActions,
  getUserRolesAndCatalog,
} from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import {
  addAccount,
  addCatalog,
  addCustomRole,
  callAs,
  signIn,
  type Caller,
} from '../../test-support/permissions-test-support.ts';

const engines = await testEngines();

/**
 * The grants are read once per request, by the session check's own statement: a signed-in call
 * costs one statement before its handler, and what a permission question costs does not grow
 * with the number of roles the caller holds (before, every action x scope pair re-read them).
 */
describe.each(engines)('permission checks cost a fixed number of queries (%s)', (engine) => {
  let ctx: TestContext;
  let statements = 0;
  const texts: string[] = [];
  let few: Caller;
  let many: Caller;
  let submitterRoleId: number;

  beforeAll(async () => {
    ctx = await createTestApp(engine, {
      onQuery: (text) => {
        statements++;
        texts.push(text);
      },
    });
    const { locations, catalog } = ctx.fixture;
    await addCustomRole(ctx.db, 'COUNT_ASSIGNER', ['ASSIGN_PERMISSIONS']);
    await addAccount(ctx.db, locations.a, 'few-grants@store-a.test', [
      { role: 'COUNT_ASSIGNER' },
      { role: 'SUBMITTER', departmentId: catalog.departmentId, divisionId: catalog.divisionId },
    ]);
    // The same power, plus 24 more scoped grants: 24 departments of their own.
    const extra = [];
    for (let i = 0; i < 24; i++) {
      const dept = await addCatalog(ctx.db, locations.a, {
        divisionId: catalog.divisionId,
        departmentCode: `QC${i}`,
      });
      extra.push({
        role: 'SUBMITTER',
        departmentId: dept.departmentId,
        divisionId: dept.divisionId,
      });
    }
    await addAccount(ctx.db, locations.a, 'many-grants@store-a.test', [
      { role: 'COUNT_ASSIGNER' },
      { role: 'SUBMITTER', departmentId: catalog.departmentId, divisionId: catalog.divisionId },
      ...extra,
    ]);
    few = await signIn(ctx, 'few-grants@store-a.test');
    many = await signIn(ctx, 'many-grants@store-a.test');
    const roles = await ctx.db.select().from(t.roles);
    submitterRoleId = roles.find((r) => r.name === 'SUBMITTER')?.id ?? 0;
  });
  afterAll(async () => ctx?.close());

  async function countStatements(run: () => Promise<{ statusCode: number }>) {
    statements = 0;
    const res = await run();
    expect(res.statusCode).toBe(200);
    return statements;
  }

  const actionsOf = (caller: Caller, userName: string) =>
    ctx.app.inject({
      url: `${fillPath(getUserActions.path, { userAccountId: caller.accountId })}?user_name=${userName}`,
      headers: authHeaders(caller.host, caller.token),
    });

  it('getUserActions: one statement (the session check reads the grants), however many grants', async () => {
    expect(await countStatements(() => actionsOf(few, 'few-grants@store-a.test'))).toBe(1);
    expect(await countStatements(() => actionsOf(many, 'many-grants@store-a.test'))).toBe(1);
  });

  it("an instructor's actions, which depend on the sections they teach, cost that one statement too", async () => {
    const { accounts } = ctx.fixture;
    const instructor = await signIn(ctx, accounts.instructor.userName);
    statements = 0;
    const res = await actionsOf(instructor, accounts.instructor.userName);
    expect(res.json()).toEqual({ actions: ['ADOPT_INSTRUCTOR'] });
    expect(statements).toBe(1);
  });

  it("a handler that asks the grants and reads its own rows: the session check is the call's only auth statement", async () => {
    texts.length = 0;
    const res = await callAs(ctx, few, getUserRolesAndCatalog, {
      query: { username: 'many-grants@store-a.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(texts.length).toBeGreaterThan(1);
    // The first statement is the session check, carrying the grants (on PGlite, the EXECUTE of
    // its prepared statement); none after it re-reads them.
    expect(texts[0]).toMatch(/"sessions"|^execute csp_session_check_/);
    expect(texts.slice(1).filter((s) => /"sessions"|"role_actions"|"professors"/.test(s))).toEqual(
      [],
    );
  });

  it('an assignment costs the same with 2 grants or 26', async () => {
    let n = 0;
    const assign = (caller: Caller) =>
      callAs(ctx, caller, assignUserRolesAndCatalog, {
        query: { username: `count-target${++n}@store-a.test` },
        body: {
          Role: { id: submitterRoleId },
          AuthCatalogList: [{ divisionId: ctx.fixture.catalog.divisionId, departmentCode: 'BIO' }],
        },
      });
    await addAccount(ctx.db, ctx.fixture.locations.a, 'count-target1@store-a.test');
    await addAccount(ctx.db, ctx.fixture.locations.a, 'count-target2@store-a.test');
    const withFew = await countStatements(() => assign(few));
    const withMany = await countStatements(() => assign(many));
    expect(withMany).toBe(withFew);
    expect(withFew).toBeLessThanOrEqual(16);
  });
});
