import { readFile } from 'node:fs/promises';
import {
  COST_DESIGNATION_LABELS,
  COST_GAPS_PATH,
  formatMoney,
  getScheduleFeed,
  type ScheduleFeedSection,
} from '@csp/contracts';
import { callApi } from '../../support/api.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { shot } from '../../support/shots.ts';

/*
 * The textbook cost report (issue 31, point 6) as a clerk with every section in view (the demo
 * reporter) opens it from Section Research: the term under way, each department's sections by
 * designation and average required cost, the totals, and the .xlsx. The figures expected are
 * counted here from the registrar's public schedule feed of the same term, not from the
 * report's own answer. The demo seed's terms are consecutive (last, this and next), so no term
 * started a year before: the page says there is no change to show.
 */

interface Expected {
  sections: number;
  ztc: number;
  ltc: number;
  average: string;
}

/** The department's figures from the feed's sections, by the report's rules. */
function expectedFigures(sections: readonly ScheduleFeedSection[], department: string): Expected {
  const own = sections.filter((s) => s.departmentCode === department);
  const known = own.flatMap((s) =>
    s.requiredCostLowCents === null ? [] : [s.requiredCostLowCents],
  );
  const total = known.reduce((sum, c) => sum + c, 0);
  return {
    sections: own.length,
    ztc: own.filter((s) => s.designation === 'ZTC').length,
    ltc: own.filter((s) => s.designation === 'LTC').length,
    average: known.length ? formatMoney(Math.round(total / known.length)) : 'Not known',
  };
}

test('the textbook cost report shows a term by department and downloads it as .xlsx', async ({
  browser,
}) => {
  const { context, page, baseUrl } = await newLoggedInContext(browser, 'reporter');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseUrl}/research`);
  await page.getByRole('link', { name: 'Textbook cost report' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Textbook cost report');

  const term = page.getByRole('combobox', { name: 'Term' });
  await expect(term).toHaveValue(/^\d+$/);
  const termId = Number(await term.inputValue());
  const termLabel = (await term.locator('option:checked').textContent()) ?? '';
  const termName = termLabel.replace(/ \(.*\)$/, '');
  const table = page.getByRole('table', { name: `Textbook cost by department, ${termName}` });
  await expect(table).toBeVisible();
  await expect(page.getByText(/so there is no change to show\.$/)).toBeVisible();

  const feed = await callApi<{ sections: ScheduleFeedSection[] }>(
    'localhost',
    'GET',
    `${getScheduleFeed.path}?termId=${termId}`,
  );
  expect(feed.status).toBe(200);
  const first = page.getByRole('row').nth(1);
  const department = (await first.getByRole('cell').first().locator('span').first().textContent())!;
  const want = expectedFigures(feed.body.sections, department);
  expect(want.sections).toBeGreaterThan(0);
  const cells = first.getByRole('cell');
  await expect(cells.nth(1)).toHaveText(String(want.sections));
  await expect(cells.nth(2)).toHaveText(new RegExp(`^${want.ztc}`));
  await expect(cells.nth(3)).toHaveText(new RegExp(`^${want.ltc}`));
  await expect(cells.nth(5)).toContainText(want.average);
  await expect(page.getByRole('columnheader', { name: COST_DESIGNATION_LABELS.ZTC })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Total/ })).toContainText(
    `Total (${feed.body.sections.length.toLocaleString('en-US')} sections)`,
  );
  await expect(
    page.getByRole('link', { name: 'Cost gaps between sections of this term' }),
  ).toHaveAttribute('href', `${COST_GAPS_PATH}?termId=${termId}`);
  await shot(page, { path: test.info().outputPath('cost-report-1280.png'), fullPage: true });
  await expectNoAxeViolations(page, '/research/costs at 1280px');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .xlsx of the textbook cost report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^cost-report-[a-z0-9-]+-${termId}\\.xlsx$`));
  // A workbook is a zip: its first bytes say so (the server test reads its cells back).
  expect((await readFile((await file.path())!)).subarray(0, 2).toString()).toBe('PK');

  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: `Textbook cost by department, ${termName}` });
  await expect(cards.getByRole('listitem').first()).toContainText(department);
  await expect(cards.getByRole('listitem').last()).toContainText('Total');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await shot(page, { path: test.info().outputPath('cost-report-390.png'), fullPage: true });
  await expectNoAxeViolations(page, '/research/costs at 390px');
  await context.close();
});
