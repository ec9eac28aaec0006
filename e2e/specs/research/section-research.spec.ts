import type { Page } from '@playwright/test';
import {
  AUTH_HEADER,
  fillPath,
  getSectionDetail,
  sectionList,
  type SectionListRequest,
} from '@csp/contracts';
import { callApi } from '../../support/api.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { sectionStillNeeded } from '../../support/research.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { featuredStudent } from '../../support/students.ts';
import { shot } from '../../support/shots.ts';

/*
 * /research against the demo seed, as the "done when" walks it. Facts (names, terms,
 * the section a featured student still needs books for) are read from the API as the same user
 * sees them. Nothing here changes data.
 */

const enrolledCells = (page: Page) =>
  page.locator('[role="gridcell"][data-field="enrollmentCount"]');

async function enrolledNumbers(page: Page): Promise<number[]> {
  return (await enrolledCells(page).allTextContents()).map((t) => Number(t.replace(/\D/g, '')));
}

/** "BIOL 101 – 2" as the Section column orders it: codes in turn, digit runs by value. */
const sectionOrderKey = (name: string) =>
  name
    .replace(' – ', ' ')
    .toLowerCase()
    .replace(/\d+/g, (n) => n.padStart(10, '0'));

const sectionListBody = (body: string | null): SectionListRequest =>
  (body ? JSON.parse(body) : {}) as SectionListRequest;

