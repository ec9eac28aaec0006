import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  completeLtiDynamicRegistration,
  LTI_CLAIMS,
  LTI_LIMITS,
  LTI_PAGES,
  LTI_PATHS,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { readAutoPost } from '../../../test-support/lti-platform/index.ts';
import {
  BIO_101,
  createLtiWorld,
  fixturePeople,
  lastLogRow,
  postLaunch,
  startLogin,
  walkLaunch,
  type LtiWorld,
} from '../../../test-support/lti-world.ts';
import { FIXTURE_HOSTS, testEngines } from '../../../test-support/test-app.ts';

const engines = await testEngines();

/** The review's hardening of the launch (issue 33): identity, claims, limits, single use. */
describe.each(engines)('LTI launch: hardening (%s)', (engine) => {
  let world: LtiWorld;
  beforeAll(async () => {
    world = await createLtiWorld(engine);
  });
  afterAll(async () => world?.close());

  const landing = (location: string) => new URL(location, 'http://portal.invalid');

  async function logRows() {
    const [row] = await world.ctx.db
      .select({ n: count() })
      .from(t.ltiLaunches)
      .where(eq(t.ltiLaunches.locationId, world.ctx.fixture.locations.a));
    return row!.n;
  }

  /** Puts `key` of the attempt counters at `hits` for the next quarter hour. */
  async function spendLimit(key: string, hits: number) {
    await world.ctx.db
      .insert(t.authThrottle)
      .values({ key, hits, windowEndsAt: new Date(Date.now() + 15 * 60_000) })
      .onConflictDoUpdate({ target: t.authThrottle.key, set: { hits } });
  }

  it('signs nobody with roles beyond INSTRUCTOR in by the platform e-mail: no ticket, no link', async () => {
    const { admin } = world.ctx.fixture.accounts;
    const claimingAdmin = {
      ...fixturePeople(world).instructor,
      id: 'u-admin',
      email: admin.userName,
    };
    const walk = await walkLaunch(
      world,
      world.platforms.canvas.launch(claimingAdmin, BIO_101.canvas),
    );
    const url = landing(walk.location);
    expect(url.pathname).toBe('/my-courses');
    expect(url.searchParams.get('ltiSection')).toBe(String(world.ctx.fixture.catalog.sectionId));
    expect(url.searchParams.get('ticket')).toBeNull();
    expect(url.searchParams.get('userAccountId')).toBeNull();
    const links = await world.ctx.db
      .select()
      .from(t.ltiSubjects)
      .where(
        and(
          eq(t.ltiSubjects.registrationId, world.registrationIds.canvas),
          eq(t.ltiSubjects.subject, 'u-admin'),
        ),
      );
    expect(links).toEqual([]);
    expect(await lastLogRow(world)).toMatchObject({ outcome: 'LAUNCHED', accountId: admin.id });
    // An instructor and nothing else is still signed in by the launch.
    const teacher = await walkLaunch(
      world,
      world.platforms.canvas.launch(fixturePeople(world).instructor, BIO_101.canvas),
    );
    expect(landing(teacher.location).searchParams.get('ticket')).toBeTruthy();
  });

  it("refuses a launch whose signed target_link_uri is not the login's", async () => {
    const walk = await walkLaunch(
      world,
      world.platforms.canvas.launch(fixturePeople(world).instructor, BIO_101.canvas, {
        claims: { [LTI_CLAIMS.targetLinkUri]: 'https://elsewhere.example/launch' },
      }),
    );
    expect(walk.location).toBe(`${LTI_PAGES.refused}?reason=bad-request`);
    expect((await lastLogRow(world))!.detail).toContain('target_link_uri');
  });

  it('refuses a deep-linking request whose return address is not an https address', async () => {
    const walk = await walkLaunch(
      world,
      world.platforms.canvas.launch(fixturePeople(world).instructor, BIO_101.canvas, {
        messageType: 'LtiDeepLinkingRequest',
        deepLinkReturnUrl: 'javascript:alert(document.domain)',
      }),
    );
    expect(walk.location).toBe(`${LTI_PAGES.refused}?reason=missing-claims`);
    expect(await world.ctx.db.select().from(t.ltiDeepLinks)).toEqual([]);
  });

  it('lands one of two simultaneous posts of a launch form, refusing the other', async () => {
    const launch = world.platforms.moodle.launch(fixturePeople(world).instructor, BIO_101.moodle);
    const authorization = await startLogin(world.ctx, launch.loginParams);
    const { fields } = readAutoPost(await (await fetch(authorization)).text());
    const both = await Promise.all([postLaunch(world.ctx, fields), postLaunch(world.ctx, fields)]);
    const refused = both.filter((l) => l === `${LTI_PAGES.refused}?reason=state-mismatch`);
    expect(refused).toHaveLength(1);
    expect(both.filter((l) => landing(l).pathname === '/my-courses')).toHaveLength(1);
  });

  it("refuses a client address's login and launch past its limit, unlogged; others go on", async () => {
    const ip = '203.0.113.9';
    await spendLimit(`ltiLaunch:ip:${ip}`, LTI_LIMITS.launchStepsPerIp);
    const before = await logRows();
    const { loginParams } = world.platforms.canvas.launch(
      fixturePeople(world).instructor,
      BIO_101.canvas,
    );
    const tooMany = `${LTI_PAGES.refused}?reason=too-many`;
    for (const request of [
      { method: 'GET' as const, url: `${LTI_PATHS.login}?${new URLSearchParams(loginParams)}` },
      { method: 'POST' as const, url: LTI_PATHS.launch, payload: 'state=x&id_token=y' },
    ]) {
      const res = await world.ctx.app.inject({
        ...request,
        remoteAddress: ip,
        headers: {
          host: FIXTURE_HOSTS.a,
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
      expect(res.headers.location).toBe(tooMany);
    }
    expect(await logRows()).toBe(before);
    // Another address (the test's own) is not held back.
    expect(await startLogin(world.ctx, loginParams)).toMatch(/^http:\/\/127\.0\.0\.1/);
  });

  it("keeps a store's refusal log to its hourly rows: more refusals get the page, not a row", async () => {
    const refusal = { iss: 'https://forged.example', login_hint: 'x', target_link_uri: 'y' };
    await spendLimit(
      `ltiRefusalLog:${world.ctx.fixture.locations.a}`,
      LTI_LIMITS.refusalLogRowsPerHour,
    );
    const before = await logRows();
    expect(await startLogin(world.ctx, refusal)).toBe(
      `${LTI_PAGES.refused}?reason=unknown-platform`,
    );
    expect(await logRows()).toBe(before);
    await world.ctx.db
      .delete(t.authThrottle)
      .where(eq(t.authThrottle.key, `ltiRefusalLog:${world.ctx.fixture.locations.a}`));
    await startLogin(world.ctx, refusal);
    expect(await logRows()).toBe(before + 1);
  });

  it('answers 429 to dynamic registration attempts past the address limit', async () => {
    const ip = '203.0.113.10';
    await spendLimit(`ltiRegistration:ip:${ip}`, LTI_LIMITS.registrationsPerIp);
    const res = await world.ctx.app.inject({
      method: 'POST',
      url: completeLtiDynamicRegistration.path,
      remoteAddress: ip,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { invite: 'x'.repeat(43), openidConfiguration: 'https://lms.example.edu/config' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeTruthy();
  });
});
