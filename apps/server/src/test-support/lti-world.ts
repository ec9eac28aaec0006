import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { LTI_DEFAULT_COURSE_PATTERN, LTI_PATHS } from '@csp/contracts';
import type { Config } from '../config.ts';
import * as t from '../db/schema/index.ts';
import {
  readAutoPost,
  startLtiPlatform,
  type LtiPlatform,
  type LtiPlatformShape,
  type PlatformCourse,
  type PlatformLaunch,
  type PlatformUser,
} from './lti-platform/index.ts';
import { createTestApp, FIXTURE_HOSTS, type Engine, type TestContext } from './test-app.ts';

/**
 * The launch tests' world (issue 33): the two-store fixture, a Canvas, a Moodle and a
 * Blackboard emulator registered with store A (default course pattern, launches not granting
 * roles), one more platform registered with store B only, and a student of store A. Its
 * helpers walk a browser through a launch without a browser.
 */
export interface LtiWorld {
  ctx: TestContext;
  platforms: Record<LtiPlatformShape, LtiPlatform>;
  registrationIds: Record<LtiPlatformShape, number>;
  /** Registered with store B only. */
  otherStorePlatform: LtiPlatform;
  student: { id: number; email: string };
  close(): Promise<void>;
}

export const SHAPES: readonly LtiPlatformShape[] = ['canvas', 'moodle', 'blackboard'];

const FORM = 'application/x-www-form-urlencoded';

async function registerPlatform(ctx: TestContext, locationId: number, platform: LtiPlatform) {
  const [row] = await ctx.db
    .insert(t.ltiRegistrations)
    .values({
      locationId,
      name: `Emulated ${platform.shape}`,
      issuer: platform.issuer,
      clientId: platform.clientId,
      deploymentIds: [platform.deploymentId],
      keySetUrl: platform.keySetUrl,
      authorizationEndpoint: platform.authorizationEndpoint,
      coursePattern: LTI_DEFAULT_COURSE_PATTERN,
    })
    .returning({ id: t.ltiRegistrations.id });
  return row!.id;
}

/** `config`: the test app's configuration changes (LTI_LOCAL_PLATFORMS off, say). */
export async function createLtiWorld(
  engine: Engine,
  config: Partial<Config> = {},
): Promise<LtiWorld> {
  const ctx = await createTestApp(engine, { config });
  const platformList = await Promise.all(SHAPES.map((shape) => startLtiPlatform({ shape })));
  const platforms = Object.fromEntries(
    platformList.map((p) => [p.shape, p]),
  ) as LtiWorld['platforms'];
  const registrationIds = {} as LtiWorld['registrationIds'];
  for (const platform of platformList) {
    registrationIds[platform.shape] = await registerPlatform(
      ctx,
      ctx.fixture.locations.a,
      platform,
    );
  }
  const otherStorePlatform = await startLtiPlatform({
    shape: 'canvas',
    toolLoginUrl: `http://${FIXTURE_HOSTS.b}${LTI_PATHS.login}`,
  });
  await registerPlatform(ctx, ctx.fixture.locations.b, otherStorePlatform);
  const email = 'sam.student@store-a.test';
  const [student] = await ctx.db
    .insert(t.students)
    .values({
      locationId: ctx.fixture.locations.a,
      studentIdNum: '900000001',
      firstName: 'Sam',
      lastName: 'Student',
      email: 'Sam.Student@store-a.test ',
    })
    .returning({ id: t.students.id });
  return {
    ctx,
    platforms,
    registrationIds,
    otherStorePlatform,
    student: { id: student!.id, email },
    close: async () => {
      await Promise.all([...platformList, otherStorePlatform].map((p) => p.stop()));
      await ctx.close();
    },
  };
}

/** The platform's people and course that map to the fixture's BIO 101 section 001. */
export function fixturePeople(world: LtiWorld) {
  const { accounts } = world.ctx.fixture;
  return {
    instructor: {
      id: 'u-instructor',
      givenName: 'Ines',
      familyName: 'Instructor',
      email: accounts.instructor.userName,
      role: 'instructor',
    },
    learner: {
      id: 'u-learner',
      givenName: 'Sam',
      familyName: 'Student',
      email: world.student.email,
      role: 'learner',
    },
    stranger: {
      id: 'u-stranger',
      givenName: 'Nia',
      familyName: 'New',
      email: 'nia.new@college.test',
      role: 'instructor',
    },
  } satisfies Record<string, PlatformUser>;
}

