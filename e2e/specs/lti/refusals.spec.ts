import type { Page } from '@playwright/test';
import { LTI_PAGES, LTI_REFUSALS, type LtiRefusalReason } from '@csp/contracts';
import { autoPostPage } from '../../../apps/server/src/test-support/lti-platform/auto-post.ts';
import type { LtiPlatform } from '../../../apps/server/src/test-support/lti-platform/index.ts';
import {
  DEMO_INSTRUCTOR,
  DESKTOP,
  checkLanding,
  expect,
  instructorCourse,
  registerPlatform,
  startPlatform,
  test,
  type InstructorCourse,
} from '../../support/lti.ts';
import { portalPage } from '../../support/own-portal.ts';

/*
 * Issue 33, point 2: every refused launch is a page naming the reason in a sentence
 * (LTI_REFUSALS), and a line of the store's recent launches on the store settings screen, for
 * whoever looks after the platform. Two of the server tests' bad cases, in the browser: an
 * id_token signed by a key the platform does not publish, and an id_token replayed under a
 * login of its own (the nonce is another login's).
 */
test.describe.configure({ mode: 'serial' });

const PLATFORM_NAME = 'Blackboard (emulated)';
let platform: LtiPlatform;
let taught: InstructorCourse;

test.beforeAll(async ({ lti }) => {
  [platform, taught] = await Promise.all([
    startPlatform(lti.portal, 'blackboard'),
    instructorCourse(lti.portal),
  ]);
  await registerPlatform(lti, platform, PLATFORM_NAME);
});
test.afterAll(async () => platform?.stop());

async function expectRefusal(page: Page, reason: LtiRefusalReason) {
  await expect(page).toHaveURL(new RegExp(`${LTI_PAGES.refused}\\?reason=${reason}$`));
  await expect(page.getByRole('alert')).toHaveText(LTI_REFUSALS[reason]);
  await expect(page.getByRole('heading', { level: 2, name: 'What to do next' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'textbooks@demo-university.edu' })).toBeVisible();
}

test('a launch signed by a key the platform does not publish is refused: bad signature', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const launch = platform.launch(DEMO_INSTRUCTOR, taught.platform, {
    token: { key: platform.unpublishedKey.privateKey },
  });
  // The platform's link, followed in the same window.
  await page.goto(launch.loginUrl);
  await expectRefusal(page, 'bad-signature');
  await expect(page.getByText('Demo University Campus Store', { exact: true })).toBeVisible();
  await checkLanding(page, 'refused');
  await context.close();
});

test('an id_token used once is refused when replayed under a new login: replayed', async ({
  browser,
  lti,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const launch = platform.launch(DEMO_INSTRUCTOR, taught.platform);
  await page.goto(launch.loginUrl);
  await expect(page).toHaveURL(`${lti.portal.baseUrl}/my-courses?ltiSection=${taught.sectionId}`);
  const [used] = launch.issuedTokens;
  // Someone who kept the token starts a login of their own (the portal's redirect to the
  // platform carries its new state) and has the browser post the token with that state.
  const login = await fetch(launch.loginUrl, { redirect: 'manual' });
  const authorization = new URL(login.headers.get('location')!);
  expect(authorization.href.startsWith(platform.authorizationEndpoint)).toBe(true);
  const replay = autoPostPage(authorization.searchParams.get('redirect_uri')!, {
    id_token: used!,
    state: authorization.searchParams.get('state')!,
  });
  const replaying = await context.newPage();
  await replaying.setContent(replay);
  await expectRefusal(replaying, 'replayed');
  await context.close();
});

test('the refusals are in the store’s recent launches, with their reasons', async ({
  browser,
  lti,
}) => {
  const { context, page } = await portalPage(browser, lti.portal, 'admin');
  await page.goto(`${lti.portal.baseUrl}/settings/store`);
  const recent = page.getByRole('region', { name: 'Recent launches' });
  const log = recent.getByRole('listitem');
  const ours = log.filter({ hasText: PLATFORM_NAME });
  await expect(ours.filter({ hasText: LTI_REFUSALS['bad-signature'] })).toHaveCount(1);
  await expect(ours.filter({ hasText: LTI_REFUSALS.replayed })).toHaveCount(1);
  // The launch the replayed token first made stands as launched.
  await expect(ours.filter({ hasText: /^Launched/ })).toHaveCount(1);
  await expect(ours.first()).toContainText(/^Refused/);
  await checkLanding(page, 'recent-launches', recent);
  await context.close();
});
