import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema/index.ts';
import type { Session } from '../../lib/session.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import {
  addAccount,
  addCatalog,
  roleIdOf,
  type ExtraCatalog,
} from '../../test-support/permissions-test-support.ts';
import type { ActionName } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { resolveCatalogAncestry, type CatalogAncestry } from '../catalog/index.ts';
import { Grants, type CatalogItem } from './policy.ts';

// Each question on freshly loaded grants, as a request would ask it.
const mayDo = async (db: Db, s: Session, action: ActionName, item?: CatalogItem) =>
  (await Grants.load(db, s)).mayDo(action, item);
const holdsEverywhere = async (db: Db, s: Session, action: ActionName) =>
  (await Grants.load(db, s)).holdsEverywhere(action);
const missingActionToGrant = async (
  db: Db,
  s: Session,
  actions: string[],
  items: CatalogItem[],
) => {
  const scopes = await Promise.all(items.map((i) => resolveCatalogAncestry(db, s.locationId, i)));
  return (await Grants.load(db, s)).missingActionToGrant(actions, scopes as CatalogAncestry[]);
};

const engines = await testEngines();

describe.each(engines)('mayDo: catalog-scoped permission checks (%s)', (engine) => {
  let ctx: TestContext;
  let chem: ExtraCatalog;
  let storeB: ExtraCatalog;
  let divisionSubmitter: Session;

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
    const account = await addAccount(ctx.db, locations.a, 'division-submitter@store-a.test', [
      { role: 'SUBMITTER', divisionId: catalog.divisionId },
    ]);
    divisionSubmitter = {
      accountId: account.id,
      locationId: locations.a,
      userName: account.userName,
      sessionId: 0,
    };
  });
  afterAll(async () => ctx?.close());

  const sessionOf = (key: keyof TestContext['fixture']['accounts']): Session => ({
    accountId: ctx.fixture.accounts[key].id,
    locationId: ctx.fixture.locations.a,
    userName: ctx.fixture.accounts[key].userName,
    sessionId: 0,
  });
  const bio = () => ctx.fixture.catalog;

  describe('a SUBMITTER scoped to one department', () => {
    const submitter = () => sessionOf('submitterDepartment');

    it('may adopt for that department, its courses and its sections', async () => {
      const c = bio();
      for (const item of [
        { departmentId: c.departmentId },
        { courseId: c.courseId },
        { sectionId: c.sectionId },
        { divisionId: c.divisionId, departmentId: c.departmentId, courseId: c.courseId },
      ]) {
        expect(await mayDo(ctx.db, submitter(), 'ADOPT_COURSE', item), JSON.stringify(item)).toBe(
          true,
        );
        expect(await mayDo(ctx.db, submitter(), 'VIEW_SECTION', item)).toBe(true);
      }
    });

    it("may not for another department's department, courses or sections, nor the whole division", async () => {
      for (const item of [
        { departmentId: chem.departmentId },
        { courseId: chem.courseId },
        { sectionId: chem.sectionId },
        { divisionId: bio().divisionId },
      ]) {
        expect(await mayDo(ctx.db, submitter(), 'ADOPT_COURSE', item), JSON.stringify(item)).toBe(
          false,
        );
      }
    });

    it('may not in another store, nor with ids that do not belong together', async () => {
      for (const item of [
        { departmentId: storeB.departmentId },
        { courseId: storeB.courseId },
        { sectionId: storeB.sectionId },
        { divisionId: storeB.divisionId },
        { departmentId: chem.departmentId, courseId: bio().courseId },
        { sectionId: 999_999 },
      ]) {
        expect(await mayDo(ctx.db, submitter(), 'ADOPT_COURSE', item), JSON.stringify(item)).toBe(
          false,
        );
      }
    });

    it('holds nothing beyond its role, and without an item answers like the action list', async () => {
      expect(
        await mayDo(ctx.db, submitter(), 'ASSIGN_PERMISSIONS', { courseId: bio().courseId }),
      ).toBe(false);
      expect(await mayDo(ctx.db, submitter(), 'ADOPT_COURSE')).toBe(true);
      expect(await mayDo(ctx.db, submitter(), 'ADOPT_COURSE', {})).toBe(true);
      expect(await mayDo(ctx.db, submitter(), 'RETURN_RENTALS')).toBe(false);
      expect(await holdsEverywhere(ctx.db, submitter(), 'ADOPT_COURSE')).toBe(false);
    });
  });

  it('a SUBMITTER without a scope may do nothing anywhere', async () => {
    const s = sessionOf('submitterUnscoped');
    expect(await mayDo(ctx.db, s, 'ADOPT_COURSE', { sectionId: bio().sectionId })).toBe(false);
    expect(await mayDo(ctx.db, s, 'ADOPT_COURSE')).toBe(false);
  });

  it('a division-scoped assignment covers every department of the division only', async () => {
    expect(
      await mayDo(ctx.db, divisionSubmitter, 'ADOPT_COURSE', { sectionId: chem.sectionId }),
    ).toBe(true);
    expect(
      await mayDo(ctx.db, divisionSubmitter, 'ADOPT_COURSE', { courseId: bio().courseId }),
    ).toBe(true);
    expect(
      await mayDo(ctx.db, divisionSubmitter, 'ADOPT_COURSE', { sectionId: storeB.sectionId }),
    ).toBe(false);
  });

  it('store-wide roles apply everywhere in the store and nowhere else', async () => {
    const admin = sessionOf('admin');
    expect(await mayDo(ctx.db, admin, 'ADOPT_CMA_TEAM', { sectionId: chem.sectionId })).toBe(true);
    expect(await mayDo(ctx.db, admin, 'ADOPT_CMA_TEAM', { divisionId: bio().divisionId })).toBe(
      true,
    );
    expect(await mayDo(ctx.db, admin, 'ASSIGN_PERMISSIONS', { courseId: chem.courseId })).toBe(
      true,
    );
    expect(await mayDo(ctx.db, admin, 'ADOPT_CMA_TEAM', { sectionId: storeB.sectionId })).toBe(
      false,
    );
    expect(await holdsEverywhere(ctx.db, admin, 'ADOPT_CMA_TEAM')).toBe(true);
  });

  it('an INSTRUCTOR applies to the sections the professor teaches and their courses only', async () => {
    const instructor = sessionOf('instructor');
    const c = bio();
    expect(await mayDo(ctx.db, instructor, 'ADOPT_INSTRUCTOR', { sectionId: c.sectionId })).toBe(
      true,
    );
    expect(await mayDo(ctx.db, instructor, 'ADOPT_INSTRUCTOR', { courseId: c.courseId })).toBe(
      true,
    );
    expect(
      await mayDo(ctx.db, instructor, 'ADOPT_INSTRUCTOR', { departmentId: c.departmentId }),
    ).toBe(false);
    expect(await mayDo(ctx.db, instructor, 'ADOPT_INSTRUCTOR', { sectionId: chem.sectionId })).toBe(
      false,
    );
    expect(await holdsEverywhere(ctx.db, instructor, 'ADOPT_INSTRUCTOR')).toBe(false);
    const unlinked = sessionOf('instructorUnlinked');
    expect(await mayDo(ctx.db, unlinked, 'ADOPT_INSTRUCTOR', { sectionId: c.sectionId })).toBe(
      false,
    );
  });

  it('reads the role -> action mapping from the database', async () => {
    const s = sessionOf('submitterDepartment');
    const item = { sectionId: bio().sectionId };
    expect(await mayDo(ctx.db, s, 'RETURN_RENTALS', item)).toBe(false);
    const [action] = await ctx.db
      .select()
      .from(t.actions)
      .where(eq(t.actions.name, 'RETURN_RENTALS'));
    const roleId = await roleIdOf(ctx.db, 'SUBMITTER');
    if (!action) throw new Error('no action');
    await ctx.db.insert(t.roleActions).values({ roleId, actionId: action.id });
    try {
      expect(await mayDo(ctx.db, s, 'RETURN_RENTALS', item)).toBe(true);
      expect(await mayDo(ctx.db, s, 'RETURN_RENTALS', { sectionId: chem.sectionId })).toBe(false);
    } finally {
      await ctx.db
        .delete(t.roleActions)
        .where(and(eq(t.roleActions.roleId, roleId), eq(t.roleActions.actionId, action.id)));
    }
  });

  it('missingActionToGrant: scoped holders grant only inside their scope; store-wide PA always', async () => {
    const s = sessionOf('submitterDepartment');
    const actions = ['ADOPT_COURSE', 'VIEW_SECTION'];
    expect(
      await missingActionToGrant(ctx.db, s, actions, [{ courseId: bio().courseId }]),
    ).toBeNull();
    expect(await missingActionToGrant(ctx.db, s, actions, [{ courseId: chem.courseId }])).toEqual({
      action: 'ADOPT_COURSE',
      scopeIndex: 0,
    });
    expect(await missingActionToGrant(ctx.db, s, actions, [])).toEqual({
      action: 'ADOPT_COURSE',
      scopeIndex: null,
    });
    expect(await missingActionToGrant(ctx.db, sessionOf('admin'), ['ANYTHING'], [])).toBeNull();
  });
});
