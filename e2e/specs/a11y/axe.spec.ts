import type { Page } from '@playwright/test';
import { axeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { hostUrl } from '../../support/server.ts';
import { shot } from '../../support/shots.ts';

/**
 * The signed-in pages no feature spec scans at both a desktop and a phone width. The others are
 * scanned where their behaviour is tested, at both widths, in the states a user reaches:
 * /dashboard (metrics/dashboard), /research with a section and a student (research/
 * section-research), /settings/permissions, /adopt (adoption/catalog), a course page
 * (adoption/course-detail), /data-summary (data/data-summary) and /funding-management
 * (funding/funding-axe); walking them here again only repeated those scans.
 */
const LOGGED_IN_PAGES = ['/search', '/search/student/1', '/help'];

/** Once the page has its heading (the axe helper then waits for transitions to end). */
async function expectNoViolations(page: Page, label: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await axeViolations(page), label).toEqual([]);
}

test.describe('axe-core finds no violations', () => {
  // Each test walks many pages; the per-test default is sized for one page.
  test.describe.configure({ timeout: 180_000 });

  for (const width of [1280, 360]) {
    test(`on every signed-in page at ${width}px`, async ({ browser }) => {
      const { context, page, baseUrl } = await newLoggedInContext(browser, 'admin');
      await page.setViewportSize({ width, height: 800 });
      for (const path of LOGGED_IN_PAGES) {
        await page.goto(`${baseUrl}${path}`);
        await expectNoViolations(page, `${path} at ${width}px`);
      }
      await context.close();
    });
  }

  test('on the signed-out pages of every demo website', async ({ page }) => {
    for (const host of ['localhost', '127.0.0.1', 'bookstore-b.localhost'] as const) {
      for (const path of ['/login', '/reset-password', '/help', '/textbooks']) {
        await page.goto(`${hostUrl(host)}${path}`);
        await expectNoViolations(page, `${host}${path}`);
      }
    }
  });

  for (const width of [1280, 360]) {
    test(`on the sign-in page of an address no store is configured for, at ${width}px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${hostUrl('unknown-store.localhost')}/login`);
      await expect(page.getByRole('alert')).toContainText('No campus store is configured');
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
      await shot(page, { path: test.info().outputPath(`unknown-host-${width}.png`) });
      await expectNoViolations(page, `unknown host at ${width}px`);
    });
  }
});
