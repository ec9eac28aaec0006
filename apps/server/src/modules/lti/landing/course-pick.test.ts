import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LTI_LANDING_MESSAGES as M, tieLtiCourse } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import {
  insertLandingRegistration,
  insertPickLaunch,
} from '../../../test-support/lti-landing-world.ts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  loginAs,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';

const engines = await testEngines();
const NOW = new Date('2026-09-01T15:00:00Z');
const LATER = new Date(NOW.getTime() + 30 * 60_000);

// Issue 33 point 4: an instructor whose course did not map picks it once; the platform course is
// then tied to that section for every later launch.
describe.each(engines)("the course picker's tie (%s)", (engine) => {
  let ctx: TestContext;
  let registrationId: number;
  let instructor: string;
  let section002: number;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => NOW });
    registrationId = (await insertLandingRegistration(ctx.db, ctx.fixture.locations.a)).id;
    instructor = (await loginAs(ctx.app, FIXTURE_HOSTS.a, ctx.fixture.accounts.instructor.userName))
      .token;
    const [row] = await ctx.db
      .insert(t.sections)
      .values({
        locationId: ctx.fixture.locations.a,
        courseId: ctx.fixture.catalog.courseId,
        termId: ctx.fixture.catalog.termId,
        code: '002',
        startDate: '2026-08-24',
        endDate: '2026-12-18',
      })
      .returning();
    section002 = row!.id;
  });
  afterAll(async () => ctx?.close());

  const pick = (
    contextId: string,
    options: { accountId?: number; expiresAt?: Date; locationId?: number } = {},
  ) =>
    insertPickLaunch(ctx.db, {
      locationId: options.locationId ?? ctx.fixture.locations.a,
      registrationId,
      accountId: options.accountId ?? ctx.fixture.accounts.instructor.id,
      contextId,
      expiresAt: options.expiresAt ?? LATER,
    });
  const tie = (body: unknown, token = instructor) =>
    ctx.app.inject({
      method: 'POST',
      url: tieLtiCourse.path,
      headers: authHeaders(FIXTURE_HOSTS.a, token),
      payload: body as Record<string, unknown>,
    });
  const links = (contextId: string) =>
    ctx.db
      .select()
      .from(t.ltiContextLinks)
      .where(
        and(
          eq(t.ltiContextLinks.registrationId, registrationId),
          eq(t.ltiContextLinks.contextId, contextId),
        ),
      );

  it('ties the platform course to the section once, and answers a repeat as the first', async () => {
    const { code, launchId } = await pick('ctx-bio-101');
    const sectionId = ctx.fixture.catalog.sectionId;
    const first = await tie({ pickCode: code, sectionId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ sectionId });
    expect(await links('ctx-bio-101')).toEqual([
      expect.objectContaining({ sectionId, linkedBy: ctx.fixture.accounts.instructor.id }),
    ]);
    const [launch] = await ctx.db
      .select({ sectionId: t.ltiLaunches.sectionId })
      .from(t.ltiLaunches)
      .where(eq(t.ltiLaunches.id, launchId));
    expect(launch?.sectionId).toBe(sectionId);
    const again = await tie({ pickCode: code, sectionId });
    expect(again.statusCode).toBe(200);
    expect(await links('ctx-bio-101')).toHaveLength(1);
  });

  it('refuses a spent code for another section with 409 naming pickCode', async () => {
    const admin = await loginAs(ctx.app, FIXTURE_HOSTS.a, ctx.fixture.accounts.admin.userName);
    const { code } = await pick('ctx-spent', { accountId: ctx.fixture.accounts.admin.id });
    const sectionId = ctx.fixture.catalog.sectionId;
    expect((await tie({ pickCode: code, sectionId }, admin.token)).statusCode).toBe(200);
    const res = await tie({ pickCode: code, sectionId: section002 }, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'pickCode', message: M.pickUsed });
    expect(await links('ctx-spent')).toEqual([expect.objectContaining({ sectionId })]);
  });

  it('refuses an expired code, and one of another account, with 400 naming pickCode', async () => {
    const sectionId = ctx.fixture.catalog.sectionId;
    const expired = await pick('ctx-old', { expiresAt: new Date(NOW.getTime() - 1000) });
    const old = await tie({ pickCode: expired.code, sectionId });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ field: 'pickCode', message: M.pickExpired });
    const others = await pick('ctx-admin', { accountId: ctx.fixture.accounts.admin.id });
    const res = await tie({ pickCode: others.code, sectionId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'pickCode', message: M.pickInvalid });
    expect(await links('ctx-old')).toHaveLength(0);
    expect(await links('ctx-admin')).toHaveLength(0);
    const unknown = await tie({ pickCode: 'x'.repeat(43), sectionId });
    expect(unknown.statusCode).toBe(400);
    const malformed = await tie({ pickCode: 'no!', sectionId });
    expect(malformed.json()).toMatchObject({ field: 'pickCode' });
  });

  it('answers 404 naming sectionId for a section the caller may not adopt on, or none of the store', async () => {
    const { code } = await pick('ctx-not-mine');
    const colleague = await tie({ pickCode: code, sectionId: section002 });
    expect(colleague.statusCode).toBe(404);
    expect(colleague.json()).toMatchObject({ field: 'sectionId', message: M.sectionNotYours });
    const missing = await tie({ pickCode: code, sectionId: 999_999 });
    expect(missing.statusCode).toBe(404);
    // The code was not spent by the refusals.
    expect(
      (await tie({ pickCode: code, sectionId: ctx.fixture.catalog.sectionId })).statusCode,
    ).toBe(200);
  });

  it('refuses an account without an adopt action (403) and nobody signed in (401)', async () => {
    const { code } = await pick('ctx-nobody');
    const unscoped = await loginAs(
      ctx.app,
      FIXTURE_HOSTS.a,
      ctx.fixture.accounts.submitterUnscoped.userName,
    );
    const body = { pickCode: code, sectionId: ctx.fixture.catalog.sectionId };
    expect((await tie(body, unscoped.token)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: tieLtiCourse.path,
      headers: { host: FIXTURE_HOSTS.a },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
