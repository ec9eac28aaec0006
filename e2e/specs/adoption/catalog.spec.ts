import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  AUTH_HEADER,
  fillPath,
  getCourseList,
  type CourseDTO,
  type CourseListRequest,
  type SessionResponse,
} from '@csp/contracts';
import { callApi } from '../../support/api.ts';
import { axeViolations } from '../../support/axe.ts';
import { demoAccount, expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { shot } from '../../support/shots.ts';

/*
 * The course catalog (/adopt) against the demo seed. Which courses exist depends on the seed
 * and on today's date, so every expectation is taken from the API as the same user sees it,
 * never from fixed codes. Other specs change adoptions while these run, so nothing here relies
 * on a course's Y/N staying put.
 */

type CoursePage = { courseDTOList: CourseDTO[]; recordCount: number };

async function courseList(session: SessionResponse, body: CourseListRequest = {}) {
  const path = fillPath(getCourseList.path, { userAccountId: session.accountId });
  const res = await callApi<CoursePage>('localhost', getCourseList.method, path, body, {
    [AUTH_HEADER]: session.token,
  });
  expect(res.status, `getCourseList ${JSON.stringify(body)}`).toBe(200);
  return res.body;
}

const label = (course: CourseDTO) => `${course.departmentCode} ${course.courseCode}`;

function grid(page: Page): Locator {
  return page.getByRole('grid', { name: 'Courses' });
}

/** The course codes on the grid's current page, in order. */
async function shownCourses(page: Page): Promise<string[]> {
  await expect(grid(page).getByRole('progressbar')).toHaveCount(0);
  return grid(page).getByRole('link').allTextContents();
}

async function expectNoViolations(page: Page, what: string) {
  // Counted, not "visible": an open menu or dialog rightly hides the page behind it.
  await expect(page.locator('h1')).toHaveText('Adopt Course Materials');
  expect(await axeViolations(page), what).toEqual([]);
}

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: run through the Playwright global setup.');
  return join(dataDir, 'mail');
}

async function mailTo(address: string): Promise<string[]> {
  try {
    return (await readdir(mailDir())).filter((f) => f.endsWith('.eml') && f.includes(address));
  } catch {
    return [];
  }
}

/** Waits for a new .eml to `address` (the server writes one when no SMTP is set). */
async function nextMail(address: string, before: string[]): Promise<string> {
  let file: string | undefined;
  await expect
    .poll(async () => {
      file = (await mailTo(address)).find((f) => !before.includes(f));
      return file;
    })
    .toBeTruthy();
  return readFile(join(mailDir(), file ?? ''), 'utf8');
}

