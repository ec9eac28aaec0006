import type { Page } from '@playwright/test';
import { portalPage, startDataPortal, type DataPortal } from '../../support/data.ts';
import { expect, test } from '../../support/fixtures.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { shot } from '../../support/shots.ts';

/*
 * A registrar file as Excel saves "CSV" in much of Europe: semicolons between the values,
 * Windows-1252 text. The data manager uploads it as it is: the server reads it right and says
 * how; a professor written "First Last" is left out of that section with a warning, not the
 * section; the status says which import the store's sections are from. On a portal server of
 * its own (the import adds a term).
 */
test.describe.configure({ mode: 'serial' });

let portal: DataPortal;
const FILE_NAME = 'spring-2031-sections.csv';
const SECTIONS = [
  'division;term;term_start;term_end;department;course;course_name;section;professors',
  'Main Campus;Spring 2031;2031-01-13;2031-05-09;GER;201;Deutsch für Anfänger;001;Müller, Anna',
  'Main Campus;Spring 2031;2031-01-13;2031-05-09;GER;201;Deutsch für Anfänger;002;Jürgen Weiß',
  'Main Campus;Spring 2031;2031-01-13;2031-05-09;FRE;110;Français: “première” année;001;Dupré, Éloïse',
].join('\r\n');

test.beforeAll(async () => {
  test.setTimeout(240_000);
  portal = await startDataPortal();
});

test.afterAll(async () => {
  await portal?.stop();
});

const report = (page: Page) => page.getByRole('region', { name: `Import report: ${FILE_NAME}` });

test('a semicolon, Windows-1252 file imports as it is; a name in another shape is left out, not its section', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { context, page } = await portalPage(browser, portal, 'cma');
  await page.goto(`${portal.baseUrl}/data-summary`);
  await page.getByLabel('File format').selectOption({ label: 'Courses and sections (store standard)' });
  await page.getByLabel('File (.csv or .xlsx)').setInputFiles({
    name: FILE_NAME,
    mimeType: 'text/csv',
    buffer: Buffer.from(SECTIONS, 'latin1'),
  });
  // Left to detection: the choices say so.
  await expect(page.getByLabel('Values separated by')).toHaveValue('');
  await expect(page.getByLabel('Text encoding')).toHaveValue('');
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(report(page).getByRole('status').first()).toHaveText(/Checked, ready to apply/, {
    timeout: 60_000,
  });
  await expect(report(page)).toContainText(
    'CSV read as: semicolons, Windows-1252 (Western European, Latin-1) (detected)',
  );
  await expect(report(page).locator('dt:text-is("Valid") + dd')).toHaveText('3');
  await expect(report(page).locator('dt:text-is("Valid, a value left out") + dd')).toHaveText('1');
  await expect(report(page).getByRole('table', { name: 'Values left out', exact: true })).toContainText(
    'has a name not written as "Last, First"',
  );
  const issues = report(page).getByRole('table', { name: 'Rejected rows and values left out' });
  await expect(issues.getByRole('row', { name: /Jürgen Weiß/ })).toContainText(
    '(value left out; the row goes in)',
  );
  await expectNoAxeViolations(page, '/data-summary report with warnings');
  await shot(page, { path: testInfo.outputPath('report-with-warnings.png'), fullPage: true });

  await report(page).getByRole('button', { name: 'Apply 3 rows' }).click();
  await page
    .getByRole('dialog', { name: `Apply ${FILE_NAME}?` })
    .getByRole('button', { name: 'Apply', exact: true })
    .click();
  await expect(report(page).getByRole('alert').filter({ hasText: /^Applied/ })).toBeVisible({
    timeout: 60_000,
  });
  const feed = page
    .getByRole('region', { name: 'Data integration status' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Courses and sections', exact: true }) });
  await expect(feed).toContainText('Store data from the import applied');
  await expect(feed).toContainText(FILE_NAME);
  await context.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`at ${viewport.width}px: the status, the CSV choices and the report pass axe-core`, async ({
    browser,
  }, testInfo) => {
    const { context, page } = await portalPage(browser, portal, 'cma', viewport);
    await page.goto(`${portal.baseUrl}/data-summary`);
    await expect(
      page
        .getByRole('region', { name: 'Data integration status' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Courses and sections', exact: true }) }),
    ).toContainText(FILE_NAME);
    await page.getByLabel('File (.csv or .xlsx)').setInputFiles({
      name: 'next.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('a,b\n'),
    });
    await page.getByLabel('Values separated by').selectOption({ label: 'Tabs' });
    await expectNoAxeViolations(page, `/data-summary CSV choices at ${viewport.width}px`);
    await shot(page, { path: testInfo.outputPath('status-and-choices.png'), fullPage: true });
    const recent = page.getByRole('region', { name: 'Recent imports' });
    await recent.getByRole('link', { name: new RegExp(FILE_NAME) }).first().click();
    await expect(report(page).getByRole('table', { name: 'Values left out', exact: true }).or(
      report(page).getByRole('list', { name: 'Values left out', exact: true }),
    )).toBeVisible();
    await expectNoAxeViolations(page, `/data-summary report at ${viewport.width}px`);
    await shot(page, { path: testInfo.outputPath('report.png'), fullPage: true });
    await context.close();
  });
}
