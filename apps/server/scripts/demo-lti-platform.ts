/**
 * A learning platform for trying LTI launches on the demo store by hand (issue 33; docs/demo.md
 * "Launch from a learning platform"). It starts the test suite's platform emulator on a fixed
 * port, registers it on the demo store through the portal's own API as the demo administrator
 * would on the store settings screen (updating the registration when it is already there), and
 * prints three course pages of the platform: the demo instructor's course, a student's section,
 * and an instructor the store does not know. Development only: nothing in the portal runs it.
 *
 *   npm run demo-lti-platform -w apps/server -- [portal URL, default http://localhost:3000]
 */
import {
  LTI_DEFAULT_COURSE_PATTERN,
  LTI_PATHS,
  createLtiRegistration,
  fillPath,
  getMyCourses,
  listLtiRegistrations,
  login,
  shortTermName,
  updateLtiRegistration,
  type LtiRegistration,
  type LtiRegistrationInput,
  type ResponseOf,
  type SessionResponse,
} from '@csp/contracts';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo-accounts.ts';
import { startLtiPlatform, type PlatformUser } from '../src/test-support/lti-platform/index.ts';

const PORTAL = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const PLATFORM_PORT = Number(process.env.DEMO_LTI_PORT ?? 3990);
const CLIENT_ID = 'demo-learning-platform';
const DEPLOYMENT_ID = 'demo-deployment-1';
const INSTRUCTOR_EMAIL = 'instructor@demo-university.edu';
/** A student of the demo store (apps/server/src/db/seed; the e2e specs launch as him too). */
const STUDENT_EMAIL = 'aaron.patel.1814@students.demo-university.edu';

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${PORTAL}${path}`, {
    method,
    headers: {
      ...(token && { 'Auth-Token': token }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function signIn(userName: string): Promise<SessionResponse> {
  const account = DEMO_ACCOUNTS.find((a) => a.userName === userName);
  if (!account) throw new Error(`no demo account ${userName}`);
  return call(login.method, login.path, undefined, {
    userName: account.userName,
    password: account.password,
  });
}

/** Creates the demo platform's registration, or points the existing one at this run's keys. */
async function register(input: LtiRegistrationInput): Promise<void> {
  const admin = await signIn('admin@demo-university.edu');
  const { registrations } = await call<{ registrations: LtiRegistration[] }>(
    'GET',
    fillPath(listLtiRegistrations.path, { userAccountId: admin.accountId }),
    admin.token,
  );
  const existing = registrations.find((r) => r.clientId === CLIENT_ID);
  if (existing) {
    const path = fillPath(updateLtiRegistration.path, {
      userAccountId: admin.accountId,
      registrationId: existing.registrationId,
    });
    await call(updateLtiRegistration.method, path, admin.token, input);
  } else {
    const path = fillPath(createLtiRegistration.path, { userAccountId: admin.accountId });
    await call(createLtiRegistration.method, path, admin.token, input);
  }
}

/** The demo instructor's first course with a section of a coming term, as a student system names it. */
async function instructorCourse() {
  const instructor = await signIn(INSTRUCTOR_EMAIL);
  const path = fillPath(getMyCourses.path, { userAccountId: instructor.accountId });
  const { courses } = await call<ResponseOf<typeof getMyCourses>>('GET', path, instructor.token);
  const course = courses.find((c) => c.departmentCode === 'BIOL') ?? courses[0];
  const section = course?.sections[0];
  if (!course || !section) throw new Error('the demo instructor has no course of a coming term');
  const [season = '', year = ''] = shortTermName(section.termName).split(' ');
  const sisId = `${year}${season.slice(0, 2).toUpperCase()}-${course.departmentCode}-${course.courseCode}-${section.sectionCode}`;
  const label = `${course.departmentCode} ${course.courseCode}`;
  return {
    id: `course-${sisId}`,
    label,
    title: `${label}: ${course.courseName}`,
    sectionSourcedId: sisId,
  };
}

const user = (id: string, name: string, email: string, role: PlatformUser['role']) => {
  const [givenName = '', familyName = ''] = name.split(' ');
  return { id, givenName, familyName, email, role } satisfies PlatformUser;
};

async function main(): Promise<void> {
  const platform = await startLtiPlatform({
    shape: 'canvas',
    toolLoginUrl: `${PORTAL}${LTI_PATHS.login}`,
    clientId: CLIENT_ID,
    deploymentId: DEPLOYMENT_ID,
    port: PLATFORM_PORT,
  });
  await register({
    name: 'Demo learning platform',
    issuer: platform.issuer,
    clientId: CLIENT_ID,
    deploymentIds: [DEPLOYMENT_ID],
    keySetUrl: platform.keySetUrl,
    authorizationEndpoint: platform.authorizationEndpoint,
    tokenEndpoint: null,
    frameOrigins: [],
    coursePattern: LTI_DEFAULT_COURSE_PATTERN,
    grantInstructors: false,
  });
  const course = await instructorCourse();
  const launches = [
    ['The demo instructor', user('ida', 'Ida Instructor', INSTRUCTOR_EMAIL, 'instructor')],
    ['A student', user('aaron', 'Aaron Patel', STUDENT_EMAIL, 'learner')],
    [
      'An instructor the store does not know',
      user('robin', 'Robin Newcomer', 'robin.newcomer@demo-university.edu', 'instructor'),
    ],
  ] as const;
  console.log(`Demo learning platform at ${platform.issuer}, registered on ${PORTAL}.`);
  console.log(`Course ${course.title} (course id ${course.sectionSourcedId}):`);
  for (const [who, person] of launches) {
    const launch = platform.launch(person, course);
    console.log(`  ${who}: ${launch.coursePageUrl()}`);
    console.log(`    inside the platform's frame: ${launch.coursePageUrl({ frame: true })}`);
  }
  console.log('Ctrl+C stops the platform.');
}

await main();
