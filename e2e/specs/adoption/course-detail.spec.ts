import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AUTH_HEADER,
  PREVIOUS_ADOPTIONS_LOOKBACK_DAYS,
  fillPath,
  getAdoptionMaterialHistory,
  getAdoptionMaterials,
  getCourseList,
  getCourseUserActions,
  getSectionsByDivisionAndCourse,
  login,
  type AdoptionMaterialDTO,
  type AdoptionSection,
  type CourseDTO,
  type SessionResponse,
} from '@csp/contracts';
import { callApi } from '../../support/api.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { demoAccount, expect, newLoggedInContext, test } from '../../support/fixtures.ts';

/*
 * The course detail screen against the demo seed. The courses are found through the API as
 * the course materials team sees them (never fixed ids), from the end of the catalog so the
 * changes made here (a message, a removal) stay clear of courses other specs read first.
 */

type Found = { course: CourseDTO; adoption: AdoptionMaterialDTO; section: AdoptionSection };

const SUBMITTER = demoAccount('submitter').userName;

async function api<T>(
  session: SessionResponse,
  endpoint: { method: string; path: string },
  params: Record<string, string | number>,
  options: { query?: string; body?: unknown } = {},
) {
  const path = fillPath(endpoint.path, { userAccountId: session.accountId, ...params });
  const res = await callApi<T>(
    'localhost',
    endpoint.method,
    path + (options.query ?? ''),
    options.body,
    {
      [AUTH_HEADER]: session.token,
    },
  );
  expect(res.status, `${endpoint.method} ${path}`).toBe(200);
  return res.body;
}

/** Courses with sections that have not ended, last course code first. */
async function coursesFromTheEnd(
  session: SessionResponse,
  searchString?: string,
): Promise<CourseDTO[]> {
  const page = await api<{ courseDTOList: CourseDTO[] }>(
    session,
    getCourseList,
    {},
    {
      body: {
        open: true,
        sectionStartDate: '2000-01-01',
        sectionEndDate: '2199-12-31',
        coursesPerPage: 100,
        sortField: 'courseCode',
        sortDirection: 'desc',
        ...(searchString && { searchString }),
      },
    },
  );
  return page.courseDTOList;
}

/**
 * The first course (from the end) with an active section adoption that needs no response yet
 * and is on a section that has not ended. With `submitter`, only that account's own adoptions
 * count (their myAdoptions; a course outside their scope answers 404 and offers none).
 */
async function findAdoption(
  session: SessionResponse,
  skip: Set<number>,
  submitter: SessionResponse | null,
): Promise<Found> {
  // The demo submitter works in one department (Biology): look there for their adoptions.
  for (const course of await coursesFromTheEnd(session, submitter ? 'BIOL' : undefined)) {
    if (skip.has(course.courseId)) continue;
    const params = {
      divisionId: course.divisionId,
      departmentCode: course.departmentCode,
      courseCode: course.courseCode,
    };
    const { adoptionMaterials } = await api<{ adoptionMaterials: AdoptionMaterialDTO[] }>(
      session,
      getAdoptionMaterials,
      params,
    );
    const { potentialAdoptionSections } = await api<{
      potentialAdoptionSections: AdoptionSection[];
    }>(session, getSectionsByDivisionAndCourse, params);
    let submitters: Set<number> | null = null;
    if (submitter) {
      const path = fillPath(getAdoptionMaterialHistory.path, {
        userAccountId: submitter.accountId,
        ...params,
      });
      const res = await callApi<{ myAdoptions: AdoptionMaterialDTO[] }>(
        'localhost',
        'GET',
        `${path}?startDateThreshold=${PREVIOUS_ADOPTIONS_LOOKBACK_DAYS}`,
        undefined,
        { [AUTH_HEADER]: submitter.token },
      );
      submitters = new Set(
        res.status === 200 ? res.body.myAdoptions.map((a) => a.adoptionMaterialId) : [],
      );
    }
    for (const adoption of adoptionMaterials) {
      if (adoption.adoptionType !== 'SECTION_ADOPTION' || adoption.noTextRequired) continue;
      if (adoption.adoptionMessagingStatusName === 'RESPONSE_REQUIRED' || !adoption.title) continue;
      if (submitters && !submitters.has(adoption.adoptionMaterialId)) continue;
      const section = potentialAdoptionSections.find((s) =>
        adoption.sections.some((c) => c.sectionId === s.sectionId),
      );
      if (section) return { course, adoption, section };
    }
  }
  throw new Error('The demo seed has no course with a suitable section adoption');
}