test.describe('section research', () => {
  test('a reporter narrows, sorts by enrolment, pages, opens a section and a student who still needs books', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'reporter');
    const maya = await featuredStudent(session, '900000001');
    const { section, material } = await sectionStillNeeded(session, maya.customerId);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(`${baseUrl}/research`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Section Research');
    const found = page.getByRole('status').filter({ hasText: /sections? found$/ });
    await expect(found).toBeVisible();

    await page.getByLabel('Division').selectOption({ label: section.divisionName });
    await expect(page).toHaveURL(/division=\d+/);
    await page.getByLabel('Term', { exact: true }).selectOption({ label: section.termName });
    await expect(page).toHaveURL(/term=\d+/);
    // A term bounds the dates itself: the default window no longer applies.
    await expect(page.getByLabel('Starts from')).toHaveValue('');
    await expect(found).toBeVisible();
    const termTotal = Number((await found.textContent())!.replace(/\D/g, ''));
    expect(termTotal, 'the term has more than one page').toBeGreaterThan(20);

    await page.getByRole('columnheader', { name: 'Enrolled' }).click();
    await expect(page).toHaveURL(/sort=enrollmentCount/);
    await expect
      .poll(async () => {
        const n = await enrolledNumbers(page);
        return n.length === 20 && n.every((v, i) => i === 0 || n[i - 1]! <= v);
      })
      .toBe(true);
    const lastOnPageOne = (await enrolledNumbers(page)).at(-1)!;

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(`21–40 of ${termTotal.toLocaleString('en-US')}`)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    await expect
      .poll(async () => (await enrolledNumbers(page))[0] ?? -1)
      .toBeGreaterThanOrEqual(lastOnPageOne);

    await page
      .getByLabel('Department')
      .selectOption({ label: `${section.departmentCode} - ${section.departmentName}` });
    await expect(page).not.toHaveURL(/page=2/);
    await page.getByLabel('Starts from').fill(section.startDate);
    await page.getByLabel('Starts until').fill(section.startDate);
    await expect(page).toHaveURL(new RegExp(`from=${section.startDate}`));
    const link = page.getByRole('link', {
      name: new RegExp(`${section.courseCode} – ${section.sectionCode}$`),
    });
    await expect(link).toBeVisible();
    await expectNoAxeViolations(page, '/research filtered');

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/research/section/${section.sectionId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      `${section.courseCode} – ${section.sectionCode}`,
    );
    await expect(page.getByText(section.courseName).first()).toBeVisible();
    await expectNoAxeViolations(page, '/research/section/{id}');

    await page.getByRole('link', { name: 'Thompson, Maya' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/research/section/${section.sectionId}/student/${maya.customerId}$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya Thompson');
    const needs = page.getByRole('region', { name: /^For / });
    await expect(needs).toContainText(material.title!);
    await expect(needs).toContainText('Not yet ordered');
    await expectNoAxeViolations(page, '/research/section/{id}/student/{num}');

    // The way back keeps the list as it was.
    await page.getByRole('main').getByRole('link', { name: 'Section Research' }).click();
    await expect(page).toHaveURL(/\/research\?.*department=\d+/);
    await expect(link).toBeVisible();
    await context.close();
  });

  test('typing quickly never shows the results of an older search', async ({ browser }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'reporter');
    let releaseOlder: () => void = () => {};
    const olderHeld = new Promise<void>((resolve) => (releaseOlder = resolve));
    let olderDone: () => void = () => {};
    const olderAnswered = new Promise<void>((resolve) => (olderDone = resolve));
    // The search for "B" (matching far more than BIOL) answers late: after "BIOL" has answered.
    await page.route(`**${sectionList.path.replace(':userAccountId', '*')}`, async (route) => {
      const body = sectionListBody(route.request().postData());
      if (body.searchString !== 'B') return route.continue();
      try {
        const response = await route.fetch();
        await olderHeld;
        await route.fulfill({ response });
      } catch {
        // The page aborted it: nothing to answer.
      } finally {
        olderDone();
      }
    });
    await page.goto(`${baseUrl}/research`);
    const field = page.getByRole('searchbox', { name: 'Search course code, name or section' });
    const found = page.getByRole('status').filter({ hasText: /found$/ });
    const olderSent = page.waitForRequest(
      (r) => r.url().endsWith('/sectionList') && sectionListBody(r.postData()).searchString === 'B',
    );
    await field.fill('B');
    await olderSent;
    await field.fill('BIOL');
    const links = page.getByRole('grid').getByRole('link');
    await expect(links.first()).toHaveText(/^BIOL /);
    const biolFound = await found.textContent();
    const biolLinks = await links.allTextContents();

    releaseOlder();
    await olderAnswered;
    // Two frames for React to show the late answer, had it been taken.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    await expect(found).toHaveText(biolFound!);
    expect(await links.allTextContents()).toEqual(biolLinks);
    await context.close();
  });

  test('works from the keyboard alone: search, open a section, open a student, come back', async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'reporter');
    await page.goto(`${baseUrl}/research`);
    const field = page.getByRole('searchbox', { name: 'Search course code, name or section' });
    await expect(page.getByRole('grid').getByRole('link').first()).toBeVisible();
    await field.focus();
    await page.keyboard.type('BIOL');
    const first = page.getByRole('grid').getByRole('link').first();
    await expect(first).toHaveText(/^BIOL /);
    const name = (await first.textContent())!;
    // Tab moves from the field through the filters to the grid (one tab stop, its header);
    // the arrow keys move within it as in a spreadsheet, and Enter follows a cell's link.
    const header = page.getByRole('columnheader', { name: 'Section' });
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await header.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(header).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const student = page
      .getByRole('region', { name: /Enrolled students/ })
      .getByRole('link')
      .first();
    await student.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/student\/\d+$/);
    await page.goBack();
    await page.goBack();
    await expect(field).toHaveValue('BIOL');
    await context.close();
  });

  test("a department-scoped submitter sees only that department's sections", async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'submitter');
    await page.goto(`${baseUrl}/research`);
    const links = page.getByRole('grid').getByRole('link');
    await expect(links.first()).toBeVisible();
    const codes = await links.allTextContents();
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => c.startsWith('BIOL '))).toBe(true);
    await context.close();
  });

  test('a section outside the scope is not found, for the page and the API', async ({
    browser,
  }) => {
    const reporter = await newLoggedInContext(browser, 'reporter');
    const listed = await callApi<{ sections: { sectionId: number; departmentCode: string }[] }>(
      'localhost',
      sectionList.method,
      fillPath(sectionList.path, { userAccountId: reporter.session.accountId }),
      {},
      { [AUTH_HEADER]: reporter.session.token },
    );
    await reporter.context.close();
    expect(listed.status).toBe(200);
    const outside = listed.body.sections.find((s) => s.departmentCode !== 'BIOL');
    expect(outside, 'a section of another department on the first page').toBeTruthy();
    const { context, page, baseUrl, session } = await newLoggedInContext(browser, 'submitter');
    const res = await callApi<{ message: string; field?: string }>(
      'localhost',
      'GET',
      `${fillPath(getSectionDetail.path, { userAccountId: session.accountId })}?sectionId=${outside!.sectionId}`,
      undefined,
      { [AUTH_HEADER]: session.token },
    );
    expect(res.status).toBe(404);
    expect(res.body.field).toBe('sectionId');
    await page.goto(`${baseUrl}/research/section/${outside!.sectionId}`);
    await expect(page.getByText('Section not found')).toBeVisible();
    await context.close();
  });

  for (const width of [1280, 390]) {
    test(`the Section column sorts by what it shows, both ways, at ${width}px`, async ({
      browser,
    }) => {
      const { context, page, baseUrl } = await newLoggedInContext(browser, 'reporter');
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}/research`);
      // The grid's Section header sorts; a phone's cards sort by the "Sort by" field.
      const names = page
        .getByRole(width > 900 ? 'grid' : 'list', { name: 'Sections' })
        .getByRole('link');
      for (const dir of ['asc', 'desc'] as const) {
        if (width > 900) await page.getByRole('columnheader', { name: 'Section' }).click();
        else {
          await page.getByLabel('Sort by').selectOption({ label: 'Section' });
          await page.getByLabel('Order').selectOption(dir);
        }
        await expect
          .poll(async () => {
            const keys = (await names.allTextContents()).map(sectionOrderKey);
            const sorted = [...keys].sort();
            return (
              keys.length > 1 && keys.join() === (dir === 'asc' ? sorted : sorted.reverse()).join()
            );
          })
          .toBe(true);
      }
      // The pointer left on the header opens the grid's "Sort" tooltip after a delay, in a
      // portal outside the page's landmarks; the scan measures the page at rest, without it.
      await page.mouse.move(0, 0);
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      await shot(page, { path: test.info().outputPath(`s-${width}.png`), fullPage: true });
      await expectNoAxeViolations(page, `/research sorted by section at ${width}px`);
      await context.close();
    });
  }

  for (const width of [1280, 360]) {
    test(`the list, a section and a student in it have no axe violations at ${width}px`, async ({
      browser,
    }) => {
      const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'admin');
      const maya = await featuredStudent(session, '900000002');
      const { section } = await sectionStillNeeded(session, maya.customerId);
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        '/research',
        `/research/section/${section.sectionId}`,
        `/research/section/${section.sectionId}/student/${maya.customerId}`,
      ]) {
        await page.goto(`${baseUrl}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('progressbar')).toHaveCount(0);
        await shot(page, {
          path: test.info().outputPath(`${path.replace(/\W+/g, '-')}-${width}.png`),
          fullPage: true,
        });
        await expectNoAxeViolations(page, `${path} at ${width}px`);
      }
      await context.close();
    });
  }
});
