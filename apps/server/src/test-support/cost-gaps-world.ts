import { eq } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { costWorld, type CostWorld } from './cost-world.ts';
import { signIn, type Caller } from './permissions-test-support.ts';
import type { TestContext } from './test-app.ts';
import { day } from './today.ts';

type Key = 'exact' | 'over' | 'over1' | 'over2' | 'materials' | 'mat1' | 'mat2' | 'unknown';

/** The courses of cost-gaps.test.ts, by what each shows, and the callers it asks as. */
export interface CostGapsWorld {
  w: CostWorld;
  ids: Record<Key | 'unk1' | 'unk2' | 'allUnknown' | 'ntr', number>;
  admin: Caller;
  /** VIEW_SECTION over the dear section of "over" only. */
  narrow: Caller;
  /** Store B's course materials team member. */
  storeB: Caller;
}

/**
 * Courses in the fixture's term whose sections differ by exactly the gap threshold, a cent
 * over it, by their titles at the same cost, by an unknown cost, with no known cost at all, and
 * by no text required against optional-only (issue 31, point 5).
 */
export async function costGapsWorld(ctx: TestContext): Promise<CostGapsWorld> {
  const w = costWorld(ctx);
  const ids = {} as CostGapsWorld['ids'];
  /** A section of `courseId` in the fixture's term, running from before today into next term. */
  const section = async (courseId: number, code: string) => {
    const [row] = await ctx.db
      .insert(t.sections)
      .values({
        locationId: w.locationId,
        courseId,
        termId: ctx.fixture.catalog.termId,
        code,
        startDate: day(-20),
        endDate: day(100),
      })
      .returning({ id: t.sections.id });
    return row!.id;
  };
  const admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
  const cheap = await w.title('Cheap Reader', { list: 2_000 });
  const other = await w.title('Other Reader', { list: 2_000 });
  const unpriced = await w.title('Unpriced Atlas', { list: 0 });
  // The same title costs $20 bought and its digital price as inclusive access: the sections
  // differ in cost alone, not in materials.
  const fifty = await w.title('Fifty Apart', { list: 2_000, digital: 7_000 });
  const fiftyAndACent = await w.title('A Cent Over', { list: 2_000, digital: 7_001 });

  // Course "exact": 001 costs $20, 002 exactly $50 more: no gap.
  ids.exact = await w.course();
  const e1 = await section(ids.exact, '001');
  const e2 = await section(ids.exact, '002');
  await w.adopt({ courseId: ids.exact, sectionIds: [e1], titleId: fifty });
  await w.adopt({
    courseId: ids.exact,
    sectionIds: [e2],
    titleId: fifty,
    kind: 'INCLUSIVE_ACCESS',
  });

  // Course "over": 001 $20, 002 a cent more than $50 above it, 003 not adopted yet.
  ids.over = await w.course();
  ids.over1 = await section(ids.over, '001');
  ids.over2 = await section(ids.over, '002');
  await section(ids.over, '003');
  await w.adopt({ courseId: ids.over, sectionIds: [ids.over1], titleId: fiftyAndACent });
  await w.adopt({
    courseId: ids.over,
    sectionIds: [ids.over2],
    titleId: fiftyAndACent,
    kind: 'INCLUSIVE_ACCESS',
  });

  // Course "materials": same price, other titles.
  ids.materials = await w.course();
  ids.mat1 = await section(ids.materials, '001');
  ids.mat2 = await section(ids.materials, '002');
  await w.adopt({ courseId: ids.materials, sectionIds: [ids.mat1], titleId: cheap });
  await w.adopt({ courseId: ids.materials, sectionIds: [ids.mat2], titleId: other });

  // Course "unknown": 002's cost is unknown (an unpriced title beside the shared one).
  ids.unknown = await w.course();
  ids.unk1 = await section(ids.unknown, '001');
  ids.unk2 = await section(ids.unknown, '002');
  await w.adopt({ courseId: ids.unknown, sectionIds: [ids.unk1, ids.unk2], titleId: cheap });
  await w.adopt({ courseId: ids.unknown, sectionIds: [ids.unk2], titleId: unpriced });

  // Course "all unknown": no section has a known cost, so nothing to name as the cheapest.
  ids.allUnknown = await w.course();
  const a1 = await section(ids.allUnknown, '001');
  const a2 = await section(ids.allUnknown, '002');
  await w.adopt({ courseId: ids.allUnknown, sectionIds: [a1], titleId: unpriced });
  await w.adopt({ courseId: ids.allUnknown, sectionIds: [a2], titleId: unpriced });
  await w.adopt({ courseId: ids.allUnknown, sectionIds: [a2], titleId: cheap });

  // Course "ntr": no text required (ZTC) beside an optional-only section: both require
  // nothing, the same (empty) materials, the same cost: no gap.
  ids.ntr = await w.course();
  const n1 = await section(ids.ntr, '001');
  const n2 = await section(ids.ntr, '002');
  await w.adopt({ courseId: ids.ntr, sectionIds: [n1], noTextRequired: true });
  await w.adopt({ courseId: ids.ntr, sectionIds: [n2], titleId: cheap, required: false });

  // A caller whose VIEW_SECTION covers only the dear section of "over".
  const [submitterRole] = await ctx.db
    .select({ id: t.roles.id })
    .from(t.roles)
    .where(eq(t.roles.name, 'SUBMITTER'));
  await ctx.db.insert(t.userRoles).values({
    locationId: w.locationId,
    accountId: ctx.fixture.accounts.submitterUnscoped.id,
    roleId: submitterRole!.id,
    sectionId: ids.over2,
  });
  const narrow = await signIn(ctx, ctx.fixture.accounts.submitterUnscoped.userName);
  const [cma] = await ctx.db
    .select({ id: t.roles.id })
    .from(t.roles)
    .where(eq(t.roles.name, 'CMA_MEMBER'));
  await ctx.db.insert(t.userRoles).values({
    locationId: ctx.fixture.locations.b,
    accountId: ctx.fixture.accounts.storeB.id,
    roleId: cma!.id,
  });
  const storeB = await signIn(ctx, ctx.fixture.accounts.storeB.userName, 'store-b.test');
  return { w, ids, admin, narrow, storeB };
}
