import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { AUTH_HEADER, fillPath, getDataIntegrationStatus } from '@csp/contracts';
import { portalCall, portalPage, startDataPortal, type DataPortal } from '../../support/data.ts';
import { expect, test } from '../../support/fixtures.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { REPO_ROOT } from '../../support/server.ts';
import { shot } from '../../support/shots.ts';

/*
 * A store moving from another system brings its adoption history (issue 27, "done when"): the
 * UofT Bookstore's real list goes in as the courses and sections it names, then as adoption
 * history, through the Data Summary alone; the course's detail then shows the adoptions as
 * imported. On a portal server of its own (the imports add a term of sections).
 */
test.describe.configure({ mode: 'serial' });

const UOFT = {
  path: join(
    REPO_ROOT,
    'apps/server/src/modules/data/fixtures/uoft_bookstore_textbook_adoptions_2020-fall.csv',
  ),
  name: 'uoft_bookstore_textbook_adoptions_2020-fall.csv',
};
let portal: DataPortal;
let coursePath = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  portal = await startDataPortal();
});

test.afterAll(async () => {
  await portal?.stop();
});

const report = (page: Page) => page.getByRole('region', { name: `Import report: ${UOFT.name}` });

/** Uploads the UofT list in a format, into Main Campus, and applies what its check accepts. */
async function importAs(page: Page, format: string, rows: number) {
  await page.goto(`${portal.baseUrl}/data-summary`);
  await page.getByLabel('File format').selectOption({ label: format });
  await page.getByLabel('Division the rows belong to').selectOption({ label: 'Main Campus' });
  await page.getByLabel('File (.csv or .xlsx)').setInputFiles(UOFT.path);
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(report(page).getByRole('status').first()).toHaveText(/Checked, ready to apply/, {
    timeout: 60_000,
  });
  await expect(report(page).locator('dt:text-is("Valid") + dd')).toHaveText(
    rows.toLocaleString('en-US'),
  );
  await report(page)
    .getByRole('button', { name: `Apply ${rows.toLocaleString('en-US')} rows` })
    .click();
  await page
    .getByRole('dialog', { name: `Apply ${UOFT.name}?` })
    .getByRole('button', { name: 'Apply', exact: true })
    .click();
  await expect(
    report(page)
      .getByRole('alert')
      .filter({ hasText: /^Applied/ }),
  ).toBeVisible({ timeout: 60_000 });
}

test("a data manager imports the UofT list's adoptions as history, and the course shows them as imported", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page, session } = await portalPage(browser, portal, 'cma');
  await importAs(page, 'UofT Bookstore textbook adoptions (as courses and sections)', 1405);
  await importAs(page, 'UofT Bookstore textbook adoptions (as adoption history)', 1405);
  // The adoptions and the books the store's catalog gained, as the report counts them.
  await expect(report(page)).toContainText('1,404');
  const status = await portalCall<{ divisions: { divisionId: number; divisionName: string }[] }>(
    portal,
    'GET',
    fillPath(getDataIntegrationStatus.path, { userAccountId: session.accountId }),
    { headers: { [AUTH_HEADER]: session.token } },
  );
  const main = status.body.divisions.find((d) => d.divisionName === 'Main Campus');
  coursePath = `/adopt/course/${main!.divisionId}/ENG/234H1F`;
  await context.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`at ${viewport.width}px the course's imported adoptions are marked and pass axe-core`, async ({
    browser,
  }, testInfo) => {
    const { context, page } = await portalPage(browser, portal, 'admin', viewport);
    await page.goto(`${portal.baseUrl}${coursePath}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ENG');
    // The course has more adoptions than cards suit: it opens as tables, each row marked too.
    const row = page.getByRole('row', { name: /^Where The Wild Things Are/ });
    await expect(row.getByText('Imported', { exact: true })).toBeVisible();
    await expectNoAxeViolations(
      page,
      `course detail with imported adoptions at ${viewport.width}px`,
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, {
      path: testInfo.outputPath(`imported-${viewport.width}.png`),
      fullPage: true,
    });
    await context.close();
  });
}
