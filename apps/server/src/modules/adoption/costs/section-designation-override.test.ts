import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getSectionCost,
  MAX_DESIGNATION_REASON_LENGTH,
  setSectionDesignation,
  updateTitleKind,
  type DesignationOverrideBody,
  type SectionCost,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import * as t from '../../../db/schema/index.ts';
import { costWorld, type CostWorld } from '../../../test-support/cost-world.ts';
import {
  addAccount,
  addCatalog,
  callAs,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';
import * as repo from './section-costs-repository.ts';
import { overrideDesignation } from './section-costs.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';

const engines = await testEngines();

/** The store's override of a section's designation, with its reason kept in history (issue 31). */
describe.each(engines)('a section designation override (%s)', (engine) => {
  let ctx: TestContext;
  let w: CostWorld;
  let admin: Caller;
  let submitter: Caller;
  let storeB: Caller;
  let sectionId: number;
  let bookId: number;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = costWorld(ctx);
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    submitter = await signIn(ctx, ctx.fixture.accounts.submitterDepartment.userName);
    // Store B's course materials team: holds the action, but only in its own store.
    const [cma] = await ctx.db
      .select({ id: t.roles.id })
      .from(t.roles)
      .where(eq(t.roles.name, 'CMA_MEMBER'));
    await ctx.db.insert(t.userRoles).values({
      locationId: ctx.fixture.locations.b,
      accountId: ctx.fixture.accounts.storeB.id,
      roleId: cma!.id,
    });
    storeB = await signIn(ctx, ctx.fixture.accounts.storeB.userName, 'store-b.test');
    const courseId = await w.course();
    sectionId = await w.section(courseId);
    bookId = await w.title('Campbell Biology', { list: 8_500 });
    await w.adopt({ courseId, sectionIds: [sectionId], titleId: bookId });
  });
  afterAll(async () => ctx?.close());

  const set = (body: Partial<DesignationOverrideBody>, who: Caller = admin) =>
    callAs(ctx, who, setSectionDesignation, { body: { sectionId, ...body } });
  const read = async (who: Caller = admin) => {
    const res = await callAs(ctx, who, getSectionCost, { query: { sectionId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SectionCost>();
  };

  it('answers the kept figures and designation before any override', async () => {
    expect(await read()).toMatchObject({
      sectionId,
      lowCents: 8_500,
      highCents: 8_500,
      keptDesignation: 'NONE',
      reason: 'Required materials cost $85.00 at the cheapest, over the $40.00 low-cost threshold',
      override: null,
      designation: 'NONE',
      history: [],
    });
  });

  it('sets an override with its reason, once however often it is sent', async () => {
    const body = { designation: 'LTC' as const, reason: '  Students get a loaner copy.  ' };
    const [first, again] = [await set(body), await set(body)];
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    const answer = again.json<SectionCost>();
    expect(answer).toMatchObject({ override: 'LTC', designation: 'LTC', keptDesignation: 'NONE' });
    expect(answer.history).toHaveLength(1);
    expect(answer.history[0]).toMatchObject({
      action: 'SET',
      designation: 'LTC',
      reason: 'Students get a loaner copy.',
      actor: { userName: ctx.fixture.accounts.admin.userName },
    });
    const [row] = await ctx.db
      .select({ designation: t.sections.designation })
      .from(t.sections)
      .where(eq(t.sections.id, sectionId));
    expect(row?.designation).toBe('LTC');
  });

  // PostgreSQL only: PGlite has one connection, so two transactions never wait on each other.
  it.runIf(engine === 'postgres')(
    'records once an override sent again while the first still holds the section',
    async () => {
      const other = await w.section(await w.course());
      const body = { sectionId: other, designation: 'ZTC' as const, reason: 'Library copies.' };
      const session = {
        accountId: ctx.fixture.accounts.admin.id,
        locationId: ctx.fixture.locations.a,
        sessionId: 0,
        userName: ctx.fixture.accounts.admin.userName,
      };
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // The first press: holds the section's lock while the second press starts and waits.
      const first = ctx.db.transaction(async (tx) => {
        await repo.lockOverride(tx as unknown as Db, session.locationId, other);
        locked();
        await held;
        await repo.writeOverride(tx as unknown as Db, {
          ...body,
          locationId: session.locationId,
          actorAccountId: session.accountId,
          at: new Date(),
        });
      });
      await isLocked;
      const second = overrideDesignation(ctx.db, session, body, new Date());
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await first;
      await second;
      expect(await repo.listOverrideHistory(ctx.db, other)).toHaveLength(1);
    },
  );

  it('clears the override, keeping the history newest first', async () => {
    const changed = await set({ designation: 'ZTC', reason: 'The library lends every copy.' });
    expect(changed.statusCode, changed.body).toBe(200);
    const cleared = await set({ designation: null, reason: 'The loan programme ended.' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    // Clearing again changes nothing and records nothing.
    await set({ designation: null, reason: 'Cleared twice.' });
    const answer = await read();
    expect(answer).toMatchObject({ override: null, designation: 'NONE' });
    expect(answer.history.map((e) => [e.action, e.designation, e.reason])).toEqual([
      ['CLEARED', null, 'The loan programme ended.'],
      ['SET', 'ZTC', 'The library lends every copy.'],
      ['SET', 'LTC', 'Students get a loaner copy.'],
    ]);
  });

  it('refuses an override without a reason, or with one too long, naming reason', async () => {
    for (const reason of [undefined, '', '   ', 'x'.repeat(MAX_DESIGNATION_REASON_LENGTH + 1)]) {
      const res = await set({ designation: 'ZTC', reason });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field: 'reason' });
    }
    const bad = await set({ designation: 'CHEAP' as never, reason: 'Why not' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'designation' });
    expect((await read()).history).toHaveLength(3);
  });

  it('answers a title the team marks OER or reprices through the title editor at once', async () => {
    const edit = (body: Record<string, unknown>) =>
      callAs(ctx, admin, updateTitleKind, {
        body: { titleId: bookId, licence: null, accessUrl: null, ...body },
      });
    const prices = { newCents: 8_500, usedCents: null, rentalCents: 4_500, digitalCents: null };
    const marked = await edit({
      materialKind: 'OER',
      licence: 'CC BY 4.0',
      accessUrl: 'https://openstax.example/biology',
      prices,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await read()).toMatchObject({ lowCents: 0, keptDesignation: 'ZTC', reason: '' });
    const repriced = await edit({ materialKind: 'COMMERCIAL_PRINT', prices });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await read()).toMatchObject({
      lowCents: 4_500,
      highCents: 8_500,
      keptDesignation: 'NONE',
      reason: 'Required materials cost $45.00 at the cheapest, over the $40.00 low-cost threshold',
    });
  });

  it("refuses callers without the team's action, and another store's team (404)", async () => {
    const denied = await set({ designation: 'ZTC', reason: 'I teach it.' }, submitter);
    expect(denied.statusCode).toBe(403);
    // The submitter may read the section of their department.
    expect((await read(submitter)).override).toBeNull();
    const elsewhere = await set({ designation: 'ZTC', reason: 'Not ours.' }, storeB);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ field: 'sectionId' });
    const peek = await callAs(ctx, storeB, getSectionCost, { query: { sectionId } });
    expect(peek.statusCode).toBe(404);
    expect((await read()).history).toHaveLength(3);
  });

  it('answers whether the caller may override by the check the override makes', async () => {
    // A team member whose ADOPT_CMA_TEAM is limited to Chemistry, reading every section.
    const chem = await addCatalog(ctx.db, w.locationId, {
      divisionId: ctx.fixture.catalog.divisionId,
      departmentCode: 'CHEM',
    });
    const member = await addAccount(ctx.db, w.locationId, 'cma-chem@store-a.test', [
      { role: 'CMA_MEMBER', departmentId: chem.departmentId },
      { role: 'FULL_REPORTER' },
    ]);
    const team = await signIn(ctx, member.userName);
    expect((await read(admin)).mayOverride).toBe(true);
    expect((await read(team)).mayOverride).toBe(false);
    const refused = await set({ designation: 'ZTC', reason: 'Not my department.' }, team);
    expect(refused.statusCode).toBe(404);
    const own = await callAs(ctx, team, getSectionCost, { query: { sectionId: chem.sectionId } });
    expect(own.json<SectionCost>().mayOverride).toBe(true);
    const body = { sectionId: chem.sectionId, designation: 'ZTC', reason: 'Library copies.' };
    const saved = await callAs(ctx, team, setSectionDesignation, { body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SectionCost>()).toMatchObject({ override: 'ZTC', mayOverride: true });
    // The submitter reads their department's section but may not override it.
    expect((await read(submitter)).mayOverride).toBe(false);
  });
});
