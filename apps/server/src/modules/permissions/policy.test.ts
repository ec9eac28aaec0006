import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import { getPermittedActions, Grants } from './policy.ts';

const engines = await testEngines();

describe.each(engines)('permissions policy (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  const actionsOf = (account: keyof TestContext['fixture']['accounts'], store: 'a' | 'b' = 'a') =>
    getPermittedActions(ctx.db, ctx.fixture.accounts[account].id, ctx.fixture.locations[store]);

  it('a SUBMITTER without a scope grants nothing', async () => {
    expect(await actionsOf('submitterUnscoped')).toEqual([]);
  });

  it('a SUBMITTER scoped to a department grants its actions', async () => {
    expect(await actionsOf('submitterDepartment')).toEqual(['ADOPT_COURSE', 'VIEW_SECTION']);
  });

  it('an INSTRUCTOR grants its actions only when linked to a teaching professor', async () => {
    expect(await actionsOf('instructor')).toEqual(['ADOPT_INSTRUCTOR']);
    expect(await actionsOf('instructorUnlinked')).toEqual([]);
  });

  it('unions, de-duplicates and sorts the actions of all assignments', async () => {
    const actions = await actionsOf('admin');
    expect(actions).toEqual([...new Set(actions)].sort());
    expect(actions).toEqual(
      expect.arrayContaining(['ADOPT_COURSE', 'ASSIGN_PERMISSIONS', 'DATA_MANAGER']),
    );
    // The admin's INSTRUCTOR role is not backed by a professor link.
    expect(actions).not.toContain('ADOPT_INSTRUCTOR');
  });

  it('only counts assignments in the given store', async () => {
    expect(await actionsOf('storeB', 'a')).toEqual([]);
    expect(await actionsOf('storeB', 'b')).toContain('VIEW_TRANSACTIONS');
  });

  it('answers for a session whether it holds an action anywhere', async () => {
    const session = {
      accountId: ctx.fixture.accounts.submitterDepartment.id,
      locationId: ctx.fixture.locations.a,
      userName: ctx.fixture.accounts.submitterDepartment.userName,
      sessionId: 0,
    };
    const grants = await Grants.load(ctx.db, session);
    expect(await grants.mayDo('ADOPT_COURSE')).toBe(true);
    expect(await grants.mayDo('ASSIGN_PERMISSIONS')).toBe(false);
  });
});
