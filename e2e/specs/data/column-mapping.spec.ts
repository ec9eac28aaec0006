import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { portalPage, startDataPortal, type DataPortal } from '../../support/data.ts';
import { expect, test } from '../../support/fixtures.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { shot } from '../../support/shots.ts';

/*
 * A registrar's own export, as a data manager gets it (issue 27, "done when"): other headers,
 * no division or term column, names written "First Last". It is matched on screen, the
 * mapping saved, and the next export of the same layout is matched without a click. On a
 * portal server of its own (the import adds sections).
 */
test.describe.configure({ mode: 'serial' });

let portal: DataPortal;
const HEADER = 'Subject,Catalog Nbr,Class Title,Section,Instructor,Enrolled';
const FIRST = [
  HEADER,
  'CHEM,310,Physical Chemistry,101,Marie Curie,24',
  'CHEM,310,Physical Chemistry,102,Gabriel García Márquez,18',
].join('\n');
const SECOND = [HEADER, 'CHEM,310,Physical Chemistry,103,Rosalind Franklin,20'].join('\n');
const FORMAT = 'Courses and sections (store standard)';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  portal = await startDataPortal();
});

test.afterAll(async () => {
  await portal?.stop();
});

const report = (page: Page, fileName: string) =>
  page.getByRole('region', { name: `Import report: ${fileName}` });

async function uploadExport(page: Page, fileName: string, content: string) {
  await page.goto(`${portal.baseUrl}/data-summary`);
  await page.getByLabel('File format').selectOption({ label: FORMAT });
  await page.getByLabel('File (.csv or .xlsx)').setInputFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
}

test('a data manager matches an export of other headers, saves the mapping, and the next export is matched without a click', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { context, page } = await portalPage(browser, portal, 'cma');
  await uploadExport(page, 'export-1.csv', FIRST);
  const first = report(page, 'export-1.csv');
  await expect(first.getByRole('status').first()).toHaveText('Columns to match', { timeout: 30_000 });
  await expect(first.getByRole('heading', { name: 'Match the file’s columns' })).toBeVisible();
  // Proposed from the headers: the export's names for the format's columns.
  await expect(first.getByLabel('Department code (required)')).toHaveValue('column:Subject');
  await expect(first.getByLabel('Course code (required)')).toHaveValue('column:Catalog Nbr');
  await expect(first.getByLabel('Section code (required)')).toHaveValue('column:Section');
  await expect(first.getByLabel('How names are written')).toHaveValue('first-last');
  await expectNoAxeViolations(page, '/data-summary column mapping');
  await shot(page, { path: testInfo.outputPath('column-mapping.png'), fullPage: true });

  // The export has no division or term: one value for every row.
  await first.getByLabel('Division (required)').selectOption('value');
  await first.getByLabel('Division: value for every row').fill('Main Campus');
  await first.getByLabel('Term (required)').selectOption('value');
  await first.getByLabel('Term: value for every row').fill('Spring 2027');
  await first.getByRole('checkbox', { name: 'Save this mapping for the next files with these columns' }).check();
  await first.getByLabel('Name of the saved mapping').fill('Registrar class export');
  await first.getByRole('button', { name: 'Check the file with these columns' }).click();
  await expect(first.getByRole('status').first()).toHaveText(/Checked, ready to apply/, {
    timeout: 30_000,
  });
  await expect(first).toContainText('Columns matched by the saved mapping “Registrar class export”');
  await expect(first.locator('dt:text-is("Valid") + dd')).toHaveText('2');
  await first.getByRole('button', { name: 'Apply 2 rows' }).click();
  await page
    .getByRole('dialog', { name: 'Apply export-1.csv?' })
    .getByRole('button', { name: 'Apply', exact: true })
    .click();
  await expect(first.getByRole('alert').filter({ hasText: /^Applied/ })).toBeVisible({ timeout: 30_000 });

  // The next export of the same layout: checked at once, by the saved mapping.
  await uploadExport(page, 'export-2.csv', SECOND);
  const second = report(page, 'export-2.csv');
  await expect(second.getByRole('status').first()).toHaveText(/Checked, ready to apply/, {
    timeout: 30_000,
  });
  // The saved values are said before anything is applied: next term's export needs another.
  await expect(second).toContainText(
    'Columns matched by the saved mapping “Registrar class export”; for every row, Division: Main Campus, Term: Spring 2027',
  );
  await expect(second.getByRole('heading', { name: 'Match the file’s columns' })).toHaveCount(0);
  await expect(second.locator('dt:text-is("Valid") + dd')).toHaveText('1');
  await context.close();
});

test('the format’s template downloads from the Data Summary', async ({ browser }) => {
  const { context, page } = await portalPage(browser, portal, 'cma');
  await page.goto(`${portal.baseUrl}/data-summary`);
  await page.getByLabel('File format').selectOption({ label: FORMAT });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download a template (.csv)' }).click();
  const file = await download;
  const path = await file.path();
  const text = readFileSync(path, 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    '\uFEFFdivision,term,term_start,term_end,department,department_name,department_contact_name,department_contact_email,course,course_name,course_description,section,start_date,end_date,capacity,estimated_enrollment,professors',
  );
  await context.close();
});

test('at 360px: the column mapping passes axe-core and fits the screen', async ({ browser }, testInfo) => {
  const { context, page } = await portalPage(browser, portal, 'cma', { width: 360, height: 740 });
  await uploadExport(page, 'export-3.csv', FIRST.replace('Enrolled', 'Headcount'));
  const third = report(page, 'export-3.csv');
  await expect(third.getByRole('heading', { name: 'Match the file’s columns' })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page, '/data-summary column mapping at 360px');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, { path: testInfo.outputPath('column-mapping-phone.png'), fullPage: true });
  await context.close();
});
