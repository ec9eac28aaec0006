import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  divisionFulfillment,
  getFulfillmentBreakdown,
  getMarketShare,
  getMetricsDivisions,
  getOrderTypes,
  getStudentPreferences,
  METRICS_REFUSAL,
  ON_TIME_REFUSAL,
  onTimeOrderFulfillment,
  type Endpoint,
  type MetricsDivision,
} from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { one } from '../../test-support/one-row.ts';
import { createTestApp, testEngines, type TestContext } from '../../test-support/test-app.ts';
import { FIXTURE_HOSTS } from '../../test-support/test-fixture.ts';
import {
  addAccount,
  addCatalog,
  callAs,
  signIn,
  type Caller,
} from '../../test-support/permissions-test-support.ts';

const engines = await testEngines();
const NOW = new Date('2026-12-01T15:00:00Z');

/** Every metric that takes a division and a term, and how it is sent. */
const TERM_METRICS: [string, Endpoint, 'body' | 'query'][] = [
  ['divisionFulfillment', divisionFulfillment, 'body'],
  ['getFulfillmentBreakdown', getFulfillmentBreakdown, 'query'],
  ['onTimeOrderFulfillment', onTimeOrderFulfillment, 'body'],
  ['getOrderTypes', getOrderTypes, 'query'],
  ['getMarketShare', getMarketShare, 'query'],
];