const coursePath = (c: CourseDTO) =>
  `/adopt/course/${c.divisionId}/${c.departmentCode}/${c.courseCode}`;

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: run through the Playwright global setup.');
  return join(dataDir, 'mail');
}

/** The .eml file to `to` whose text contains `marker` (the server writes it without SMTP). */
async function mailContaining(to: string, marker: string): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const files = await readdir(mailDir()).catch(() => [] as string[]);
      for (const file of files.filter((f) => f.endsWith('.eml') && f.includes(to))) {
        const raw = await readFile(join(mailDir(), file), 'utf8');
        // Undo quoted-printable soft breaks so a marker split across lines is still found.
        const text = raw.replace(/=\r?\n/g, '');
        if (text.includes(marker)) found = text;
      }
      return found;
    })
    .toBeTruthy();
  return found;
}

test.describe('Course detail', () => {
  test('a CMA member reads an adoption, asks the submitter a question, and removes an adoption from a section', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 1280, height: 800 });
    const submitterLogin = await callApi<SessionResponse>('localhost', login.method, login.path, {
      userName: SUBMITTER,
      password: demoAccount('submitter').password,
    });
    expect(submitterLogin.status).toBe(200);
    const asked = await findAdoption(session, new Set(), submitterLogin.body);
    const title = asked.adoption.title?.description ?? '';

    await page.goto(`${baseUrl}${coursePath(asked.course)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: asked.course.courseName }),
    ).toBeVisible();
    await expect(
      page.getByText(`${asked.course.departmentCode} ${asked.course.courseCode}`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send future adoptions e-mail' })).toBeVisible();
    await expect(page.getByRole('table', { name: /Sections/ })).toBeVisible();
    await expectNoAxeViolations(page, 'course page at 1280px');

    // Read the adoption: its details, its history and its (empty) thread.
    const card = page.getByRole('article', { name: title }).first();
    await card.getByRole('button', { name: /^View details/ }).click();
    await expect(page).toHaveURL(new RegExp(`viewAdoptionId=${asked.adoption.adoptionMaterialId}`));
    const dialog = page.getByRole('dialog', { name: 'Adoption details' });
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    await expect(dialog).toContainText(asked.adoption.title?.formattedEan13 ?? '');
    const history = dialog.getByRole('region', { name: 'History' });
    await expect(history.getByText('Adopted', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'adoption details at 1280px');

    // Ask the submitter; they are e-mailed, and the adoption now needs their response.
    const marker = `e2e-question-${Date.now()}`;
    await dialog
      .getByRole('textbox', { name: /^Message/ })
      .fill(`Is this edition still right? ${marker}`);
    await dialog.getByRole('checkbox', { name: /Notify the submitter, Sam Submitter,/ }).check();
    await dialog.getByRole('button', { name: 'Post message' }).click();
    await expect(dialog.getByRole('region', { name: 'Messages' })).toContainText(marker);
    await expect(dialog.getByRole('region', { name: 'Messages' })).toContainText('Casey Materials');
    const mail = await mailContaining(SUBMITTER, marker);
    expect(mail).toMatch(/^Subject: Message about your adoption for /m);
    expect(mail).toContain('A response is needed');
    // It names who wrote it, through which store, and replies go to them.
    expect(mail).toContain(
      'Sent by Casey Materials (cma@demo-university.edu) through Demo University Campus Store.',
    );
    expect(mail).toMatch(/^Reply-To: cma@demo-university\.edu/m);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).not.toHaveURL(/viewAdoptionId/);
    const needing = page.getByRole('region', { name: /Needing a response/ });
    await expect(needing.getByRole('article', { name: title })).toBeVisible();
    await expect(needing.getByRole('article', { name: title })).toContainText('Response required');

    // Remove another adoption from a section, after confirming; its history records it.
    const removed = await findAdoption(session, new Set([asked.course.courseId]), null);
    const removedTitle = removed.adoption.title?.description ?? '';
    await page.goto(`${baseUrl}${coursePath(removed.course)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: removed.course.courseName }),
    ).toBeVisible();
    const removedCard = page.getByRole('article', { name: removedTitle }).first();
    await removedCard.getByRole('button', { name: /^Remove from section/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove from a section?' });
    const label = `${removed.section.sectionCode} (${removed.section.termName})`;
    if (await confirm.getByRole('radio').count()) {
      await confirm
        .getByRole('radio', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) })
        .check();
    }
    await confirm
      .getByRole('button', { name: `Remove from ${removed.section.sectionCode}` })
      .click();
    await expect(page.getByText(`Removed “${removedTitle}” from section ${label}.`)).toBeVisible();
    await expect(confirm).toBeHidden();
    // Taken off its only section, the adoption leaves the current lists (its card with it):
    // its details still open from their link.
    await page.goto(
      `${baseUrl}${coursePath(removed.course)}?viewAdoptionId=${removed.adoption.adoptionMaterialId}`,
    );
    const removedHistory = page
      .getByRole('dialog', { name: 'Adoption details' })
      .getByRole('region', { name: 'History' });
    await expect(removedHistory.getByText('Removed from a section')).toBeVisible();
    await expect(removedHistory).toContainText(`Section ${label}: on the section → removed`);
    await expect(removedHistory).toContainText('Casey Materials (cma@demo-university.edu)');
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/viewAdoptionId/);

    // The future adoptions e-mail names who got it (or says there was nothing to send).
    await page.getByRole('button', { name: 'Send future adoptions e-mail' }).click();
    await page
      .getByRole('dialog', { name: 'Send the future adoptions e-mail?' })
      .getByRole('button', { name: 'Send e-mail' })
      .click();
    await expect(
      page.getByText(/^E-mailed \d+ future adoptions? to \S+@|nothing to send/),
    ).toBeVisible();
    await context.close();
  });

  test('passes axe on a phone, with cards instead of tables and nothing wider than the screen', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 360, height: 800 });
    const [course] = await coursesFromTheEnd(session);
    if (!course) throw new Error('The CMA member has no course');
    await page.goto(`${baseUrl}${coursePath(course)}`);
    await expect(page.getByRole('heading', { level: 1, name: course.courseName })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Sections \(/ })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoAxeViolations(page, 'course page at 360px');
    const view = page.getByRole('button', { name: /^View details/ }).first();
    if (await view.count()) {
      await view.click();
      await expect(page.getByRole('dialog', { name: 'Adoption details' })).toBeVisible();
      await expectNoAxeViolations(page, 'adoption details at 360px');
    }
    await context.close();
  });

  test("an instructor gets the not-found page on a course they don't teach, and no adopt buttons", async ({
    browser,
  }) => {
    const cma = await newLoggedInContext(browser, 'cma');
    const instructor = await newLoggedInContext(browser, 'instructor');
    // A course of the catalog that the instructor holds no adopt action on (they teach Chemistry).
    let notTaught: CourseDTO | undefined;
    for (const course of await coursesFromTheEnd(cma.session)) {
      if (course.departmentCode === 'CHEM') continue;
      const path = fillPath(getCourseUserActions.path, {
        userAccountId: instructor.session.accountId,
        divisionId: course.divisionId,
        departmentCode: course.departmentCode,
        courseCode: course.courseCode,
      });
      const res = await callApi('localhost', 'GET', path, undefined, {
        [AUTH_HEADER]: instructor.session.token,
      });
      if (res.status === 404) {
        notTaught = course;
        break;
      }
    }
    if (!notTaught) throw new Error('Every course is taught by the demo instructor');
    const { page, baseUrl } = instructor;
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}${coursePath(notTaught)}`);
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: 'Course not found or not in your adoption scope',
        }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /^(Edit|Remove|Send future)/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Back to the course catalog' })).toBeVisible();
      await expectNoAxeViolations(page, `not-found page at ${width}px`);
    }
    await page.getByRole('link', { name: 'Back to the course catalog' }).click();
    await expect(page).toHaveURL(/\/adopt$/);

    // On a course they teach they may adopt, but not e-mail the whole course.
    const [taught] = await coursesFromTheEnd(instructor.session);
    if (taught) {
      await page.goto(`${baseUrl}${coursePath(taught)}`);
      await expect(page.getByRole('heading', { level: 1, name: taught.courseName })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: /^Sections \(/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send future adoptions e-mail' })).toHaveCount(
        0,
      );
    }
    await cma.context.close();
    await instructor.context.close();
  });
});
