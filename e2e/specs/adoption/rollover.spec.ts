import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { shot } from '../../support/shots.ts';

/*
 * Rollover by the store (issue 30, point 4) as the demo course materials team: the page offers
 * the division's departments and terms; a preview of the coming term from the last term of its
 * season (the demo store has one term of each season, so none) says so, and one from the term
 * chosen as the source lists the sections matched by course and section code with what would
 * be carried. The spec only previews: an apply would change the shared demo store.
 */
const PAGE_PATH = '/campaigns/rollover';

async function openRollover(browser: Browser, width: number) {
  const opened = await newLoggedInContext(browser, 'cma', 'localhost', {
    viewport: { width, height: 900 },
  });
  await opened.page.goto(`${opened.baseUrl}${PAGE_PATH}`);
  await expect(opened.page.getByRole('heading', { level: 1, name: 'Rollover' })).toBeVisible();
  await expect(opened.page.getByRole('button', { name: 'Preview' })).toBeVisible();
  return opened;
}

/** Previews from the latest term before the target (the "Carry from" list's first term). */
async function previewFromLatestEarlier(page: Page) {
  const from = page.getByRole('combobox', { name: 'Carry from' });
  const latest = await from.locator('option').nth(1).getAttribute('value');
  expect(latest, 'the coming term has an earlier term').toBeTruthy();
  await from.selectOption(latest!);
  await page.getByRole('button', { name: 'Preview' }).click();
  // A table on a wide screen, a list of cards on a phone: both named so.
  const table = page.getByLabel('Sections of both terms');
  await expect(table).toBeVisible();
  return table;
}

test('previews the coming term section by section, matched by course and section code', async ({
  browser,
}) => {
  const { context, page } = await openRollover(browser, 1280);
  await page.getByRole('button', { name: 'Preview' }).click();
  // One term of each season in the demo: no earlier term of the coming one's season.
  await expect(
    page.getByText(/has no earlier \w+ term\. Choose the term to carry from\./),
  ).toBeVisible();
  const table = await previewFromLatestEarlier(page);
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  await expect(table.getByText('To carry').first()).toBeVisible();
  await expect(
    table.getByText('New section').or(table.getByText('Section gone')).first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Create proposals \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Not confirmed yet' })).toBeVisible();
  await context.close();
});

for (const width of [1280, 390]) {
  test(`has no axe violations at ${width}px, with a preview`, async ({ browser }) => {
    const { context, page } = await openRollover(browser, width);
    await expectNoAxeViolations(page, `rollover form at ${width}px`);
    await previewFromLatestEarlier(page);
    await expectNoAxeViolations(page, `rollover preview at ${width}px`);
    // The table scrolls within its own region; the page itself is never wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // What a clerk sees first of the preview: its figures and first sections.
    await page.getByRole('button', { name: /^Create proposals/ }).scrollIntoViewIfNeeded();
    await shot(page, { path: test.info().outputPath(`rollover-${width}-preview.png`) });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, {
      path: test.info().outputPath(`rollover-${width}.png`),
      fullPage: true,
    });
    await context.close();
  });
}
