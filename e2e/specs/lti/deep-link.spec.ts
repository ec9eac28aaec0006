import {
  LTI_CLAIMS,
  LTI_DEEP_LINK_DEFAULT_TITLE,
  LTI_DEEP_LINKING_RESPONSE,
  LTI_PATHS,
} from '@csp/contracts';
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
import { startDeepLinkReturn, type DeepLinkReturn } from '../../support/lti-deep-link-return.ts';

/*
 * Issue 33, point 5: Deep Linking. The platform asks the portal for a link to place in the
 * course (an LtiDeepLinkingRequest); the instructor confirms "Add a Course materials link", and
 * the portal's answer posts a JWT back to the platform's return URL, which the platform checks
 * against the portal's public key set before placing the link.
 */
test.describe.configure({ mode: 'serial' });

let platform: LtiPlatform;
let taught: InstructorCourse;
let returns: DeepLinkReturn;

test.beforeAll(async ({ lti }) => {
  [platform, taught] = await Promise.all([
    startPlatform(lti.portal, 'canvas'),
    instructorCourse(lti.portal),
  ]);
  await registerPlatform(lti, platform, 'Canvas for links (emulated)');
  returns = await startDeepLinkReturn({
    toolKeySetUrl: `${lti.portal.baseUrl}${LTI_PATHS.keySet}`,
    clientId: platform.clientId,
    platformIssuer: platform.issuer,
  });
});
test.afterAll(async () => {
  await Promise.all([platform?.stop(), returns?.stop()]);
});

test('the instructor adds a Course materials link; the platform verifies the portal’s signed answer', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const launch = platform.launch(DEMO_INSTRUCTOR, taught.platform, {
    messageType: 'LtiDeepLinkingRequest',
    deepLinkReturnUrl: returns.url,
  });
  await page.goto(launch.loginUrl);
  await expect(page).toHaveURL(/\/lti\/deep-link\?code=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a Course materials link');
  const label = `${taught.course.departmentCode} ${taught.course.courseCode}`;
  await expect(page.getByText(new RegExp(`^${label} `))).toBeVisible();
  const title = page.getByRole('textbox', { name: 'Title of the link' });
  await expect(title).toHaveValue(LTI_DEEP_LINK_DEFAULT_TITLE);
  await checkLanding(page, 'deep-link');

  await title.fill(`${label} course materials`);
  await page.getByRole('button', { name: 'Add to the course' }).click();
  // The platform's page, once its check of the JWT passed.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link added to the course');
  await expect(page.getByRole('listitem')).toHaveText(`${label} course materials`);
  expect(returns.refused).toEqual([]);
  expect(returns.received).toHaveLength(1);
  const { payload } = returns.received[0]!;
  expect(payload[LTI_CLAIMS.messageType]).toBe(LTI_DEEP_LINKING_RESPONSE);
  expect(payload[LTI_CLAIMS.deploymentId]).toBe(platform.deploymentId);
  // The platform's opaque data comes back unaltered.
  expect(payload[LTI_CLAIMS.deepLinkingData]).toBe(`dl-${taught.platform.id}`);
  await context.close();
});
