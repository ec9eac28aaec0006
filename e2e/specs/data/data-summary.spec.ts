import type { Page } from '@playwright/test';
import {
  AUTH_HEADER,
  DATA_MANAGER_REFUSAL,
  fillPath,
  getCourseList,
  getDataIntegrationStatus,
  getImport,
  getImportIssues,
  getImports,
  type ImportIssue,
  type ImportSummary,
  type TermHoldings,
  type SessionResponse,
} from '@csp/contracts';
import {
  UIUC_FALL_2025,
  portalCall,
  portalPage,
  signIn,
  startDataPortal,
  uiucFacts,
  uploadThroughApi,
  type DataPortal,
} from '../../support/data.ts';
import { expect, test } from '../../support/fixtures.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { shot } from '../../support/shots.ts';

/*
 * A data manager imports a real university's Fall 2025 section list (issue 13, part 2, "done when"),
 * on a portal server of this file's own: the import adds a whole term, which the other specs'
 * shared server must never see. The tests run in order on it: import, re-import, refusals.
 */
test.describe.configure({ mode: 'serial' });

let portal: DataPortal;
const facts = uiucFacts();
const courseLabel = `${facts.course.subject} ${facts.course.number}`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  portal = await startDataPortal();
});

test.afterAll(async () => {
  await portal?.stop();
});

async function importsOf(session: SessionResponse): Promise<ImportSummary[]> {
  const path = fillPath(getImports.path, { userAccountId: session.accountId });
  const res = await portalCall<{ imports: ImportSummary[] }>(portal, 'GET', path, {
    headers: { [AUTH_HEADER]: session.token },
  });
  expect(res.status).toBe(200);
  return res.body.imports;
}

