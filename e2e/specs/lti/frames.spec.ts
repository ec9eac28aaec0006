import type { Response } from '@playwright/test';
import { LTI_LANDING_MESSAGES, LTI_PAGES, LTI_REFUSALS, STORAGE_KEYS } from '@csp/contracts';
import type { LtiPlatform } from '../../../apps/server/src/test-support/lti-platform/index.ts';
import {
  DEMO_INSTRUCTOR,
  DESKTOP,
  PHONE,
  SHOTS,
  expect,
  instructorCourse,
  registerPlatform,
  startPlatform,
  test,
  type InstructorCourse,
} from '../../support/lti.ts';
import { frameAxeViolations, portalFrame } from '../../support/lti-frame.ts';
import { shot } from '../../support/shots.ts';

/*
 * Issue 33, point 2: a launch works inside the platform's iframe (no third-party cookie: the
 * one-time ticket signs the framed page in, its session kept in the frame's own storage) and in
 * a new window; the store's pages may be framed by its registered platforms and by nobody else.
 * The platform's course page is another site (127.0.0.1) than the portal (localhost).
 */

// One worker for the file: its platforms and their registration are made once.
test.describe.configure({ mode: 'default' });

let registered: LtiPlatform;
let stranger: LtiPlatform;
let taught: InstructorCourse;
/** Moodle sends no section SIS id: the course's short name (the context label) carries it. */
const moodleCourse = () => ({ ...taught.platform, label: taught.platform.sisId });

test.beforeAll(async ({ lti }) => {
  [registered, stranger, taught] = await Promise.all([
    startPlatform(lti.portal, 'moodle'),
    startPlatform(lti.portal, 'canvas'),
    instructorCourse(lti.portal),
  ]);
  await registerPlatform(lti, registered, 'Moodle (emulated)');
});
test.afterAll(async () => {
  await Promise.all([registered?.stop(), stranger?.stop()]);
});

/** The origins the answer's CSP lets frame it. */
function frameAncestors(response: Response): string[] {
  const policy = response.headers()['content-security-policy'] ?? '';
  const directive = policy.split(';').find((d) => d.trim().startsWith('frame-ancestors '));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

/** The answer of the portal's document at `path` (the app's HTML the frame loads). */
const documentAnswer = (origin: string, path: string) => (response: Response) =>
  response.url().startsWith(`${origin}${path}`) && response.request().resourceType() === 'document';

test('a launch inside the registered platform’s iframe lands signed in, framing allowed to that platform alone', async ({
  browser,
  lti,
}) => {
  const origin = lti.portal.baseUrl;
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const launch = registered.launch(DEMO_INSTRUCTOR, moodleCourse());
  const answered = page.waitForResponse(documentAnswer(origin, '/my-courses'));
  await page.goto(launch.coursePageUrl({ frame: true }));
  const frame = await portalFrame(page, origin, '/my-courses');

  const answer = await answered;
  expect(frameAncestors(answer)).toContain(registered.issuer);
  expect(frameAncestors(answer)).not.toContain(stranger.issuer);
  expect(answer.headers()['x-frame-options']).toBeUndefined();

  const first = frame.getByRole('article').first();
  await expect(first.getByText(LTI_LANDING_MESSAGES.fromCourseSite)).toBeVisible();
  await expect(first.getByRole('button', { name: /^Adopt the same as last time/ })).toBeVisible();
  expect(await frame.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.username)).toBe(
    DEMO_INSTRUCTOR.email,
  );
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await frameAxeViolations(frame), `framed My courses at ${size.width} px`).toEqual([]);
    await shot(page, { path: `${SHOTS}/iframe-my-courses-${size.width}.png` });
  }
  await context.close();
});

test('a launch in a new window from the same platform lands signed in', async ({
  browser,
  lti,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(registered.launch(DEMO_INSTRUCTOR, moodleCourse()).coursePageUrl());
  const [landing] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Course materials' }).click(),
  ]);
  await expect(landing).toHaveURL(
    `${lti.portal.baseUrl}/my-courses?ltiSection=${taught.sectionId}`,
  );
  await expect(landing.getByRole('navigation', { name: 'Main navigation' })).toContainText(
    'Logout',
  );
  await context.close();
});

test('a platform the store has not registered cannot show the store’s pages in its frame', async ({
  browser,
  lti,
}) => {
  const origin = lti.portal.baseUrl;
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const launch = stranger.launch(DEMO_INSTRUCTOR, taught.platform);
  // The portal refuses the unknown platform's login; the refusal page it sends the frame to
  // may not be shown there.
  const answered = page.waitForResponse(documentAnswer(origin, LTI_PAGES.refused));
  await page.goto(launch.coursePageUrl({ frame: true }));
  const answer = await answered;
  expect(frameAncestors(answer)).toContain(registered.issuer);
  expect(frameAncestors(answer)).not.toContain(stranger.issuer);
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  await expect
    .poll(() => frame.url(), { message: 'the frame is blocked (Chromium’s error page)' })
    .toMatch(/^chrome-error:/);
  await expect(frame.getByText(LTI_REFUSALS['unknown-platform'])).toHaveCount(0);
  await context.close();
});
