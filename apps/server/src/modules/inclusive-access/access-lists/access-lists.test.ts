import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIaIntegrationToken,
  fillPath,
  getIaAccessListCsv,
  getIaSectionAccessList,
  getIaTermAccessLists,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { iaWorld, type IaWorld } from '../../../test-support/ia-world.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { insertCatalog } from '../../../test-support/test-fixture-catalog.ts';
import { hashStoreToken } from './store-token.ts';

const engines = await testEngines();

describe.each(engines)('inclusive-access access lists (%s)', (engine) => {
  let ctx: TestContext;
  let w: IaWorld;
  let admin: Caller;
  let section: number;
  /** Store B's own program section and term (its token's). */
  let storeB: { sectionId: number; termId: number; token: string };
  const names: Record<string, number> = {};

  const tokenCall = (caller: Caller, method: 'GET' | 'POST' | 'DELETE') =>
    ctx.app.inject({
      method,
      url: fillPath(createIaIntegrationToken.path, { userAccountId: caller.accountId }),
      headers: authHeaders(caller.host, caller.token),
    });
  const platform = (url: string, token: string | null, host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { host, ...(token !== null && { authorization: `Bearer ${token}` }) },
    });
  const termUrl = (termId: number) => fillPath(getIaTermAccessLists.path, { termId });
  const sectionUrl = (sectionId: number) => fillPath(getIaSectionAccessList.path, { sectionId });

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = iaWorld(ctx);
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    section = await w.section('LST');
    for (const [first, last] of [
      ['Zoe', 'Adams'],
      ['Yan', 'Brown'],
      ['Out', 'Opted'],
      ['Gone', 'Dropped'],
    ] as const) {
      names[last] = await w.student(first, last);
      await w.enrol(names[last]!, section);
    }
    const material = await w.iaAdoption([section], 'Campbell Biology (digital)');
    await w.program(section, [{ adoptionMaterialId: material, priceCents: 5_999 }]);
    await ctx.db
      .update(t.iaParticipants)
      .set({ choice: 'OUT' })
      .where(eq(t.iaParticipants.studentId, names['Opted']!));
    await w.drop(names['Dropped']!, section);
    // An opt-in section: only who opted in is on its list.
    const optIn = await w.section('OPTIN');
    const [chose, didNot] = [await w.student('Chose', 'In'), await w.student('Did', 'Not')];
    await w.enrol(chose, optIn);
    await w.enrol(didNot, optIn);
    await w.program(optIn, [], 'OPT_IN');
    await ctx.db
      .update(t.iaParticipants)
      .set({ choice: 'IN' })
      .where(eq(t.iaParticipants.studentId, chose));

    const { locations, accounts } = ctx.fixture;
    const b = await insertCatalog(ctx.db, locations.b, accounts.storeB.id);
    const [student] = await ctx.db
      .insert(t.students)
      .values({
        locationId: locations.b,
        studentIdNum: '900000001',
        firstName: 'Bee',
        lastName: 'Other',
        email: 'bee@store-b.test',
      })
      .returning({ id: t.students.id });
    await ctx.db
      .insert(t.enrollments)
      .values({ locationId: locations.b, studentId: student!.id, sectionId: b.sectionId });
    await ctx.db
      .insert(t.iaPrograms)
      .values({ locationId: locations.b, sectionId: b.sectionId, termId: b.termId });
    await ctx.db.insert(t.iaStoreSettings).values({ locationId: locations.b });
    storeB = { sectionId: b.sectionId, termId: b.termId, token: 'csp_ia_store-b-token' };
    await ctx.db
      .update(t.iaStoreSettings)
      .set({ accessTokenHash: hashStoreToken(storeB.token) })
      .where(eq(t.iaStoreSettings.locationId, locations.b));
  });
  afterAll(async () => ctx?.close());

  it('downloads a section’s list as CSV with only the students who are in, by last name', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getIaAccessListCsv.path, {
        userAccountId: admin.accountId,
        sectionId: section,
      }),
      headers: authHeaders(admin.host, admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('access-list-BIO-101-LST.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Student ID,Last name,First name,E-mail');
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 3).join(' '))).toEqual([
      'Adams Zoe',
      'Brown Yan',
    ]);
  });

  it('refuses the CSV to a caller without MANAGE_INCLUSIVE_ACCESS, and a section outside any program', async () => {
    const instructor = await signIn(ctx, ctx.fixture.accounts.instructor.userName);
    const asInstructor = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getIaAccessListCsv.path, {
        userAccountId: instructor.accountId,
        sectionId: section,
      }),
      headers: authHeaders(instructor.host, instructor.token),
    });
    expect(asInstructor.statusCode).toBe(403);
    const notInProgram = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getIaAccessListCsv.path, {
        userAccountId: admin.accountId,
        sectionId: ctx.fixture.catalog.sectionId,
      }),
      headers: authHeaders(admin.host, admin.token),
    });
    expect(notInProgram.statusCode).toBe(404);
    expect(notInProgram.json()).toMatchObject({ field: 'sectionId' });
  });

  it('answers the platform with the store’s token only, and never another store’s data', async () => {
    expect((await tokenCall(admin, 'GET')).json()).toEqual({ createdAt: null });
    const made = await tokenCall(admin, 'POST');
    expect(made.statusCode).toBe(200);
    const { token, createdAt } = made.json<{ token: string; createdAt: string }>();
    expect((await tokenCall(admin, 'GET')).json()).toEqual({ createdAt });

    const term = await platform(termUrl(ctx.fixture.catalog.termId), token);
    expect(term.statusCode).toBe(200);
    const lists = term.json<{
      sections: { sectionCode: string; students: { lastName: string }[] }[];
    }>();
    const byCode = new Map(lists.sections.map((s) => [s.sectionCode, s]));
    expect(byCode.get('LST')?.students.map((s) => s.lastName)).toEqual(['Adams', 'Brown']);
    expect(byCode.get('OPTIN')?.students.map((s) => s.lastName)).toEqual(['In']);
    const one = await platform(sectionUrl(section), token);
    expect(one.json()).toMatchObject({
      sectionCode: 'LST',
      materials: [{ title: 'Campbell Biology (digital)' }],
      students: [{ lastName: 'Adams', firstName: 'Zoe' }, { lastName: 'Brown' }],
    });
    expect(JSON.stringify(term.json())).not.toContain('Bee');

    // No token, a staff session, another store's token or host: 401. Another store's ids: 404.
    expect((await platform(termUrl(ctx.fixture.catalog.termId), null)).statusCode).toBe(401);
    const staff = await ctx.app.inject({
      method: 'GET',
      url: termUrl(ctx.fixture.catalog.termId),
      headers: authHeaders(admin.host, admin.token),
    });
    expect(staff.statusCode).toBe(401);
    expect((await platform(termUrl(ctx.fixture.catalog.termId), storeB.token)).statusCode).toBe(
      401,
    );
    expect((await platform(termUrl(storeB.termId), token, FIXTURE_HOSTS.b)).statusCode).toBe(401);
    expect((await platform(termUrl(storeB.termId), token)).statusCode).toBe(404);
    expect((await platform(sectionUrl(storeB.sectionId), token)).statusCode).toBe(404);
    const own = await platform(sectionUrl(storeB.sectionId), storeB.token, FIXTURE_HOSTS.b);
    expect(own.json()).toMatchObject({ students: [{ lastName: 'Other' }] });
  });

  it('stops the old token at once when it is rotated, and every token when revoked', async () => {
    const first = (await tokenCall(admin, 'POST')).json<{ token: string }>().token;
    const second = (await tokenCall(admin, 'POST')).json<{ token: string }>().token;
    expect(second).not.toBe(first);
    expect((await platform(sectionUrl(section), first)).statusCode).toBe(401);
    expect((await platform(sectionUrl(section), second)).statusCode).toBe(200);
    const revoked = await tokenCall(admin, 'DELETE');
    expect(revoked.json()).toEqual({ createdAt: null });
    expect((await platform(sectionUrl(section), second)).statusCode).toBe(401);
    const settings = await ctx.db.execute(sql`select access_token_hash from ia_store_settings`);
    expect(JSON.stringify(settings)).not.toContain(second);
  });

  it('lets only store-wide managers handle the token', async () => {
    const instructor = await signIn(ctx, ctx.fixture.accounts.instructor.userName);
    expect((await tokenCall(instructor, 'POST')).statusCode).toBe(403);
    expect((await tokenCall(instructor, 'GET')).statusCode).toBe(403);
  });
});
