import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import {
  createLtiRegistration,
  fillPath,
  getLtiCourseMaterials,
  listLtiLaunches,
  listLtiRegistrations,
  LTI_DEFAULT_COURSE_PATTERN,
  LTI_PAGES,
  LTI_PATHS,
  login,
} from '@csp/contracts';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/bulk-write.ts';
import { LARGE_STORE_ADMIN, seedLtiLaunchLog } from '../src/db/seed/large-lti.ts';
import { LARGE_PASSWORD } from '../src/db/seed/large-store.ts';
import { coveringAdoptionsSql } from '../src/modules/adoption/coverage-sql.ts';
import {
  readAutoPost,
  startLtiPlatform,
  type LtiPlatform,
  type PlatformCourse,
  type PlatformUser,
} from '../src/test-support/lti-platform/index.ts';
import type { BenchEndpoint } from './endpoints.ts';
import type { Caller } from './bench-caller.ts';
import { expectOk } from './expect-ok.ts';
import { measure, percentile } from './measure.ts';

interface SectionSample {
  locationId: number;
  sectionId: number;
  materials: number;
  termName: string;
  departmentCode: string;
  courseCode: string;
  sectionCode: string;
}

/**
 * The store's section with the most materials a student's landing lists, in a term whose
 * materials the landing still shows (ended less than a year ago), a term in progress or to
 * come first: what a student launching from their course opens at the start of a term.
 */
async function sampleSection(db: Db, host: string): Promise<SectionSample> {
  const [site] = await queryRows<{ locationId: number }>(
    db,
    sql`select location_id as "locationId" from websites where host = ${host}`,
  );
  if (!site) throw new Error(`no store answers ${host}`);
  const { locationId } = site;
  const [row] = await queryRows<Omit<SectionSample, 'locationId'>>(
    db,
    sql`with recent as (
        select s.id, s.course_id from sections s join terms t on t.id = s.term_id
        where s.location_id = ${locationId} and t.end_date >= current_date - 300
      ),
      cover as (${coveringAdoptionsSql(locationId, 'recent')})
      select cv.section_id as "sectionId", count(*)::int as materials, t.name as "termName",
        d.code as "departmentCode", c.code as "courseCode", s.code as "sectionCode"
      from cover cv join adoption_materials am on am.id = cv.adoption_material_id
        join sections s on s.id = cv.section_id join terms t on t.id = s.term_id
        join courses c on c.id = s.course_id join departments d on d.id = c.department_id
      where not am.no_text_required and (am.title_id is not null or am.proposed_title_id is not null)
      group by cv.section_id, t.name, t.end_date, d.code, c.code, s.code
      order by t.end_date >= current_date desc, materials desc, cv.section_id
      limit 1`,
  );
  if (!row) throw new Error(`the store of ${host} lists no materials in a recent term`);
  return { locationId, ...row };
}

/** A student of the platform the store does not know by e-mail: the public materials. */
const LEARNER: PlatformUser = {
  id: 'bench-learner',
  givenName: 'Robin',
  familyName: 'Learner',
  email: 'robin.learner@platform.example',
  role: 'learner',
};

const FORM = 'application/x-www-form-urlencoded';

function redirectOf(res: LightMyRequestResponse, step: string): string {
  if (res.statusCode !== 302) throw new Error(`${step} answered ${res.statusCode}: ${res.body}`);
  return String(res.headers.location);
}

/** Each launch from its own client address, as a class's students launch (the per-address limit). */
let launches = 0;
function nextAddress(): string {
  launches++;
  return `10.${(launches >> 16) & 255}.${(launches >> 8) & 255}.${launches & 255}`;
}

