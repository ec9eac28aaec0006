import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  LTI_DEFAULT_COURSE_PATTERN,
  LTI_PATHS,
  createLtiRegistration,
  getMyCourses,
  getTextbookDepartment,
  getTextbookTerm,
  getTextbookTerms,
  shortTermName,
  type LtiRegistration,
  type LtiRegistrationInput,
  type MyCourse,
  type ResponseOf,
  type SessionResponse,
} from '@csp/contracts';
import {
  startLtiPlatform,
  type LtiPlatform,
  type LtiPlatformShape,
  type PlatformCourse,
  type PlatformUser,
} from '../../apps/server/src/test-support/lti-platform/index.ts';
import { axeViolations } from './axe.ts';
import { expect, test as base } from './fixtures.ts';
import { portalApi, portalCall, signIn, startOwnPortal, type OwnPortal } from './own-portal.ts';
import { shot } from './shots.ts';

/*
 * Launches from a learning platform (issue 33) in the browser: the platform is the test
 * emulator of apps/server/src/test-support/lti-platform (a real HTTP server on 127.0.0.1, so
 * another site than the portal's localhost, as a platform is), the portal one of the LTI specs'
 * own (each launch makes accounts, subject links and log rows, and a registration lets its
 * platform frame the store's pages): started once per worker and shared by the specs/lti files,
 * each of which registers platforms of its own.
 */

export interface LtiWorld {
  portal: OwnPortal;
  admin: SessionResponse;
}

