import {
  AUTH_HEADER,
  fillPath,
  getAdoptionMaterials,
  getCourseList,
  type AdoptionMaterialDTO,
  type CourseDTO,
  type SessionResponse,
} from '@csp/contracts';
import { callApi } from '../../support/api.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { shot } from '../../support/shots.ts';

/*
 * The course detail's adoptions as tables (?adoptionView=table), on the demo course with the
 * most current adoptions that the course materials team sees. Read only: it changes nothing.
 */

async function get<T>(session: SessionResponse, method: string, path: string, body?: unknown) {
  const res = await callApi<T>('localhost', method, path, body, { [AUTH_HEADER]: session.token });
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.body;
}

/** In a list of the course detail: active and, for a section adoption, on some section. */
const isCurrent = (a: AdoptionMaterialDTO) =>
  a.active && (a.adoptionType !== 'SECTION_ADOPTION' || a.sections.length > 0);

async function courseWithMostAdoptions(session: SessionResponse) {
  const { courseDTOList } = await get<{ courseDTOList: CourseDTO[] }>(
    session,
    getCourseList.method,
    fillPath(getCourseList.path, { userAccountId: session.accountId }),
    {
      open: true,
      sectionStartDate: '2000-01-01',
      sectionEndDate: '2199-12-31',
      coursesPerPage: 40,
      sortField: 'courseCode',
      sortDirection: 'desc',
    },
  );
  let best: { course: CourseDTO; current: number } | null = null;
  for (const course of courseDTOList) {
    const path = fillPath(getAdoptionMaterials.path, {
      userAccountId: session.accountId,
      divisionId: course.divisionId,
      departmentCode: course.departmentCode,
      courseCode: course.courseCode,
    });
    const { adoptionMaterials } = await get<{ adoptionMaterials: AdoptionMaterialDTO[] }>(
      session,
      getAdoptionMaterials.method,
      path,
    );
    const current = adoptionMaterials.filter(isCurrent).length;
    if (!best || current > best.current) best = { course, current };
  }
  if (!best || best.current < 2) throw new Error('No demo course has several adoptions');
  return best;
}

test('a course with several adoptions reads as tables, axe-clean at 1280 and 360 px', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
  const { course, current } = await courseWithMostAdoptions(session);
  const path = `/adopt/course/${course.divisionId}/${course.departmentCode}/${course.courseCode}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseUrl}${path}?adoptionView=table`);
  await expect(page.getByRole('heading', { level: 1, name: course.courseName })).toBeVisible();
  const views = page.getByRole('group', { name: 'Adoption view' });
  await expect(views.getByRole('button', { name: 'Table' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const sectionList = page.getByRole('region', { name: /^Section adoptions \(\d+\)$/ });
  const courseList = page.getByRole('region', { name: /^Course adoptions \(auto adoptions\)/ });
  // Every current adoption is a row of its type's table (plus each table's header row).
  const rows = async (list: typeof sectionList) =>
    (await list.getByRole('table').count()) === 0
      ? 0
      : (await list.getByRole('table').getByRole('row').count()) - 1;
  expect((await rows(sectionList)) + (await rows(courseList))).toBe(current);
  await expect(page.getByRole('article')).toHaveCount(0);
  await expectNoAxeViolations(page, 'adoption tables at 1280px');
  await shot(page, {
    path: test.info().outputPath('course-detail-table-1280.png'),
    fullPage: true,
  });

  // On a phone each row is the adoption's facts and its buttons, and nothing is wider than the
  // page, so every row's View details is in sight.
  await page.setViewportSize({ width: 360, height: 800 });
  const table = sectionList.or(courseList).first().getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Adoption', 'Actions']);
  const viewButton = await table
    .getByRole('button', { name: /^View details/ })
    .first()
    .boundingBox();
  expect(viewButton && viewButton.x + viewButton.width).toBeLessThanOrEqual(360);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await expectNoAxeViolations(page, 'adoption tables at 360px');
  await shot(page, {
    path: test.info().outputPath('course-detail-table-360.png'),
    fullPage: true,
  });

  // A row's View details opens the same dialog as a card's.
  await sectionList
    .or(courseList)
    .first()
    .getByRole('button', { name: /^View details/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Adoption details' })).toBeVisible();
  await expect(page).toHaveURL(/adoptionView=table/);
  await context.close();
});