/** A platform emulator registered on the store of `caller` through the settings API. */
async function registeredPlatform(app: FastifyInstance, caller: Caller): Promise<LtiPlatform> {
  const platform = await startLtiPlatform({
    shape: 'canvas',
    toolLoginUrl: `http://${caller.host}${LTI_PATHS.login}`,
  });
  // The app's close (the run's end, or a failure) stops the emulator's server with it.
  app.server.once('close', () => void platform.stop());
  const res = await app.inject({
    method: 'POST',
    url: fillPath(createLtiRegistration.path, { userAccountId: caller.accountId }),
    headers: { host: caller.host, 'auth-token': caller.token },
    payload: {
      name: 'Bench platform',
      issuer: platform.issuer,
      clientId: platform.clientId,
      deploymentIds: [platform.deploymentId],
      keySetUrl: platform.keySetUrl,
      authorizationEndpoint: platform.authorizationEndpoint,
      tokenEndpoint: null,
      frameOrigins: [],
      coursePattern: LTI_DEFAULT_COURSE_PATTERN,
      grantInstructors: false,
    },
  });
  expectOk(res, `LTI registration on ${caller.host}`);
  return platform;
}

/**
 * One whole launch, as a browser walks it: the portal's OIDC login initiation (a new state),
 * the platform's authorization page (it signs an id_token), its form posted to the launch,
 * which verifies the token, maps the course and answers the landing's redirect.
 */
function launchCall(app: FastifyInstance, host: string, platform: LtiPlatform, s: SectionSample) {
  const course: PlatformCourse = {
    id: `bench-${s.sectionId}`,
    label: `${s.departmentCode}${s.courseCode}`,
    title: 'Bench course',
    sectionSourcedId: `${s.termName}-${s.departmentCode}-${s.courseCode}-${s.sectionCode}`,
  };
  const expected = `${LTI_PAGES.courseMaterials}/${s.sectionId}`;
  return async () => {
    const remoteAddress = nextAddress();
    const launch = platform.launch(LEARNER, course);
    const query = new URLSearchParams(launch.loginParams).toString();
    const login = await app.inject({
      url: `${LTI_PATHS.login}?${query}`,
      headers: { host },
      remoteAddress,
    });
    const page = await fetch(redirectOf(login, 'LTI login'));
    const { action, fields } = readAutoPost(await page.text());
    const landed = await app.inject({
      method: 'POST',
      url: LTI_PATHS.launch,
      headers: { host: new URL(action).host, 'content-type': FORM },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress,
    });
    const location = redirectOf(landed, 'LTI launch');
    if (location !== expected) throw new Error(`LTI launch landed on ${location}, not ${expected}`);
  };
}

/**
 * What the launch spends outside the portal and in its signature check: the emulator's
 * authorization page alone (HTTP and its RS256 signing), and jose's RS256 verification of one
 * id_token alone, p50 ms each.
 */
async function launchShares(app: FastifyInstance, host: string, platform: LtiPlatform) {
  const launch = platform.launch(LEARNER, { id: 'bench-shares', label: 'X', title: 'X' });
  const query = new URLSearchParams(launch.loginParams).toString();
  const login = await app.inject({ url: `${LTI_PATHS.login}?${query}`, headers: { host } });
  const authorization = redirectOf(login, 'LTI login');
  const emulator = await measure(async () => void (await (await fetch(authorization)).text()), 50);
  const token = launch.issuedTokens.at(-1)!;
  const keys = createLocalJWKSet({ keys: [platform.key.publicJwk] });
  const verify = await measure(async () => void (await jwtVerify(token, keys)), 200);
  return { emulator: percentile(emulator, 50), verify: percentile(verify, 50) };
}

/** The large store's administrator (large-lti.ts): the settings' lists are theirs to read. */
async function largeStoreAdmin(app: FastifyInstance, host: string): Promise<Caller> {
  const res = await app.inject({
    method: 'POST',
    url: login.path,
    headers: { host },
    payload: { userName: LARGE_STORE_ADMIN, password: LARGE_PASSWORD },
  });
  expectOk(res, 'login of the large store administrator');
  const { token, accountId } = res.json<{ token: string; accountId: number }>();
  return { host, token, accountId };
}