export const test = base.extend<object, { lti: LtiWorld }>({
  lti: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from it
    async ({}, use) => {
      const portal = await startOwnPortal('lti');
      try {
        await use({ portal, admin: await signIn(portal, 'admin') });
      } finally {
        await portal.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});
export { expect };

export const SHOTS = '/tmp/lti-shots';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A platform of `shape` whose launches start at the portal's login URL. */
export function startPlatform(portal: OwnPortal, shape: LtiPlatformShape = 'canvas') {
  return startLtiPlatform({ shape, toolLoginUrl: `${portal.baseUrl}${LTI_PATHS.login}` });
}

/** What the store's administrator enters for the platform (its own addresses and ids). */
export function registrationOf(
  platform: LtiPlatform,
  name: string,
  overrides: Partial<LtiRegistrationInput> = {},
): LtiRegistrationInput {
  return {
    name,
    issuer: platform.issuer,
    clientId: platform.clientId,
    deploymentIds: [platform.deploymentId],
    keySetUrl: platform.keySetUrl,
    authorizationEndpoint: platform.authorizationEndpoint,
    tokenEndpoint: null,
    frameOrigins: [],
    coursePattern: LTI_DEFAULT_COURSE_PATTERN,
    grantInstructors: false,
    ...overrides,
  };
}

/** Registers the platform through the API (the walk-through spec uses the settings screen). */
export function registerPlatform(
  world: LtiWorld,
  platform: LtiPlatform,
  name: string,
): Promise<LtiRegistration> {
  return portalApi<LtiRegistration>(
    world.portal,
    world.admin,
    createLtiRegistration,
    {},
    { body: registrationOf(platform, name) },
  );
}

/** The demo store's instructor, as the platform knows her (matched by e-mail on her first launch). */
export const DEMO_INSTRUCTOR: PlatformUser = {
  id: 'ida-instructor',
  givenName: 'Ida',
  familyName: 'Instructor',
  email: 'instructor@demo-university.edu',
  role: 'instructor',
};

/**
 * A demo student (apps/server/src/db/seed: enrolled in the current term's BIOL 464 A1, whose
 * materials make it a zero-cost section); the store knows the address.
 */
export const DEMO_STUDENT: PlatformUser = {
  id: 'aaron-patel',
  givenName: 'Aaron',
  familyName: 'Patel',
  email: 'aaron.patel.1814@students.demo-university.edu',
  role: 'learner',
};

/** An instructor the store has never heard of (a new address for each call). */
export function newcomer(): PlatformUser {
  const tag = Math.random().toString(36).slice(2, 8);
  return {
    id: `newcomer-${tag}`,
    givenName: 'Robin',
    familyName: 'Newcomer',
    email: `robin.newcomer.${tag}@demo-university.edu`,
    role: 'instructor',
  };
}

/** "Spring 2027 - Main Campus" -> "2027SP": how a student system names a term. */
export function termCode(termName: string): string {
  const [season = '', year = ''] = shortTermName(termName).split(' ');
  return `${year}${season.slice(0, 2).toUpperCase()}`;
}

/** A platform course whose section SIS id the default pattern maps to the section. */
export function platformCourse(
  termName: string,
  dept: string,
  course: string,
  section: string,
  title: string,
): PlatformCourse & { sisId: string } {
  const sisId = `${termCode(termName)}-${dept}-${course}-${section}`;
  return {
    id: `course-${sisId}`,
    label: `${dept} ${course}`,
    title: `${dept} ${course}: ${title}`,
    sectionSourcedId: sisId,
    sisId,
  };
}

export interface InstructorCourse {
  course: MyCourse;
  sectionId: number;
  platform: PlatformCourse & { sisId: string };
}

/**
 * The demo instructor's course with last term's materials and a section still to adopt for:
 * where "Adopt the same as last time" is offered (the demo's CHEM 447, spring).
 */
export async function instructorCourse(portal: OwnPortal): Promise<InstructorCourse> {
  const session = await signIn(portal, 'instructor');
  const { courses } = await portalApi<ResponseOf<typeof getMyCourses>>(
    portal,
    session,
    getMyCourses,
  );
  for (const course of courses) {
    const section = course.sections.find((s) => s.adoptionStatus === 'OUTSTANDING');
    if (!course.previous || !section) continue;
    const { departmentCode, courseCode, courseName } = course;
    return {
      course,
      sectionId: section.sectionId,
      platform: platformCourse(
        section.termName,
        departmentCode,
        courseCode,
        section.sectionCode,
        courseName,
      ),
    };
  }
  throw new Error('The demo instructor has no course to adopt the same as last time for');
}

const publicGet = async <T>(portal: OwnPortal, path: string): Promise<T> => {
  const res = await portalCall<T>(portal, 'GET', path);
  expect(res.status, path).toBe(200);
  return res.body;
};

/**
 * A Biology section of the Main Campus term under way with materials and a zero or low cost
 * mark, from the public textbook list (the demo's BIOL 464 A1).
 */
export async function markedBiologySection(portal: OwnPortal) {
  const { terms } = await publicGet<ResponseOf<typeof getTextbookTerms>>(
    portal,
    getTextbookTerms.path,
  );
  const today = new Date().toISOString().slice(0, 10);
  const term = terms
    .filter((t) => t.divisionName === 'Main Campus' && t.startDate <= today)
    .sort((a, b) => b.startDate.localeCompare(a.startDate))[0];
  if (!term) throw new Error('No Main Campus term under way in the demo');
  const { departments } = await publicGet<ResponseOf<typeof getTextbookTerm>>(
    portal,
    `${getTextbookTerm.path}?termId=${term.termId}`,
  );
  const biology = departments.find((d) => d.departmentCode === 'BIOL')!;
  const { courses } = await publicGet<ResponseOf<typeof getTextbookDepartment>>(
    portal,
    `${getTextbookDepartment.path}?termId=${term.termId}&departmentId=${biology.departmentId}`,
  );
  for (const course of courses) {
    const section = course.sections.find((s) => s.designation !== 'NONE' && s.materials.length > 0);
    if (!section) continue;
    return {
      section,
      course,
      platform: platformCourse(
        term.termName,
        'BIOL',
        course.courseCode,
        section.sectionCode,
        course.courseName,
      ),
    };
  }
  throw new Error('No Biology section with a cost mark and materials in the demo');
}

/**
 * The landing page checked as a clerk and a student see it: zero axe violations and a
 * screenshot (SHOTS/{name}-{width}.png, of the whole page or of `part`) at phone and desktop
 * widths, ending at desktop.
 */
export async function checkLanding(page: Page, name: string, part?: Locator): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await axeViolations(page), `${name} at ${size.width} px`).toEqual([]);
    const path = `${SHOTS}/${name}-${size.width}.png`;
    await (part ? shot(part, { path }) : shot(page, { path, fullPage: true }));
  }
}
