import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLtiRegistration,
  deleteLtiRegistration,
  fillPath,
  listLtiLaunches,
  listLtiRegistrations,
  LTI_LOG_LIMIT,
  LTI_REFUSALS,
  previewLtiCoursePattern,
  updateLtiRegistration,
  type LtiRegistrationInput,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { findLaunchedSection } from './course-pattern.ts';
import { findRegistration } from './registration-repository.ts';
import { CANVAS } from './registration-test-data.ts';

const engines = await testEngines();

describe.each(engines)('LTI registrations (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let instructor: Caller;

  const call = (
    caller: Caller,
    contract: { method: string; path: string },
    body?: object,
    registrationId?: number,
  ) =>
    ctx.app.inject({
      method: contract.method as 'GET',
      url: fillPath(contract.path, {
        userAccountId: caller.accountId,
        registrationId: registrationId ?? 0,
      }),
      headers: authHeaders(caller.host, caller.token),
      ...(body && { payload: body }),
    });

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    instructor = await signIn(ctx, ctx.fixture.accounts.instructor.userName);
  });
  afterAll(() => ctx?.close());

  it('registers a platform, lists it with the portal’s addresses, changes and removes it', async () => {
    const created = await call(admin, createLtiRegistration, CANVAS);
    expect(created.statusCode).toBe(200);
    const { registrationId } = created.json();
    expect(created.json()).toMatchObject({ ...CANVAS, dynamic: false });

    const list = (await call(admin, listLtiRegistrations)).json();
    expect(list.registrations).toHaveLength(1);
    expect(list.toolUrls).toEqual({
      login: 'http://store-a.test/app-rest/lti/v1/login',
      launch: 'http://store-a.test/app-rest/lti/v1/launch',
      keySet: 'http://store-a.test/app-rest/lti/v1/jwks',
      dynamicRegistration: 'http://store-a.test/lti/register',
      domain: 'store-a.test',
    });

    const changed = { ...CANVAS, deploymentIds: ['1:abc', '2:def'], grantInstructors: true };
    const updated = await call(admin, updateLtiRegistration, changed, registrationId);
    expect(updated.json()).toMatchObject({
      deploymentIds: ['1:abc', '2:def'],
      grantInstructors: true,
    });

    expect((await call(admin, deleteLtiRegistration, undefined, registrationId)).json()).toEqual({
      registrationId,
    });
    expect((await call(admin, listLtiRegistrations)).json().registrations).toEqual([]);
    const again = await call(admin, deleteLtiRegistration, undefined, registrationId);
    expect(again.statusCode).toBe(404);
    expect(again.json().field).toBe('registrationId');
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Partial<LtiRegistrationInput>, string, RegExp][] = [
      [{ issuer: '  ' }, 'issuer', /required/],
      [{ keySetUrl: 'http://canvas.example.edu/jwks' }, 'keySetUrl', /https/],
      [{ authorizationEndpoint: 'javascript:alert(1)' }, 'authorizationEndpoint', /https/],
      [{ deploymentIds: ['1', '1'] }, 'deploymentIds', /twice/],
      [{ coursePattern: '{dept}-{course}' }, 'coursePattern', /needs \{term\}/],
      [{ coursePattern: '{term}-{course}-{term}' }, 'coursePattern', /more than once/],
      [{ frameOrigins: ['ftp://x.example'] }, 'frameOrigins.0', /https/],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(admin, createLtiRegistration, { ...CANVAS, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toMatch(message);
    }
    // Plain http is for this computer only (tests and development).
    const local = {
      ...CANVAS,
      issuer: 'http://localhost:9001',
      keySetUrl: 'http://127.0.0.1:9001/jwks',
    };
    const res = await call(admin, createLtiRegistration, local);
    expect(res.statusCode).toBe(200);
    await call(admin, deleteLtiRegistration, undefined, res.json().registrationId);
  });

  it('answers 409 for a second registration of one issuer and client id, on create and update', async () => {
    const first = (await call(admin, createLtiRegistration, CANVAS)).json();
    const twice = await call(admin, createLtiRegistration, { ...CANVAS, name: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().field).toBe('clientId');
    const other = (
      await call(admin, createLtiRegistration, { ...CANVAS, clientId: 'other' })
    ).json();
    const clash = await call(admin, updateLtiRegistration, CANVAS, other.registrationId);
    expect(clash.statusCode).toBe(409);
    // Saving a registration unchanged is no clash with itself.
    expect(
      (await call(admin, updateLtiRegistration, CANVAS, first.registrationId)).statusCode,
    ).toBe(200);
    for (const r of [first, other])
      await call(admin, deleteLtiRegistration, undefined, r.registrationId);
  });

  it('answers 404 for another store’s registration and 403 without MANAGE_STORE', async () => {
    const [theirs] = await ctx.db
      .insert(t.ltiRegistrations)
      .values({ ...CANVAS, locationId: ctx.fixture.locations.b })
      .returning();
    const update = await call(admin, updateLtiRegistration, CANVAS, theirs!.id);
    expect(update.statusCode).toBe(404);
    expect(update.json().field).toBe('registrationId');
    expect((await call(admin, deleteLtiRegistration, undefined, theirs!.id)).statusCode).toBe(404);
    expect((await call(instructor, listLtiRegistrations)).statusCode).toBe(403);
    expect((await call(instructor, createLtiRegistration, CANVAS)).statusCode).toBe(403);
  });

  it('previews where sample course ids land, or why not', async () => {
    const res = await call(admin, previewLtiCoursePattern, {
      coursePattern: '{term}-{dept}-{course}-{section}',
      sampleIds: [
        '2026FA-BIO-101-001',
        'Fall 2026-bio-101-1',
        'FA26-CHEM-101-001',
        'FA26-BIO-101-009',
        'x',
      ],
    });
    expect(res.statusCode).toBe(200);
    const samples = res.json().samples;
    expect(samples[0]).toEqual({
      sampleId: '2026FA-BIO-101-001',
      sectionId: ctx.fixture.catalog.sectionId,
      label: 'BIO 101 section 001, Fall 2026',
      why: null,
    });
    expect(samples[1].sectionId).toBe(ctx.fixture.catalog.sectionId);
    expect(samples[2].why).toBe('No course CHEM 101 in the catalog.');
    expect(samples[3].why).toBe('BIO 101 has no section “009” in Fall 2026.');
    expect(samples[4].why).toMatch(/shape/);

    const bad = await call(admin, previewLtiCoursePattern, {
      coursePattern: '{course}',
      sampleIds: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('coursePattern');
    const many = await call(admin, previewLtiCoursePattern, {
      coursePattern: CANVAS.coursePattern,
      sampleIds: Array.from({ length: 11 }, (_, i) => `id${i}`),
    });
    expect(many.json().field).toBe('sampleIds');
  });

  it('finds the registration and the launched section for the launch', async () => {
    const { a, b } = ctx.fixture.locations;
    const [row] = await ctx.db
      .insert(t.ltiRegistrations)
      .values({
        ...CANVAS,
        clientId: 'launch',
        coursePattern: '{dept}{course} {term}',
        locationId: a,
      })
      .returning();
    expect((await findRegistration(ctx.db, a, CANVAS.issuer, 'launch'))?.id).toBe(row!.id);
    expect(await findRegistration(ctx.db, b, CANVAS.issuer, 'launch')).toBeNull();
    expect((await findRegistration(ctx.db, a, CANVAS.issuer, undefined))?.id).toBe(row!.id);

    const found = await findLaunchedSection(ctx.db, row!, {
      sourcedIds: ['not-this-one'],
      contextLabel: 'BIO101 Fall 2026',
    });
    expect(found).toEqual({
      sectionId: ctx.fixture.catalog.sectionId,
      courseId: ctx.fixture.catalog.courseId,
      sectionIds: [ctx.fixture.catalog.sectionId],
    });
    expect(
      await findLaunchedSection(ctx.db, row!, { sourcedIds: ['BIO101 Spring 2030'] }),
    ).toBeNull();
    // Another store's catalog is never reached.
    expect(
      await findLaunchedSection(
        ctx.db,
        { ...row!, locationId: b },
        { sourcedIds: ['BIO101 Fall 2026'] },
      ),
    ).toBeNull();
    await ctx.db.delete(t.ltiRegistrations);
  });

  it('lists the store’s last launches newest first with the reason’s sentence', async () => {
    const { a, b } = ctx.fixture.locations;
    const at = (minute: number) => new Date(Date.UTC(2026, 8, 1, 10, minute));
    await ctx.db.insert(t.ltiLaunches).values([
      {
        locationId: a,
        at: at(1),
        outcome: 'REFUSED',
        reason: 'expired',
        detail: 'exp 2026-09-01T09:00Z',
      },
      {
        locationId: a,
        at: at(2),
        outcome: 'LAUNCHED',
        detail: 'Instructor landed',
        role: 'INSTRUCTOR',
      },
      { locationId: b, at: at(3), outcome: 'REFUSED', reason: 'replayed' },
      ...Array.from({ length: LTI_LOG_LIMIT }, () => ({
        locationId: a,
        at: at(0),
        outcome: 'LAUNCHED' as const,
      })),
    ]);
    const launches = (await call(admin, listLtiLaunches)).json().launches;
    expect(launches).toHaveLength(LTI_LOG_LIMIT);
    expect(launches[0]).toMatchObject({
      outcome: 'LAUNCHED',
      role: 'INSTRUCTOR',
      reasonText: null,
    });
    expect(launches[1]).toMatchObject({
      reason: 'expired',
      reasonText: LTI_REFUSALS.expired,
      detail: 'exp 2026-09-01T09:00Z',
    });
    expect(launches.some((l: { reason: string }) => l.reason === 'replayed')).toBe(false);
  });
});