async function issuesOf(session: SessionResponse, importId: number) {
  const path = fillPath(getImportIssues.path, { userAccountId: session.accountId, importId });
  const res = await portalCall<{ issues: ImportIssue[]; total: number }>(portal, 'GET', path, {
    headers: { [AUTH_HEADER]: session.token },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function importOf(session: SessionResponse, importId: number): Promise<ImportSummary> {
  const path = fillPath(getImport.path, { userAccountId: session.accountId, importId });
  const res = await portalCall<ImportSummary>(portal, 'GET', path, {
    headers: { [AUTH_HEADER]: session.token },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function catalogSearch(session: SessionResponse, searchString: string) {
  const path = fillPath(getCourseList.path, { userAccountId: session.accountId });
  const res = await portalCall<{ recordCount: number }>(portal, getCourseList.method, path, {
    body: { searchString },
    headers: { [AUTH_HEADER]: session.token },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const report = (page: Page) =>
  page.getByRole('region', { name: `Import report: ${UIUC_FALL_2025.name}` });

/** The import's status beside the report's heading (the first live status in the report). */
const reportStatus = (page: Page) => report(page).getByRole('status').first();

/** Chooses the format, the division and the file, and sends it to be checked. */
async function uploadFallFile(page: Page) {
  await page.getByLabel('File format').selectOption(UIUC_FALL_2025.formatId);
  await page
    .getByLabel('Division the rows belong to')
    .selectOption({ label: UIUC_FALL_2025.division });
  await page.getByLabel('File (.csv or .xlsx)').setInputFiles(UIUC_FALL_2025.path);
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(report(page).getByRole('heading', { level: 2 })).toBeFocused();
  // Checking 6,573 rows: the page polls until the report is ready.
  await expect(reportStatus(page)).toHaveText(/Checked, ready to apply/, {
    timeout: 120_000,
  });
}

/** The report's figure for a label of its row counts ("Rows read" -> 6573). */
async function figure(page: Page, label: string): Promise<number> {
  const dd = report(page).locator(`dt:text-is("${label}") + dd`);
  return Number((await dd.textContent())!.replace(/\D/g, ''));
}

/** Every value the apply progress bar takes, watched in the page from before the click. */
async function watchApplyProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { applyProgress: number[] }).applyProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label^="Applying"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) {
        seen.push(Number(value));
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { applyProgress: number[] }).applyProgress);
}

async function applyFromReport(page: Page, rowsValid: number) {
  const progress = await watchApplyProgress(page);
  await report(page)
    .getByRole('button', { name: `Apply ${rowsValid.toLocaleString('en-US')} rows` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Apply ${UIUC_FALL_2025.name}?` });
  await expect(dialog).toContainText(`to ${UIUC_FALL_2025.division}, Fall 2025`);
  // A double click on the confirmation applies once: the page sends one apply request (the
  // server would answer a second with the state it finds, but the page must not send it).
  const applyPosts: string[] = [];
  const countApply = (request: { method(): string; url(): string }) => {
    if (request.method() === 'POST' && /\/data\/imports\/\d+\/apply$/.test(request.url())) {
      applyPosts.push(request.url());
    }
  };
  page.on('request', countApply);
  await dialog.getByRole('button', { name: 'Apply', exact: true }).dblclick();
  await expect(report(page).getByRole('alert').filter({ hasText: /^Applied/ })).toBeVisible({
    timeout: 120_000,
  });
  page.off('request', countApply);
  expect(applyPosts, 'apply requests sent by the double click').toHaveLength(1);
  const values = await progress();
  expect(values.length, 'the apply progress bar was shown').toBeGreaterThan(0);
  expect(values, 'the bar only moves forward').toEqual([...values].sort((a, b) => a - b));
}

/**
 * /research as a clerk looks for the imported course: its code typed first, then Main Campus
 * and the term, whose choice replaces the default start-date window (which hides past terms).
 * Answers how many sections the list finds.
 */
async function researchCourse(page: Page): Promise<number> {
  await page.goto(`${portal.baseUrl}/research`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Section Research');
  // The list answers the search (none in the default window), then the filters narrow it.
  const searched = page.waitForResponse(
    (r) => r.url().endsWith('/sectionList') && (r.request().postData() ?? '').includes(courseLabel),
  );
  await page.getByRole('searchbox', { name: 'Search course code, name or section' }).fill(courseLabel);
  await searched;
  await page.getByLabel('Division').selectOption({ label: UIUC_FALL_2025.division });
  const term = page.getByLabel('Term', { exact: true });
  const fall = term.locator('option', { hasText: 'Fall 2025' });
  await expect(fall).toHaveCount(1);
  await term.selectOption({ label: (await fall.textContent())! });
  await expect(page.getByLabel('Starts from')).toHaveValue('');
  const found = page.getByRole('status').filter({ hasText: /sections? found$/ });
  await expect(found).toBeVisible();
  await expect(
    page
      .getByRole('grid')
      .getByRole('link', { name: `${courseLabel} – ${facts.sections[0]}`, exact: true }),
  ).toBeVisible();
  return Number((await found.textContent())!.replace(/\D/g, ''));
}

/** What the store holds for Fall 2025 of Main Campus, as the status says it. */
async function fallHoldings(session: SessionResponse) {
  const path = fillPath(getDataIntegrationStatus.path, { userAccountId: session.accountId });
  const res = await portalCall<{ terms: TermHoldings[] }>(portal, 'GET', path, {
    headers: { [AUTH_HEADER]: session.token },
  });
  expect(res.status).toBe(200);
  return res.body.terms.find(
    (t) => t.termName === 'Fall 2025' && t.divisionName === UIUC_FALL_2025.division,
  );
}

test('a data manager imports the real Fall 2025 section file, reads the report, applies it and finds the term', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { context, page, session } = await portalPage(browser, portal, 'cma');
  await page.goto(`${portal.baseUrl}/data-summary`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Summary');
  const status = page.getByRole('region', { name: 'Data integration status' });
  const sectionsFeed = status.getByRole('listitem').filter({ hasText: 'Courses and sections' });
  await expect(sectionsFeed).toContainText('No import yet.');
  await expect(page.getByRole('region', { name: 'What the store holds' })).toContainText(
    /Students: [\d,]+/,
  );
  await expectNoAxeViolations(page, '/data-summary before any import');

  // What the file must contain, from the format's mapping file.
  await page.getByLabel('File format').selectOption(UIUC_FALL_2025.formatId);
  await page.getByRole('button', { name: /The file’s columns/ }).click();
  await expect(page.getByRole('table', { name: /^Columns of / })).toContainText('Course Section');
  await uploadFallFile(page);

  // The report, before anything is written.
  const [uploaded] = await importsOf(session);
  expect(uploaded).toMatchObject({ status: 'VALIDATED', fileName: UIUC_FALL_2025.name });
  const checked = uploaded!;
  expect(await figure(page, 'Rows read')).toBe(facts.rows);
  expect(await figure(page, 'Valid')).toBe(checked.rowsValid);
  expect(await figure(page, 'Rejected')).toBe(checked.rowsRejected);
  expect(checked.rowsValid + checked.rowsRejected).toBe(facts.rows);
  expect(checked.rowsValid).toBeGreaterThan(facts.rows / 2);
  await expect(report(page)).toContainText('Terms: Fall 2025');
  await expect(report(page).getByRole('table', { name: 'Records applying would change' }))
    .toContainText(/Sections\s*[\d,]+/);
  // The real file has rows no store should take (codes a spreadsheet turned into numbers):
  // each reason with its column, and the rows themselves as the server lists them.
  expect(checked.rowsRejected).toBeGreaterThan(0);
  const reasons = report(page).getByRole('table', { name: 'Why rows were rejected' });
  for (const reason of checked.reasons) {
    await expect(reasons.getByRole('row').filter({ hasText: reason.message })).toContainText(
      reason.column,
    );
  }
  const issues = await issuesOf(session, checked.importId);
  const rejected = report(page).getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(Math.min(issues.total, 25) + 1);
  const firstIssue = issues.issues[0]!;
  await expect(rejected.getByRole('row').nth(1)).toContainText(
    `${firstIssue.rowNumber.toLocaleString('en-US')}${firstIssue.column}`,
  );
  await expect(rejected.getByRole('row').nth(1)).toContainText(firstIssue.message);
  await expectNoAxeViolations(page, '/data-summary report');

  // Nothing is written before Apply: the course is not in the catalog yet.
  expect((await catalogSearch(session, courseLabel)).recordCount).toBe(0);
  await page.goto(`${portal.baseUrl}/data-summary?import=${checked.importId}`);
  await expect(reportStatus(page)).toHaveText(/Checked, ready to apply/);
  await applyFromReport(page, checked.rowsValid);
  const applied = await importOf(session, checked.importId);
  expect(applied.status).toBe('APPLIED');
  expect(applied.added).toBeGreaterThan(0);
  await expect(sectionsFeed).toContainText('Applied');
  await expect(sectionsFeed).toContainText(UIUC_FALL_2025.name);

  // The new term in the section list, with the file's sections of one course.
  const listed = await researchCourse(page);
  expect(listed).toBe(facts.sections.length);
  const holdings = await fallHoldings(session);
  expect(holdings?.sections).toBeGreaterThan(facts.rows / 2);

  // And in the course catalog.
  await page.goto(`${portal.baseUrl}/adopt`);
  const courseSearch = page.getByRole('searchbox', { name: 'Search courses by code or name' });
  await courseSearch.fill(courseLabel);
  await courseSearch.press('Enter');
  const courses = page.getByRole('grid', { name: 'Courses' });
  await expect(courses.getByRole('link', { name: courseLabel, exact: true })).toBeVisible();
  await expect(courses).toContainText(facts.course.title);

  // The same file again: the report says nothing changes, and applying it changes nothing.
  await page.goto(`${portal.baseUrl}/data-summary`);
  await uploadFallFile(page);
  await expect(
    report(page).getByText(
      'Nothing would change: every valid row matches what the store already holds.',
    ),
  ).toBeVisible();
  const [again] = await importsOf(session);
  expect(again!.importId).not.toBe(checked.importId);
  expect(again).toMatchObject({ added: 0, updated: 0, rowsValid: checked.rowsValid });
  expect(again!.unchanged).toBe(checked.rowsValid);
  await applyFromReport(page, again!.rowsValid);
  await expect(
    report(page).getByText('Nothing changed: every valid row matched what the store holds.'),
  ).toBeVisible();
  expect(await importOf(session, again!.importId)).toMatchObject({
    status: 'APPLIED',
    added: 0,
    updated: 0,
  });
  expect(await researchCourse(page)).toBe(listed);
  expect(await fallHoldings(session)).toEqual(holdings);
  await context.close();
});

test('a user without DATA_MANAGER is refused the page and the upload', async ({ browser }) => {
  const { context, page, session } = await portalPage(browser, portal, 'reporter');
  await page.goto(`${portal.baseUrl}/data-summary`);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText('You do not have permission to view that page.')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByText('Data Summary'),
  ).toHaveCount(0);

  const refused = await uploadThroughApi(portal, session, UIUC_FALL_2025, {
    formatId: UIUC_FALL_2025.formatId,
  });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe(DATA_MANAGER_REFUSAL);
  // The reporter may still see the status (DATA_FULL_REPORTER), not change anything.
  const statusPath = fillPath(getDataIntegrationStatus.path, { userAccountId: session.accountId });
  const status = await portalCall(portal, 'GET', statusPath, {
    headers: { [AUTH_HEADER]: session.token },
  });
  expect(status.status).toBe(200);
  const manager = await signIn(portal, 'cma');
  expect(await importsOf(manager)).toHaveLength(2);
  await context.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`at ${viewport.width}px: a report opens from the keyboard, and axe-core finds no violations`, async ({
    browser,
  }, testInfo) => {
    const { context, page } = await portalPage(browser, portal, 'cma', viewport);
    await page.goto(`${portal.baseUrl}/data-summary?prev=localhost/data`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Summary');
    await expect(page.getByText('“localhost/data”')).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent imports' });
    const oldest = recent.getByRole('link', { name: new RegExp(UIUC_FALL_2025.name) }).last();
    await expect(oldest).toBeVisible();
    await oldest.focus();
    await page.keyboard.press('Enter');
    await expect(report(page).getByRole('heading', { level: 2 })).toBeFocused();
    await expect(reportStatus(page)).toHaveText('Applied');
    await expectNoAxeViolations(page, `/data-summary at ${viewport.width}px`);
    await shot(page, { path: testInfo.outputPath('data-summary.png'), fullPage: true });
    await context.close();
  });
}
