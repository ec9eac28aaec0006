import type { Page } from '@playwright/test';
import { sectionList, type SectionListRequest, type SectionRow } from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { shot } from '../../support/shots.ts';

/*
 * /research shows each section's standing against its term's adoption deadline and filters by
 * it. Deadlines are the store's (setting one changes every section of a term for every spec),
 * so this spec sets none: the unfiltered list's answer is rewritten on its way to the page so
 * that its first rows show each standing, with a due day, for the eye and for axe. A filtered
 * list goes to the real server untouched.
 */

const DUE = '2026-09-01';
const SHOWN_DUE = 'due 09/01/2026';
const STANDINGS = ['MISSING', 'LATE', 'ON_TIME', 'OPEN'] as const;

async function showEveryStanding(page: Page) {
  await page.route(`**${sectionList.path.replace(':userAccountId', '*')}`, async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as SectionListRequest;
    if (body.deadlineStatus) return route.continue();
    const response = await route.fetch();
    const answer = (await response.json()) as { sections: SectionRow[] };
    answer.sections.forEach((row, i) => {
      if (i >= STANDINGS.length) return;
      row.deadlineStatus = STANDINGS[i]!;
      row.adoptionDeadline = i === STANDINGS.length - 1 ? null : DUE;
    });
    // Only the status and the body: the real answer's length and encoding no longer apply.
    await route.fulfill({ status: response.status(), json: answer });
  });
}

for (const width of [1280, 390]) {
  test(`the list shows and filters by the deadline standing at ${width}px`, async ({ browser }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'reporter');
    await page.setViewportSize({ width, height: 900 });
    await showEveryStanding(page);
    await page.goto(`${baseUrl}/research`);
    const desktop = width > 900;
    const list = page.getByRole(desktop ? 'grid' : 'list', { name: 'Sections' });
    await expect(list.getByRole('link').first()).toBeVisible();

    if (desktop) {
      await expect(page.getByRole('columnheader', { name: 'Deadline' })).toBeVisible();
      const first = page.locator('[role="gridcell"][data-field="deadlineStatus"]').first();
      await expect(first).toHaveText(`Missing${SHOWN_DUE}`);
    } else {
      const first = list.getByRole('listitem').first();
      await expect(first).toContainText(`Deadline: Missing· ${SHOWN_DUE}`);
      await expect(list.getByRole('listitem').nth(3)).toContainText('Deadline: Not adopted yet');
    }
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shot(page, {
      path: test.info().outputPath(`deadline-${width}.png`),
      fullPage: true,
    });
    await expectNoAxeViolations(page, `/research with deadline standings at ${width}px`);

    if (!desktop) await page.getByRole('button', { name: /Filters/ }).click();
    const sent = page.waitForRequest(
      (r) =>
        r.url().endsWith('/sectionList') &&
        (JSON.parse(r.postData() ?? '{}') as SectionListRequest).deadlineStatus === 'OPEN',
    );
    await page.getByLabel('Deadline', { exact: true }).selectOption({ label: 'Not adopted yet' });
    await sent;
    await expect(page).toHaveURL(/deadline=OPEN/);
    await expect(page.getByRole('status').filter({ hasText: /found$/ })).toBeVisible();
    await context.close();
  });
}