/**
 * Launch from a learning platform (issue 33): a student's landing on a section's materials,
 * the store settings' registrations and launch log, and a whole launch through the test
 * emulator (a real HTTP server with its own RSA keys; the portal fetches its key set once and
 * keeps it, so the launches measured are steady-state ones).
 */
export async function ltiBench(
  app: FastifyInstance,
  db: Db,
  largeHost: string,
  demo: Caller,
): Promise<BenchEndpoint[]> {
  const large = await largeStoreAdmin(app, largeHost);
  const samples = {
    large: await sampleSection(db, large.host),
    demo: await sampleSection(db, demo.host),
  };
  const platforms = {
    large: await registeredPlatform(app, large),
    demo: await registeredPlatform(app, demo),
  };
  // The demo store's log gets a page and a half of rows: both stores then read a full page.
  const [demoRegistration] = await queryRows<{ id: number }>(
    db,
    sql`select id from lti_registrations where location_id = ${samples.demo.locationId}
      order by id limit 1`,
  );
  await seedLtiLaunchLog(db, {
    locationId: samples.demo.locationId,
    registrationId: demoRegistration!.id,
    today: new Date(),
    count: 150,
  });
  const [logged] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from lti_launches where location_id = ${samples.large.locationId}`,
  );

  const get = (caller: Caller, path: string, what: string) => async () =>
    expectOk(
      await app.inject({
        url: fillPath(path, { userAccountId: caller.accountId }),
        headers: { host: caller.host, 'auth-token': caller.token },
      }),
      what,
    );
  const materials = (caller: Caller, s: SectionSample) => async () =>
    expectOk(
      await app.inject({
        url: `${getLtiCourseMaterials.path}?sectionId=${s.sectionId}`,
        headers: { host: caller.host },
      }),
      'LTI course materials',
    );
  const launchLarge = launchCall(app, large.host, platforms.large, samples.large);
  const launchDemo = launchCall(app, demo.host, platforms.demo, samples.demo);
  await launchLarge(); // the portal fetches the platform's key set here, once
  const shares = await launchShares(app, large.host, platforms.large);
  const small = { pglite: 40, postgres: 25 };
  return [
    {
      name: `GET public ltiCourseMaterials (a section of ${samples.large.materials} materials)`,
      runs: 200,
      budgetP95Ms: small,
      demo: { call: materials(demo, samples.demo), maxGrowth: 3 },
      call: materials(large, samples.large),
    },
    {
      name: 'GET listLtiRegistrations (store settings)',
      runs: 200,
      budgetP95Ms: small,
      demo: { call: get(demo, listLtiRegistrations.path, 'demo LTI registrations'), maxGrowth: 2 },
      call: get(large, listLtiRegistrations.path, 'LTI registrations'),
    },
    {
      name: `GET listLtiLaunches (last 100 of ${logged!.n.toLocaleString('en-US')} rows)`,
      runs: 200,
      budgetP95Ms: small,
      demo: { call: get(demo, listLtiLaunches.path, 'demo LTI launch log'), maxGrowth: 2 },
      call: get(large, listLtiLaunches.path, 'LTI launch log'),
    },
    {
      name: 'LTI launch (login, emulator id_token, launch POST, landing)',
      runs: 200,
      budgetP95Ms: { pglite: 100, postgres: 80 },
      note:
        `a learner the store does not know by e-mail (public materials), so no one-time code ` +
        `is inserted: the SQL is replayed as sent and a code's hash is unique; ` +
        `of the p50, the emulator's authorization page alone (HTTP, RS256 signing) ${shares.emulator.toFixed(2)} ms, ` +
        `jose's RS256 verification alone ${shares.verify.toFixed(2)} ms`,
      demo: { call: launchDemo, maxGrowth: 2 },
      call: launchLarge,
    },
  ];
}
