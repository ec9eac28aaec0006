import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDING_MESSAGES as M,
  createFundingSource,
  getFundingSource,
  getFundingSources,
  getFundingTerms,
  getSourceActivity,
  getSourceLedger,
  getStudentFunding,
  closeEndedFunding,
  setAllowanceAmount,
  updateFundingSource,
  type FundingSource,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { day, fundingWorld, type FundingWorld } from '../../../test-support/funding-world.ts';

const engines = await testEngines();

describe.each(engines)('funding sources (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const update = (source: FundingSource, changes: Record<string, unknown>, version?: number) =>
    w.call(w.who.manager, updateFundingSource, {
      params: { sourceId: source.sourceId },
      body: {
        source: { ...w.sourceInput(), ...sourceFields(source), ...changes },
        version: version ?? source.version,
      },
    });
  const sourceFields = (s: FundingSource) => ({
    name: s.name,
    kind: s.kind,
    budgetCents: s.figures.budgetCents,
    termIds: s.terms.map((term) => term.termId),
    chargeStartsOn: s.chargeStartsOn,
    chargeEndsOn: s.chargeEndsOn,
    perStudentCapCents: s.perStudentCapCents,
    scope: s.scope,
    spending: s.spending,
    unspentPolicy: s.unspentPolicy,
    promotion: s.promotion
      ? {
          code: s.promotion.code,
          amountCents: s.promotion.amountCents,
          useLimit: s.promotion.useLimit,
        }
      : null,
  });
  const activityOf = async (sourceId: number) =>
    (await w.call(w.who.manager, getSourceActivity, { params: { sourceId } })).json<{
      activity: { action: string; summary: string; actorName: string | null }[];
    }>().activity;

  it('creates a source with its terms, zero figures, open today, and records who did', async () => {
    const res = await w.call(w.who.manager, createFundingSource, {
      body: {
        source: w.sourceInput({ name: 'Fall aid', termIds: [w.terms.a], budgetCents: 5_000_000 }),
        clientKey: w.newKey(),
      },
    });
    expect(res.statusCode).toBe(200);
    const source = res.json<FundingSource>();
    expect(source).toMatchObject({
      name: 'Fall aid',
      kind: 'FINANCIAL_AID',
      terms: [{ termId: w.terms.a, termName: 'Fall 2026', divisionName: 'Main Campus' }],
      state: 'OPEN',
      version: 0,
      promotion: null,
      createdByName: 'admin',
      figures: {
        budgetCents: 5_000_000,
        allocatedCents: 0,
        spentCents: 0,
        remainingCents: 5_000_000,
        allowanceCount: 0,
      },
    });
    const [created] = await activityOf(source.sourceId);
    expect(created).toMatchObject({ action: 'SOURCE_CREATED', actorName: 'admin' });
    expect(created?.summary).toContain('$50,000.00');
    expect(created?.summary).toContain('Fall 2026');
  });

  it('answers the first source for the same clientKey, also when two submits race', async () => {
    const key = w.newKey();
    const body = { source: w.sourceInput({ name: 'Once only' }), clientKey: key };
    const [a, b] = await Promise.all([
      w.call(w.who.manager, createFundingSource, { body }),
      w.call(w.who.manager, createFundingSource, { body }),
    ]);
    const again = await w.call(w.who.manager, createFundingSource, { body });
    expect([a.statusCode, b.statusCode, again.statusCode]).toEqual([200, 200, 200]);
    const ids = [a, b, again].map((r) => r.json<FundingSource>().sourceId);
    expect(new Set(ids).size).toBe(1);
    const rows = await ctx.db
      .select()
      .from(t.fundingSources)
      .where(eq(t.fundingSources.clientKey, key));
    expect(rows).toHaveLength(1);
    const created = await ctx.db
      .select()
      .from(t.fundingActivity)
      .where(
        and(
          eq(t.fundingActivity.sourceId, ids[0] as number),
          eq(t.fundingActivity.action, 'SOURCE_CREATED'),
        ),
      );
    expect(created).toHaveLength(1);
  });

  it('lists open sources first, then upcoming, then ended, by window end and name', async () => {
    const ended = await w.createSource(w.who.manager, {
      name: 'Z ended',
      chargeStartsOn: day(-60),
      chargeEndsOn: day(-1),
    });
    const upcoming = await w.createSource(w.who.manager, {
      name: 'A upcoming',
      chargeStartsOn: day(1),
      chargeEndsOn: day(40),
    });
    const openLate = await w.createSource(w.who.manager, {
      name: 'B open',
      chargeEndsOn: day(90),
    });
    const openSoon = await w.createSource(w.who.manager, {
      name: 'C open',
      chargeEndsOn: day(0),
    });
    const res = await w.call(w.who.manager, getFundingSources);
    expect(res.statusCode).toBe(200);
    const sources = res.json<{ sources: FundingSource[] }>().sources;
    const ids = sources.map((s) => s.sourceId);
    const at = (s: FundingSource) => ids.indexOf(s.sourceId);
    expect(at(openSoon)).toBeLessThan(at(openLate));
    expect(at(openLate)).toBeLessThan(at(upcoming));
    expect(at(upcoming)).toBeLessThan(at(ended));
    expect(sources.find((s) => s.sourceId === ended.sourceId)?.state).toBe('ENDED');
    expect(sources.find((s) => s.sourceId === upcoming.sourceId)?.state).toBe('UPCOMING');
    const states = sources.map((s) => s.state);
    expect(states).toEqual([...states].sort((x, y) => order[x] - order[y]));
  });
  const order = { OPEN: 0, UPCOMING: 1, ENDED: 2 };

  it('refuses a window that ends before it starts, naming chargeEndsOn', async () => {
    const res = await w.call(w.who.manager, createFundingSource, {
      body: {
        source: w.sourceInput({ chargeStartsOn: day(5), chargeEndsOn: day(4) }),
        clientKey: w.newKey(),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toContain('chargeEndsOn');
  });

  it('refuses a term of another store (404 naming termIds) and a term listed twice', async () => {
    const other = await w.call(w.who.manager, createFundingSource, {
      body: { source: w.sourceInput({ termIds: [w.terms.b] }), clientKey: w.newKey() },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ field: 'termIds' });
    const twice = await w.call(w.who.manager, createFundingSource, {
      body: { source: w.sourceInput({ termIds: [w.terms.a, w.terms.a] }), clientKey: w.newKey() },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'termIds' });
  });

  it('has a promotion exactly for a PROMOTION source, with a code unique in the store', async () => {
    const promotion = { code: 'welcome-25', amountCents: 2_500, useLimit: 2 };
    const notPromo = await w.call(w.who.manager, createFundingSource, {
      body: { source: w.sourceInput({ promotion }), clientKey: w.newKey() },
    });
    expect(notPromo.statusCode).toBe(400);
    expect(notPromo.json()).toEqual({ message: M.promotionOnly, field: 'promotion' });
    const noCode = await w.call(w.who.manager, createFundingSource, {
      body: { source: w.sourceInput({ kind: 'PROMOTION' }), clientKey: w.newKey() },
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({ message: M.promotionNeedsCode, field: 'promotion' });

    const promo = await w.createSource(w.who.manager, { kind: 'PROMOTION', promotion });
    expect(promo.promotion).toEqual({
      code: 'WELCOME-25',
      amountCents: 2_500,
      useLimit: 2,
      uses: 0,
    });
    const taken = await w.call(w.who.manager, createFundingSource, {
      body: { source: w.sourceInput({ kind: 'PROMOTION', promotion }), clientKey: w.newKey() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: M.promotionCodeTaken('WELCOME-25'),
      field: 'promotion.code',
    });
    // Another store may use the same code.
    await w.createSource(w.who.storeB, { kind: 'PROMOTION', promotion });

    const [student] = await w.addStudents(w.storeA, 1);
    await w.addAllowance(w.who.manager, promo.sourceId, student!.studentIdNum, 2_500);
    const read = await w.call(w.who.manager, getFundingSource, {
      params: { sourceId: promo.sourceId },
    });
    expect(read.json<FundingSource>().promotion?.uses).toBe(1);
  });

  it('edits a source: the change in words, the version bumped, a stale edit refused', async () => {
    const source = await w.createSource(w.who.manager, { budgetCents: 5_000_000 });
    const res = await update(source, { budgetCents: 6_000_000, termIds: [w.terms.a] });
    expect(res.statusCode).toBe(200);
    const edited = res.json<FundingSource>();
    expect(edited.version).toBe(1);
    expect(edited.figures.budgetCents).toBe(6_000_000);
    expect(edited.terms.map((term) => term.termId)).toEqual([w.terms.a]);
    const [last] = await activityOf(source.sourceId);
    expect(last?.action).toBe('SOURCE_UPDATED');
    expect(last?.summary).toContain('Budget $50,000.00 → $60,000.00');
    expect(last?.summary).toContain('Terms any term → Fall 2026');

    const stale = await update(source, { name: 'Lost update' }, 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: M.changedMeanwhile, field: 'version' });

    // The same values again change nothing: no new version, no activity.
    const same = await update(edited, {});
    expect(same.json<FundingSource>().version).toBe(1);
    expect(await activityOf(source.sourceId)).toHaveLength(2);
  });

  it('keeps the window of a source whose balances were closed from reopening (409)', async () => {
    const source = await w.createSource(w.who.manager, {
      chargeStartsOn: day(-40),
      chargeEndsOn: day(-1),
    });
    const closing = await w.call(w.who.manager, closeEndedFunding);
    expect(closing.statusCode).toBe(200);
    const closed = (
      await w.call(w.who.manager, getFundingSource, { params: { sourceId: source.sourceId } })
    ).json<FundingSource>();
    expect(closed.closedAt).not.toBeNull();
    const closedOn = closed.closedAt!.slice(0, 10);
    for (const chargeEndsOn of [day(0), day(30)]) {
      const reopened = await update(closed, { chargeEndsOn });
      expect(reopened.statusCode).toBe(409);
      expect(reopened.json()).toEqual({
        message: M.sourceClosed(
          `${closedOn.slice(5, 7)}/${closedOn.slice(8, 10)}/${closedOn.slice(0, 4)}`,
        ),
        field: 'chargeEndsOn',
      });
    }
    expect(M.sourceClosed('11/30/2026')).toBe(
      'The unspent balances of this source were closed on 11/30/2026; create a new source instead.',
    );
    // Anything else may still change, the window too while it stays in the past.
    const renamed = await update(closed, { name: 'Last year aid', chargeEndsOn: day(-2) });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<FundingSource>()).toMatchObject({ name: 'Last year aid', version: 1 });
  });

  it('names a season once where a source lists the same term of several divisions', async () => {
    const [fixtureTerm] = await ctx.db.select().from(t.terms).where(eq(t.terms.id, w.terms.a));
    const [law] = await ctx.db
      .insert(t.divisions)
      .values({ locationId: w.storeA, name: 'Law School', universityName: 'Test University' })
      .returning({ id: t.divisions.id });
    const [lawFall] = await ctx.db
      .insert(t.terms)
      .values({
        locationId: w.storeA,
        divisionId: law!.id,
        name: 'Fall 2026 - Law',
        startDate: fixtureTerm!.startDate,
        endDate: fixtureTerm!.endDate,
      })
      .returning({ id: t.terms.id });
    const source = await w.createSource(w.who.manager, {
      name: 'Two campuses',
      termIds: [w.terms.a, lawFall!.id],
    });
    expect(source.terms.map((term) => [term.termName, term.divisionName])).toEqual(
      expect.arrayContaining([
        ['Fall 2026', 'Main Campus'],
        ['Fall 2026', 'Law School'],
      ]),
    );
    const [student] = await w.addStudents(w.storeA, 1);
    await w.addAllowance(w.who.manager, source.sourceId, student!.studentIdNum, 1_000);
    const funding = await w.call(w.who.manager, getStudentFunding, {
      query: { customerId: student!.id },
    });
    expect(funding.json().allowances[0]).toMatchObject({
      termNames: ['Fall 2026'],
      eligibility: 'Any course material: new, used, rental, digital; Fall 2026 only',
    });
    // The log names each division's term: moving to the other division's is a change.
    const created = (await activityOf(source.sourceId)).find((a) => a.action === 'SOURCE_CREATED');
    expect(created?.summary).toContain('Fall 2026 - Main, Fall 2026 - Law');
  });

  it('refuses a budget below what is allocated, naming budgetCents', async () => {
    const source = await w.createSource(w.who.manager, { budgetCents: 100_000 });
    const students = await w.addStudents(w.storeA, 2);
    await w.addAllowance(w.who.manager, source.sourceId, students[0]!.studentIdNum, 30_000);
    const allowance = await w.addAllowance(
      w.who.manager,
      source.sourceId,
      students[1]!.studentIdNum,
      20_000,
    );
    await w.call(w.who.manager, setAllowanceAmount, {
      params: { allowanceId: allowance.allowanceId },
      body: { amountCents: 25_000 },
    });
    const below = await update(source, { budgetCents: 54_999 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({
      message: M.budgetBelowAllocated('$550.00'),
      field: 'budgetCents',
    });
    const exact = await update(source, { budgetCents: 55_000 });
    expect(exact.statusCode).toBe(200);
    expect(exact.json<FundingSource>().figures).toMatchObject({
      budgetCents: 55_000,
      allocatedCents: 55_000,
      remainingCents: 0,
      allowanceCount: 2,
    });
  });

  it("hides a store's sources from every other store (404 naming sourceId)", async () => {
    const source = await w.createSource(w.who.manager);
    const read = await w.call(w.who.storeB, getFundingSource, {
      params: { sourceId: source.sourceId },
    });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: M.sourceNotFound, field: 'sourceId' });
    const edit = await w.call(w.who.storeB, updateFundingSource, {
      params: { sourceId: source.sourceId },
      body: { source: w.sourceInput(), version: 0 },
    });
    expect(edit.statusCode).toBe(404);
    for (const contract of [getSourceLedger, getSourceActivity]) {
      const res = await w.call(w.who.storeB, contract, { params: { sourceId: source.sourceId } });
      expect(res.statusCode).toBe(404);
      expect(res.json().field).toBe('sourceId');
    }
    const list = await w.call(w.who.storeB, getFundingSources);
    expect(list.json<{ sources: FundingSource[] }>().sources.map((s) => s.sourceId)).not.toContain(
      source.sourceId,
    );
  });

  it("offers the store's own terms, newest first", async () => {
    const res = await w.call(w.who.manager, getFundingTerms);
    expect(res.statusCode).toBe(200);
    const terms = res.json<{ terms: { termId: number; startDate: string }[] }>().terms;
    expect(terms.map((term) => term.termId)).toContain(w.terms.a);
    expect(terms.map((term) => term.termId)).not.toContain(w.terms.b);
    const starts = terms.map((term) => term.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it("pages a source's ledger newest first with actors and terms, searched by student", async () => {
    const source = await w.createSource(w.who.manager);
    const students = await w.addStudents(w.storeA, 3, { lastName: 'Ledgerson' });
    const allowances = [];
    for (const s of students)
      allowances.push(await w.addAllowance(w.who.manager, source.sourceId, s.studentIdNum, 1_000));
    const orderId = await w.charge(allowances[0]!, 400);
    const page = await w.call(w.who.manager, getSourceLedger, {
      params: { sourceId: source.sourceId },
      query: { pageSize: 2 },
    });
    expect(page.statusCode).toBe(200);
    const body = page.json<{ entries: Record<string, unknown>[]; recordCount: number }>();
    expect(body.recordCount).toBe(4);
    expect(body.entries).toHaveLength(2);
    expect(body.entries[0]).toMatchObject({
      kind: 'CHARGE',
      amountCents: -400,
      orderId,
      termName: 'Fall 2026',
      studentIdNum: students[0]!.studentIdNum,
    });
    expect(body.entries[1]).toMatchObject({ kind: 'ALLOCATION', actorName: 'admin' });
    const searched = await w.call(w.who.manager, getSourceLedger, {
      params: { sourceId: source.sourceId },
      query: { search: students[1]!.studentIdNum },
    });
    const found = searched.json<{ entries: { studentIdNum: string }[]; recordCount: number }>();
    expect(found.recordCount).toBe(1);
    expect(found.entries[0]?.studentIdNum).toBe(students[1]!.studentIdNum);
  });
});
