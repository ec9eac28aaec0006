import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAdoptionDeadlines, setAdoptionDeadline, type TermDeadline } from '@csp/contracts';
import { fillPath } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import * as t from '../../../db/schema/index.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { fallSection } from '../../../test-support/deadline-world.ts';
import {
  addAccount,
  addCatalog,
  callAs,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();
/** The server's today: Fall 2026 (24 Aug to 18 Dec) is under way, Spring 2026 has ended. */
const NOW = new Date('2026-10-15T12:00:00Z');

describe.each(engines)('adoption deadlines (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let fallId: number;

  const list = async (caller: Caller) => {
    const res = await callAs(ctx, caller, getAdoptionDeadlines);
    expect(res.statusCode).toBe(200);
    return res.json() as { terms: TermDeadline[]; today: string };
  };
  const put = (caller: Caller, termId: number, deadline: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: fillPath(setAdoptionDeadline.path, { userAccountId: caller.accountId, termId }),
      headers: authHeaders(caller.host, caller.token),
      payload: { deadline },
    });
  const fall = async (caller: Caller) =>
    (await list(caller)).terms.find((x) => x.termId === fallId);

  const section = (code: string, adoptedAt: string | null, ntr = false) =>
    fallSection(ctx, code, adoptedAt, ntr);

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => NOW });
    fallId = ctx.fixture.catalog.termId;
    admin = await signIn(ctx, 'admin@store-a.test');
    // The fixture's section 001 has no adoption; four more stand each their own way.
    await section('010', '2026-08-20T09:00:00Z');
    await section('011', '2026-09-01T23:30:00Z');
    await section('012', '2026-09-02T00:30:00Z');
    await section('013', '2026-09-10T10:00:00Z', true);
    const { locations, catalog } = ctx.fixture;
    await ctx.db.insert(t.terms).values({
      locationId: locations.a,
      divisionId: catalog.divisionId,
      name: 'Spring 2026 - Main',
      startDate: '2026-01-12',
      endDate: '2026-05-08',
    });
  });
  afterAll(async () => ctx?.close());

  it('lists the terms not ended, with no deadline yet: every adopted section is on time', async () => {
    const { terms, today } = await list(admin);
    expect(today).toBe('2026-10-15');
    expect(terms.map((x) => x.termName)).toEqual(['Fall 2026']);
    expect(terms[0]).toMatchObject({
      divisionName: 'Main Campus',
      deadline: null,
      sections: 5,
      onTime: 4,
      late: 0,
      missing: 0,
      open: 1,
    });
  });

  it('counts on time to the end of the deadline day, late after, missing once it has passed', async () => {
    const res = await put(admin, fallId, '2026-09-01');
    expect(res.statusCode).toBe(200);
    // 08-20 and 09-01 23:30 are on time; 09-02 00:30 and the no-text-required 09-10 are late.
    const expected = {
      deadline: '2026-09-01',
      sections: 5,
      onTime: 2,
      late: 2,
      missing: 1,
      open: 0,
    };
    expect(res.json()).toMatchObject(expected);
    expect(await fall(admin)).toMatchObject(expected);
  });

  it('keeps a section without adoption open while the deadline is ahead, and clears', async () => {
    expect((await put(admin, fallId, '2026-11-01')).json()).toMatchObject({
      onTime: 4,
      late: 0,
      missing: 0,
      open: 1,
    });
    expect((await put(admin, fallId, null)).json()).toMatchObject({ deadline: null });
    expect((await fall(admin))?.deadline).toBeNull();
  });

  it('follows an adoption taken back: the section is missing again, then on time with a new one', async () => {
    await put(admin, fallId, '2026-09-01');
    const before = await fall(admin);
    const adoptionId = await section('014', '2026-08-15T09:00:00Z');
    expect(await fall(admin)).toMatchObject({
      onTime: before!.onTime + 1,
      missing: before!.missing,
    });
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ active: false })
      .where(eq(t.adoptionMaterials.id, adoptionId!));
    expect(await fall(admin)).toMatchObject({
      onTime: before!.onTime,
      missing: before!.missing + 1,
    });
    await ctx.db
      .update(t.adoptionMaterials)
      .set({ active: true })
      .where(eq(t.adoptionMaterials.id, adoptionId!));
    expect(await fall(admin)).toMatchObject({
      onTime: before!.onTime + 1,
      missing: before!.missing,
    });
    await put(admin, fallId, null);
  });

  it('refuses a day after the term, a day that does not exist, and another store’s term', async () => {
    const late = await put(admin, fallId, '2026-12-19');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      field: 'deadline',
      message: "must be on or before the term's last day",
    });
    const bad = await put(admin, fallId, '2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('deadline');
    const [other] = await ctx.db
      .insert(t.divisions)
      .values({ locationId: ctx.fixture.locations.b, name: 'B Campus', universityName: 'B U' })
      .returning({ id: t.divisions.id });
    const [otherTerm] = await ctx.db
      .insert(t.terms)
      .values({
        locationId: ctx.fixture.locations.b,
        divisionId: other!.id,
        name: 'Fall 2026',
        startDate: '2026-08-24',
        endDate: '2026-12-18',
      })
      .returning({ id: t.terms.id });
    const foreign = await put(admin, otherTerm!.id, '2026-09-01');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().field).toBe('termId');
    expect((await fall(admin))?.deadline).toBeNull();
  });

  it('lets a division’s campaign manager set its deadlines only, and no one without the action', async () => {
    const { locations, catalog } = ctx.fixture;
    const second = await addCatalog(ctx.db, locations.a, {
      divisionName: 'North Campus',
      departmentCode: 'ART',
    });
    await addAccount(ctx.db, locations.a, 'north-cma@store-a.test', [
      { role: 'CMA_MEMBER', divisionId: second.divisionId },
    ]);
    await addAccount(ctx.db, locations.a, 'bio-cma@store-a.test', [
      { role: 'CMA_MEMBER', departmentId: catalog.departmentId },
    ]);
    const north = await signIn(ctx, 'north-cma@store-a.test');
    const northTerms = (await list(north)).terms;
    expect(northTerms.map((x) => x.divisionName)).toEqual(['North Campus']);
    expect((await put(north, northTerms[0]!.termId, '2027-01-04')).statusCode).toBe(200);
    expect((await put(north, fallId, '2026-09-01')).statusCode).toBe(404);

    // A grant on one department is not the division's deadline.
    const bio = await signIn(ctx, 'bio-cma@store-a.test');
    expect((await list(bio)).terms).toEqual([]);
    expect((await put(bio, fallId, '2026-09-01')).statusCode).toBe(404);

    const instructor = await signIn(ctx, 'instructor@store-a.test');
    expect((await callAs(ctx, instructor, getAdoptionDeadlines)).statusCode).toBe(403);
    expect((await put(instructor, fallId, '2026-09-01')).statusCode).toBe(403);
    expect((await list(admin)).terms.map((x) => [x.divisionName, x.deadline])).toEqual([
      ['Main Campus', null],
      ['North Campus', '2027-01-04'],
    ]);
  });
});
