import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignUserRolesAndCatalog, fillPath, getUserActions } from '@csp/contracts';
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
 * The grants are read once per request: what a permission question costs does not grow with the
 * number of roles the caller holds (before, every action x scope pair re-read them).
 */
describe.each(engines)('permission checks cost a fixed number of queries (%s)', (engine) => {
  let ctx: TestContext;
  let statements = 0;
  let few: Caller;
  let many: Caller;
  let submitterRoleId: number;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { onQuery: () => statements++ });
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

  it('getUserActions: the session check and one grants read, however many grants', async () => {
    const withFew = await countStatements(() => actionsOf(few, 'few-grants@store-a.test'));
    const withMany = await countStatements(() => actionsOf(many, 'many-grants@store-a.test'));
    expect(withMany).toBe(withFew);
    expect(withFew).toBeLessThanOrEqual(2);
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