/** BIO 101 section 001 of Fall 2026 as each platform names it. */
export const BIO_101: Record<LtiPlatformShape, PlatformCourse> = {
  // Canvas: the course code as label (no term: it cannot map), the section's SIS id in lis.
  canvas: {
    id: 'c-bio-101',
    label: 'BIO-101-001',
    title: 'Intro Biology',
    sectionSourcedId: '2026FA-BIO-101-001',
  },
  // Moodle: the course short name as label, no lis ids.
  moodle: { id: '42', label: 'FA26-BIO-101-001', title: 'Intro Biology' },
  // Blackboard: lis course section sourcedid with the term's short name, section "1".
  blackboard: {
    id: 'bb-bio-101',
    label: 'BIO101',
    title: 'Intro Biology',
    sectionSourcedId: 'Fall 2026-BIO-101-1',
  },
};

/** What a browser's walk through a launch met: where it ended, and what the platform posted. */
export interface LaunchWalk {
  /** The last Location: the landing, or a refusal page. */
  location: string;
  /** The fields the platform's page posted to the launch (null: the login refused). */
  posted: Record<string, string> | null;
}

function location(res: LightMyRequestResponse): string {
  if (res.statusCode !== 302)
    throw new Error(`expected a redirect, got ${res.statusCode} ${res.body}`);
  if (res.headers['set-cookie']) throw new Error('a launch step set a cookie');
  return String(res.headers.location);
}

/** Posts the launch form on `host` (the platform's page does it in a browser). */
export async function postLaunch(
  ctx: TestContext,
  fields: Record<string, string>,
  host: string = FIXTURE_HOSTS.a,
): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: LTI_PATHS.launch,
    headers: { host, 'content-type': FORM },
    payload: new URLSearchParams(fields).toString(),
  });
  return location(res);
}

/** The login initiation as the platform starts it (GET, or a form POST). */
export async function startLogin(
  ctx: TestContext,
  params: Record<string, string>,
  options: { host?: string; post?: boolean } = {},
): Promise<string> {
  const host = options.host ?? FIXTURE_HOSTS.a;
  const query = new URLSearchParams(params).toString();
  const res = options.post
    ? await ctx.app.inject({
        method: 'POST',
        url: LTI_PATHS.login,
        headers: { host, 'content-type': FORM },
        payload: query,
      })
    : await ctx.app.inject({
        method: 'GET',
        url: `${LTI_PATHS.login}?${query}`,
        headers: { host },
      });
  return location(res);
}

/**
 * A browser's walk through `launch`: the portal's login, the platform's authorization page,
 * and its form posted to the portal's launch (on the host the form names).
 */
export async function walkLaunch(
  world: LtiWorld,
  launch: PlatformLaunch,
  options: { host?: string; post?: boolean } = {},
): Promise<LaunchWalk> {
  const authorization = await startLogin(world.ctx, launch.loginParams, options);
  if (!authorization.startsWith('http://127.0.0.1'))
    return { location: authorization, posted: null };
  const page = await fetch(authorization);
  const { action, fields } = readAutoPost(await page.text());
  const landing = await postLaunch(world.ctx, fields, new URL(action).host);
  return { location: landing, posted: fields };
}

/** The newest row of store A's launch log. */
export async function lastLogRow(world: LtiWorld) {
  const [row] = await world.ctx.db
    .select()
    .from(t.ltiLaunches)
    .where(eq(t.ltiLaunches.locationId, world.ctx.fixture.locations.a))
    .orderBy(desc(t.ltiLaunches.id))
    .limit(1);
  return row;
}

/** Sets store A's registration of `shape` (granting instructors, the key set URL...). */
export async function updateRegistration(
  world: LtiWorld,
  shape: LtiPlatformShape,
  set: Partial<typeof t.ltiRegistrations.$inferInsert>,
): Promise<void> {
  await world.ctx.db
    .update(t.ltiRegistrations)
    .set(set)
    .where(eq(t.ltiRegistrations.id, world.registrationIds[shape]));
}
