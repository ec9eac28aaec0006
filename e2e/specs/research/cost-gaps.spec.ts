import { COST_GAPS_PATH } from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { shot } from '../../support/shots.ts';

/*
 * Cost gaps between sections of one course (issue 31, point 5) on the demo store, as the
 * administrator (every section in view, and course detail's adopt actions) walks it: the term under way's courses with gaps, each
 * naming its cheapest alternative section, at desktop and phone widths; then one course's
 * detail, whose "Cost gaps" panel names the same alternative and links back to the report.
 * Nothing here changes data.
 */

test('the cost gaps page lists courses with gaps and course detail names the same cheapest section', async ({
  browser,
}) => {
  const { context, page, baseUrl } = await newLoggedInContext(browser, 'admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseUrl}${COST_GAPS_PATH}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cost gaps between sections');
  const term = page.getByRole('combobox', { name: 'Term' });
  await expect(term).toHaveValue(/^\d+$/);
  const termLabel = (await term.locator('option:checked').textContent()) ?? '';
  const termName = termLabel.replace(/ \(.*\)$/, '');
  const table = page.getByRole('table', { name: `Courses with cost gaps, ${termName}` });
  await expect(table).toBeVisible();
  await expect(page.getByText(/more than \$50\.00 above the cheapest section/)).toBeVisible();

  const first = table.getByRole('row').nth(1);
  const courseLink = first.getByRole('link');
  const courseLabel = (await courseLink.textContent())!;
  const cells = first.getByRole('cell');
  await expect(cells.nth(0)).toContainText(/\d+ of \d+ with a gap/);
  const cheapest = (await cells.nth(2).locator('span').first().textContent())!;
  expect(cheapest).toMatch(/^Section /);
  await shot(page, { path: test.info().outputPath('cost-gaps-1280.png'), fullPage: true });
  await expectNoAxeViolations(page, `${COST_GAPS_PATH} at 1280px`);

  // The department chooser narrows to the first course's department, kept in the URL.
  const department = courseLabel.split(' ')[0]!;
  const chooser = page.getByRole('combobox', { name: 'Department' });
  const option = chooser.locator('option', { hasText: new RegExp(`^${department} – `) });
  await chooser.selectOption((await option.getAttribute('value'))!);
  await expect(page).toHaveURL(/departmentId=\d+/);
  await expect(table.getByRole('row').nth(1).getByRole('link')).toHaveText(courseLabel);

  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: `Courses with cost gaps, ${termName}` });
  await expect(cards.getByRole('listitem').first()).toContainText(courseLabel);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await shot(page, { path: test.info().outputPath('cost-gaps-390.png'), fullPage: true });
  await expectNoAxeViolations(page, `${COST_GAPS_PATH} at 390px`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await table.getByRole('link', { name: courseLabel }).first().click();
  await expect(page).toHaveURL(/\/adopt\/course\//);
  const panel = page.getByRole('region', { name: 'Cost gaps' });
  await expect(panel).toContainText(`${termName}:`);
  await expect(panel).toContainText(`Cheapest alternative${cheapest}`);
  // Each section shows its textbook cost beside its other figures.
  await expect(page.getByRole('columnheader', { name: 'Textbook cost' })).toBeVisible();
  await panel.getByRole('link', { name: new RegExp(`^Cost gaps in ${department}, `) }).click();
  await expect(page).toHaveURL(/\/research\/cost-gaps\?termId=\d+&departmentId=\d+/);
  await expect(page.getByRole('table', { name: /Courses with cost gaps/ })).toBeVisible();
  await context.close();
});