test.describe('course catalog', () => {
  test('a CMA member narrows the list by division, department and course, kept in the link', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const all = await courseList(session);
    await page.goto(`${baseUrl}/adopt`);
    await expect(page.getByText(`${all.recordCount} courses match these filters`)).toBeVisible();
    expect(await shownCourses(page)).toEqual(all.courseDTOList.map(label));

    // docs/behaviour/validation.md: a department only once a division is chosen, a course only once a department is.
    await expect(page.getByLabel('Department', { exact: true })).toBeDisabled();
    await page.getByLabel('Division', { exact: true }).selectOption({ label: 'Main Campus' });
    await expect(page).toHaveURL(/\/adopt\?division=1$/);
    await page.getByLabel('Department', { exact: true }).selectOption({ label: 'BIOL - Biology' });
    await expect(page).toHaveURL(/division=1&department=BIOL$/);
    const biology = await courseList(session, { divisionId: 1, departmentCode: 'BIOL' });
    expect(biology.recordCount).toBeGreaterThan(1);
    await expect(
      page.getByText(`${biology.recordCount} courses match these filters`),
    ).toBeVisible();
    const codes = await shownCourses(page);
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(code).toMatch(/^BIOL /);

    const course = biology.courseDTOList[0] as CourseDTO;
    await page
      .getByLabel('Course', { exact: true })
      .selectOption({ label: `${course.courseCode} - ${course.courseName}` });
    await expect(page.getByText('1 course matches these filters')).toBeVisible();
    expect(await shownCourses(page)).toEqual([label(course)]);

    await page.getByLabel('Action type', { exact: true }).selectOption({ label: 'Needs adoption' });
    // The switch follows the URL, so its state is checked once the navigation lands.
    await page.getByRole('switch', { name: 'Open sections only' }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `division=1&department=BIOL&course=${course.courseCode}&action=NEEDS_ADOPTION&open=false$`,
      ),
    );

    // The view is a link: opened afresh, it shows the same filters.
    await page.reload();
    await expect(page.getByLabel('Course', { exact: true })).toHaveValue(course.courseCode);
    await expect(page.getByLabel('Action type', { exact: true })).toHaveValue('NEEDS_ADOPTION');
    await expect(page.getByRole('switch', { name: 'Open sections only' })).not.toBeChecked();

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).toHaveURL(/\/adopt$/);
    await expect(page.getByText(`${all.recordCount} courses match these filters`)).toBeVisible();
    await context.close();
  });

  test('a search by code or by a word of the name overrides the filters', async ({ browser }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    // A Main Campus course; the filters will be set to another division to show the override.
    const course = (await courseList(session, { divisionId: 1 })).courseDTOList[0] as CourseDTO;
    const words = course.courseName
      .split(/[^A-Za-z]+/)
      .filter((w) => w.length >= 5)
      .sort((a, b) => b.length - a.length);
    let word: string | undefined;
    for (const candidate of words) {
      const found = await courseList(session, { searchString: candidate });
      if (found.courseDTOList.some((c) => c.courseId === course.courseId)) {
        word = candidate;
        break;
      }
    }
    expect(word, `a word of "${course.courseName}" that finds it on the first page`).toBeTruthy();

    await page.goto(`${baseUrl}/adopt?division=2`);
    const search = page.getByRole('searchbox', { name: 'Search courses by code or name' });
    await search.fill(label(course));
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${course.departmentCode}\\+${course.courseCode}`));
    await expect(page.getByText(/The search overrides the filters/)).toBeVisible();
    await expect(page.getByLabel('Division', { exact: true })).toBeDisabled();
    await expect(grid(page).getByRole('link', { name: label(course) })).toBeVisible();

    await search.fill((word as string).toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${(word as string).toLowerCase()}`));
    await expect(grid(page).getByRole('link', { name: label(course) })).toBeVisible();
    await expect(page.getByText(/\d+ courses? found/)).toBeVisible();

    // The course code is a link to the course's page.
    await grid(page)
      .getByRole('link', { name: label(course) })
      .click();
    await expect(page).toHaveURL(
      new RegExp(
        `/adopt/course/${course.divisionId}/${course.departmentCode}/${course.courseCode}$`,
      ),
    );
    await page.goBack();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page).toHaveURL(/\/adopt\?division=2$/);
    await expect(page.getByLabel('Division', { exact: true })).toBeEnabled();
    await context.close();
  });

  test('sorts any column both ways and pages on the server', async ({ browser }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/adopt`);
    await expect(grid(page)).toBeVisible();

    await grid(page).getByRole('columnheader', { name: 'Course name' }).click();
    await expect(page).toHaveURL(/\/adopt\?sort=courseName$/);
    const byName = await courseList(session, { sortField: 'courseName', sortDirection: 'asc' });
    await expect.poll(() => shownCourses(page)).toEqual(byName.courseDTOList.map(label));

    await grid(page).getByRole('columnheader', { name: 'Course name' }).click();
    await expect(page).toHaveURL(/sort=courseName&dir=desc$/);
    await expect(grid(page).getByRole('columnheader', { name: 'Course name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const byNameDesc = await courseList(session, {
      sortField: 'courseName',
      sortDirection: 'desc',
    });
    await expect.poll(() => shownCourses(page)).toEqual(byNameDesc.courseDTOList.map(label));

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page).toHaveURL(/sort=courseName&dir=desc&page=2$/);
    const second = await courseList(session, {
      sortField: 'courseName',
      sortDirection: 'desc',
      page: 2,
    });
    await expect.poll(() => shownCourses(page)).toEqual(second.courseDTOList.map(label));
    await expect(page.getByText(`21–40 of ${second.recordCount}`)).toBeVisible();

    // A new sort starts again at the first page.
    await grid(page).getByRole('columnheader', { name: 'Division' }).click();
    await expect(page).toHaveURL(/\/adopt\?sort=divisionName$/);
    await context.close();
  });

  test('exports the filtered list as a download and by e-mail', async ({ browser }) => {
    // Three workbooks are built, and each e-mail is waited for on disk.
    test.setTimeout(60_000);
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/adopt?division=1&department=BIOL`);
    await expect(grid(page).getByRole('link').first()).toBeVisible();
    const exportButton = page.getByRole('button', { name: 'Export' });

    const download = page.waitForEvent('download');
    await exportButton.click();
    await page.getByRole('menuitem', { name: 'Download (.xlsx)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^course-catalog.*\.xlsx$/);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(page.getByText(`Downloaded ${file.suggestedFilename()}.`)).toBeVisible();

    const me = demoAccount('cma').userName;
    const beforeMine = await mailTo(me);
    await exportButton.click();
    await page.getByRole('menuitem', { name: 'E-mail it to me' }).click();
    await expect(page.getByText(new RegExp(`was e-mailed to ${me}\\.`))).toBeVisible();
    const mine = await nextMail(me, beforeMine);
    expect(mine).toMatch(/^Subject: Course catalog export/m);
    expect(mine).toMatch(/filename="?course-catalog.*\.xlsx/);

    // Only to people the store knows: its accounts, and addresses at demo-university.edu.
    const outsider = 'catalog-buyer@example.edu';
    const beforeOutsider = await mailTo(outsider);
    await exportButton.click();
    await page.getByRole('menuitem', { name: 'E-mail to another address…' }).click();
    let dialog = page.getByRole('dialog', { name: 'E-mail the export' });
    await dialog.getByLabel('E-mail address').fill(outsider);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(
      page.getByText(/can only be e-mailed to people this store knows: catalog-buyer@example\.edu/),
    ).toBeVisible();
    expect(await mailTo(outsider)).toEqual(beforeOutsider);

    const other = 'catalog-buyer@demo-university.edu';
    const beforeOther = await mailTo(other);
    await exportButton.click();
    await page.getByRole('menuitem', { name: 'E-mail to another address…' }).click();
    dialog = page.getByRole('dialog', { name: 'E-mail the export' });
    await dialog.getByLabel('E-mail address').fill('catalog-buyer@example');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText(/Enter a full e-mail address/)).toBeVisible();
    await expectNoViolations(page, 'the e-mail dialog');
    await dialog.getByLabel('E-mail address').fill(other);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(new RegExp(`was e-mailed to ${other}\\.`))).toBeVisible();
    const mail = await nextMail(other, beforeOther);
    expect(mail).toMatch(/^To: catalog-buyer@demo-university\.edu/m);
    expect(mail).toMatch(/^Reply-To: cma@demo-university\.edu/m);
    await context.close();
  });

  test('a submitter sees only the Biology courses of their scope', async ({ browser }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'submitter');
    await page.setViewportSize({ width: 1280, height: 800 });
    const theirs = await courseList(session);
    expect(theirs.recordCount).toBeGreaterThan(0);
    await page.goto(`${baseUrl}/adopt`);
    await expect(page.getByText(`${theirs.recordCount} courses match these filters`)).toBeVisible();
    const codes = await shownCourses(page);
    expect(codes).toEqual(theirs.courseDTOList.map(label));
    for (const code of codes) expect(code).toMatch(/^BIOL /);

    // The pickers offer only their scope.
    await expect(page.getByLabel('Division', { exact: true }).locator('option')).toHaveText([
      'All divisions',
      'Main Campus',
    ]);
    await page.getByLabel('Division', { exact: true }).selectOption({ label: 'Main Campus' });
    await expect(page.getByLabel('Department', { exact: true }).locator('option')).toHaveText([
      'All departments',
      'BIOL - Biology',
    ]);
    await context.close();
  });

  test('an instructor sees only the courses they teach', async ({ browser }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'instructor');
    const cma = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const theirs = await courseList(session, { open: false });
    const store = await courseList(cma.session, { open: false });
    expect(theirs.recordCount).toBeGreaterThan(0);
    expect(theirs.recordCount).toBeLessThan(store.recordCount);

    await page.goto(`${baseUrl}/adopt?open=false`);
    await expect(page.getByText(/courses? match these filters/)).toHaveText(
      `${theirs.recordCount} ${theirs.recordCount === 1 ? 'course' : 'courses'} match these filters`,
    );
    expect(await shownCourses(page)).toEqual(theirs.courseDTOList.map(label));

    // A course of the store they do not teach is not found even by its code.
    const taught = new Set(theirs.courseDTOList.map((c) => c.courseId));
    const notTaught = store.courseDTOList.find((c) => !taught.has(c.courseId)) as CourseDTO;
    await page.goto(`${baseUrl}/adopt?q=${encodeURIComponent(label(notTaught))}`);
    const found = await courseList(session, { searchString: label(notTaught) });
    expect(found.courseDTOList.map((c) => c.courseId)).not.toContain(notTaught.courseId);
    await expect(page.getByText(/courses? found|No courses match/).first()).toBeVisible();
    await expect(grid(page).getByRole('link', { name: label(notTaught) })).toHaveCount(0);
    await cma.context.close();
    await context.close();
  });

  test('on a phone the filters fold away and the list keeps its essential columns', async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${baseUrl}/adopt?division=1`);
    await expect(grid(page).getByRole('link').first()).toBeVisible();
    await expect(grid(page).getByRole('columnheader')).toHaveText(['Course', 'Starts', 'Adopted']);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'horizontal page overflow').toBeLessThanOrEqual(0);

    const filters = page.getByRole('button', { name: 'Filters (1 set)' });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await filters.click();
    await expect(page.getByLabel('Division', { exact: true })).toBeVisible();

    // The top bar's search button is the phone's course search (docs/behaviour/routes-and-guard.md).
    await page.getByRole('button', { name: 'Search courses' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox').fill('biology');
    await dialog.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/adopt\?q=biology$/);
    await expect(page.getByText('Courses matching “biology”')).toBeVisible();
    await expect(grid(page).getByRole('link').first()).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/adopt$/);
    await context.close();
  });

  for (const width of [1280, 360]) {
    test(`axe-core finds no violations at ${width}px`, async ({ browser }) => {
      // Five scans of a page with a full grid; the default timeout is sized for one page.
      test.setTimeout(90_000);
      const { context, page, baseUrl } = await newLoggedInContext(browser, 'cma');
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}/adopt`);
      await expect(grid(page).getByRole('link').first()).toBeVisible();
      await expectNoViolations(page, `the catalog at ${width}px`);
      await shot(page, {
        path: test.info().outputPath(`catalog-${width}.png`),
        fullPage: true,
      });

      if (width === 360) await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByLabel('Division', { exact: true }).selectOption({ label: 'Main Campus' });
      await expect(page.getByLabel('Department', { exact: true })).toBeEnabled();
      await expectNoViolations(page, `the catalog filtered at ${width}px`);

      await page.goto(`${baseUrl}/adopt?q=biology`);
      await expect(grid(page).getByRole('link').first()).toBeVisible();
      await expectNoViolations(page, `a search at ${width}px`);

      await page.getByRole('button', { name: 'Export' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoViolations(page, `the export menu at ${width}px`);
      await page.keyboard.press('Escape');

      await page.goto(`${baseUrl}/adopt?q=zzzz-no-such-course`);
      await expect(page.getByText('No courses match these filters')).toBeVisible();
      await expectNoViolations(page, `no results at ${width}px`);
      await context.close();
    });
  }
});