/** Who sees which division's metrics, and every refusal's status and field. */
describe.each(engines)('metrics: divisions, scope and validation (%s)', (engine) => {
  let ctx: TestContext;
  const statements: string[] = [];
  let main: number;
  let law: number;
  let online: number;
  let fall: number;
  let spring: number;
  let lawTerm: number;
  let who: Record<
    'admin' | 'cma' | 'submitter' | 'instructor' | 'lawReporter' | 'bioReporter' | 'storeB',
    Caller
  >;

  const ask = (caller: Caller, contract: Endpoint, how: 'body' | 'query', input: object) =>
    callAs(
      ctx,
      caller,
      contract,
      how === 'body' ? { body: input } : { query: input as Record<string, number> },
    );
  const divisionsOf = async (caller: Caller) => {
    const res = await callAs(ctx, caller, getMetricsDivisions);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ divisions: MetricsDivision[] }>().divisions;
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine, {
      now: () => NOW,
      onQuery: (text) => void statements.push(text),
    });
    const { db, fixture } = ctx;
    const storeA = fixture.locations.a;
    main = fixture.catalog.divisionId;
    fall = fixture.catalog.termId;
    const term = async (divisionId: number, name: string, startDate: string, endDate: string) =>
      one(
        await db
          .insert(t.terms)
          .values({ locationId: storeA, divisionId, name, startDate, endDate })
          .returning({ id: t.terms.id }),
      ).id;
    spring = await term(main, 'Spring 2027 - Main', '2027-01-11', '2027-05-07');
    await term(main, 'Summer 2026 - Main', '2026-06-01', '2026-08-01');
    const lawCatalog = await addCatalog(db, storeA, {
      divisionName: 'School of Law',
      departmentCode: 'LAW',
    });
    law = lawCatalog.divisionId;
    lawTerm = one(
      await db.select({ id: t.terms.id }).from(t.terms).where(eq(t.terms.divisionId, law)),
    ).id;
    online = one(
      await db
        .insert(t.divisions)
        .values({ locationId: storeA, name: 'Online & Continuing Education', universityName: 'U' })
        .returning({ id: t.divisions.id }),
    ).id;
    await term(online, 'Spring 2026 - Online', '2026-01-12', '2026-05-01');
    await term(online, 'Fall 2025 - Online', '2025-08-25', '2025-12-12');

    const account = async (userName: string, grants: Parameters<typeof addAccount>[3]) => {
      await addAccount(db, storeA, userName, grants);
      return signIn(ctx, userName);
    };
    who = {
      admin: await signIn(ctx, fixture.accounts.admin.userName),
      cma: await account('cma@store-a.test', [{ role: 'CMA_MEMBER' }]),
      submitter: await signIn(ctx, fixture.accounts.submitterDepartment.userName),
      instructor: await signIn(ctx, fixture.accounts.instructor.userName),
      lawReporter: await account('law-reporter@store-a.test', [
        { role: 'FULL_REPORTER', divisionId: law },
      ]),
      bioReporter: await account('bio-reporter@store-a.test', [
        { role: 'FULL_REPORTER', departmentId: fixture.catalog.departmentId },
      ]),
      storeB: await signIn(ctx, fixture.accounts.storeB.userName, FIXTURE_HOSTS.b),
    };
  });
  afterAll(async () => ctx?.close());

  it("gives the administrator every division by name, each with its terms newest first and today's term", async () => {
    const divisions = await divisionsOf(who.admin);
    expect(divisions.map((d) => d.divisionName)).toEqual([
      'Main Campus',
      'Online & Continuing Education',
      'School of Law',
    ]);
    const [mainTab, onlineTab, lawTab] = divisions;
    expect(mainTab).toEqual({
      divisionId: main,
      divisionName: 'Main Campus',
      terms: [
        { termId: spring, termName: 'Spring 2027', startDate: '2027-01-11', endDate: '2027-05-07' },
        { termId: fall, termName: 'Fall 2026', startDate: '2026-08-24', endDate: '2026-12-18' },
        {
          termId: expect.any(Number),
          termName: 'Summer 2026',
          startDate: '2026-06-01',
          endDate: '2026-08-01',
        },
      ],
      // In progress on 1 December 2026.
      defaultTermId: fall,
      canViewOnTime: true,
    });
    // Only ended terms: the latest. Only a future one: that one.
    expect(onlineTab?.defaultTermId).toBe(onlineTab?.terms[0]?.termId);
    expect(onlineTab?.terms.map((x) => x.termName)).toEqual(['Spring 2026', 'Fall 2025']);
    expect(lawTab?.defaultTermId).toBe(lawTerm);
  });

  it('shows the course materials team every division without on-time figures, and refuses them', async () => {
    const divisions = await divisionsOf(who.cma);
    expect(divisions.map((d) => [d.divisionName, d.canViewOnTime])).toEqual([
      ['Main Campus', false],
      ['Online & Continuing Education', false],
      ['School of Law', false],
    ]);
    const input = { divisionId: main, termId: fall };
    const refused = await ask(who.cma, onTimeOrderFulfillment, 'body', input);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ON_TIME_REFUSAL });
    expect((await ask(who.cma, divisionFulfillment, 'body', input)).statusCode).toBe(200);
    expect((await ask(who.admin, onTimeOrderFulfillment, 'body', input)).statusCode).toBe(200);
  });

  it('gives a division reporter that division alone, and nothing to department or section scopes', async () => {
    expect((await divisionsOf(who.lawReporter)).map((d) => d.divisionId)).toEqual([law]);
    expect(await divisionsOf(who.bioReporter)).toEqual([]);
    // Their store has divisions: the dashboard says it is their roles, not an empty store.
    const bio = await callAs(ctx, who.bioReporter, getMetricsDivisions);
    expect(bio.json()).toEqual({ divisions: [], storeHasDivisions: true });
    expect(await divisionsOf(who.submitter)).toEqual([]);
    expect(await divisionsOf(who.instructor)).toEqual([]);
    expect(await divisionsOf(who.storeB)).toEqual([]);
    const lawInput = { divisionId: law, termId: lawTerm };
    expect((await ask(who.lawReporter, getOrderTypes, 'query', lawInput)).statusCode).toBe(200);
  });

  it.each(TERM_METRICS)(
    '%s answers 404 naming divisionId outside the caller’s divisions, of another store included',
    async (_name, contract, how) => {
      const cases: [Caller, number][] = [
        [who.submitter, main],
        [who.bioReporter, main],
        [who.instructor, main],
        [who.lawReporter, main],
        [who.storeB, main],
        [who.admin, 999_999],
      ];
      for (const [caller, divisionId] of cases) {
        const res = await ask(caller, contract, how, { divisionId, termId: fall });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: METRICS_REFUSAL, field: 'divisionId' });
      }
    },
  );

  it.each(TERM_METRICS)(
    '%s answers 404 naming termId for a term of another division or none',
    async (_name, contract, how) => {
      for (const termId of [lawTerm, 999_999]) {
        const res = await ask(who.admin, contract, how, { divisionId: main, termId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ field: 'termId' });
      }
    },
  );

  it.each(TERM_METRICS)(
    '%s refuses malformed ids with 400 naming the field',
    async (_n, c, how) => {
      const bad: [object, string][] = [
        [{ divisionId: 'abc', termId: fall }, 'divisionId'],
        [{ divisionId: main, termId: 0 }, 'termId'],
        [{ divisionId: main }, 'termId'],
        [{ termId: fall }, 'divisionId'],
        [{ divisionId: -4, termId: fall }, 'divisionId'],
      ];
      for (const [input, field] of bad) {
        const res = await ask(who.admin, c, how, input);
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(res.json<{ field: string }>().field).toBe(field);
      }
    },
  );

  it('studentPreferences needs a division the caller reports on, and a well-formed id', async () => {
    const ok = await ask(who.lawReporter, getStudentPreferences, 'query', { divisionId: law });
    expect(ok.statusCode).toBe(200);
    const notTheirs = await ask(who.lawReporter, getStudentPreferences, 'query', {
      divisionId: main,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toMatchObject({ field: 'divisionId' });
    const bad = await callAs(ctx, who.admin, getStudentPreferences, { query: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'divisionId' });
  });

  it('lists every category with zeros, and no percentage, for a term without orders', async () => {
    const input = { divisionId: main, termId: spring };
    const json = async (contract: Endpoint, how: 'body' | 'query') =>
      (await ask(who.admin, contract, how, input)).json();
    expect(await json(divisionFulfillment, 'body')).toEqual({
      divisionName: 'Main Campus',
      fulfilledPercentage: null,
      itemCount: 0,
      fulfilledCount: 0,
    });
    expect(await json(getFulfillmentBreakdown, 'query')).toEqual({
      divisionName: 'Main Campus',
      states: ['FULFILLED', 'PENDING', 'ON_HOLD', 'CANCELLED'].map((state) => ({
        state,
        count: 0,
      })),
    });
    expect(await json(onTimeOrderFulfillment, 'body')).toMatchObject({ onTimePercentage: null });
    expect(await json(getOrderTypes, 'query')).toEqual({
      divisionName: 'Main Campus',
      rentNew: 0,
      rentUsed: 0,
      orderTypesBreakdown: ['RENT_NEW', 'RENT_USED', 'BUY_NEW', 'BUY_USED', 'DIGITAL'].map(
        (orderType) => ({ orderType, count: 0 }),
      ),
    });
    expect(await json(getMarketShare, 'query')).toEqual({
      divisionName: 'Main Campus',
      marketSharePercentage: null,
      requiredCount: 0,
      boughtCount: 0,
    });
    const prefs = await ask(who.admin, getStudentPreferences, 'query', { divisionId: online });
    expect(prefs.json()).toEqual({
      divisionName: 'Online & Continuing Education',
      preferences: ['PICKUP', 'SHIP', 'DIGITAL', 'NONE'].map((preference) => ({
        preference,
        count: 0,
      })),
    });
  });

  it('reads kept summaries only: no metric statement touches the order items', async () => {
    statements.length = 0;
    const input = { divisionId: main, termId: fall };
    for (const [, contract, how] of TERM_METRICS) {
      expect((await ask(who.admin, contract, how, input)).statusCode).toBe(200);
    }
    await ask(who.admin, getStudentPreferences, 'query', { divisionId: main });
    await callAs(ctx, who.admin, getMetricsDivisions);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((s) => /order_items|from orders|join orders/i.test(s))).toEqual([]);
  });
});
