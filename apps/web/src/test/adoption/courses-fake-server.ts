import { CATALOG_ACTION_TYPES, XLSX_CONTENT_TYPE } from '@csp/contracts';
import type { ActionName, CourseDTO, CourseListRequest } from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

type Handler = (request: StubRequest) => Response | Promise<Response>;

export const BASE = '/app-rest/adoption/v1/7';

/** One catalog row: an incomplete course with 3 sections, 1 of them adopted, unless told otherwise. */
export function course(
  courseId: number,
  departmentCode: string,
  courseCode: string,
  courseName: string,
  extra: Partial<CourseDTO> = {},
): CourseDTO {
  const main = departmentCode !== 'CONL';
  return {
    courseId,
    divisionId: main ? 1 : 2,
    divisionName: main ? 'Main Campus' : 'School of Law',
    departmentCode,
    departmentName: { BIOL: 'Biology', CHEM: 'Chemistry', CONL: 'Constitutional Law' }[
      departmentCode
    ] as string,
    courseCode,
    courseName,
    nextStartDate: '2026-08-24',
    adoptionStatus: 'incomplete',
    responseRequired: false,
    sectionCount: 3,
    adoptedSectionCount: 1,
    noTextRequiredSectionCount: 0,
    lateSectionCount: 0,
    missingSectionCount: 0,
    ztcSectionCount: 0,
    ltcSectionCount: 0,
    ...extra,
  };
}

/** 25 courses, two pages; by next start: BIOL 101, BIOL 230, CONL 500, CHEM 200-220, CHEM 110. */
export const COURSES: CourseDTO[] = [
  course(1, 'BIOL', '101', 'General Biology', {
    adoptionStatus: 'complete',
    adoptedSectionCount: 3,
    ztcSectionCount: 3,
  }),
  course(2, 'BIOL', '230', 'Cell Biology', {
    responseRequired: true,
    lateSectionCount: 1,
    missingSectionCount: 2,
    ztcSectionCount: 1,
    ltcSectionCount: 1,
  }),
  course(3, 'CHEM', '110', 'General Chemistry', { nextStartDate: 'PENDING', sectionCount: 0 }),
  course(4, 'CONL', '500', 'Constitutional Law', {
    nextStartDate: '2026-08-31',
    ltcSectionCount: 3,
  }),
  ...Array.from({ length: 21 }, (_, i) =>
    course(10 + i, 'CHEM', String(200 + i), `Organic Chemistry ${i + 1}`, {
      nextStartDate: '2026-09-14',
    }),
  ),
];

/** Roughly what the server does: scope filters, search by code or word, sort, one page. */
function answerCourseList(body: CourseListRequest) {
  let rows = COURSES;
  const search = body.searchString?.toLowerCase();
  if (search) {
    rows = rows.filter(
      (c) =>
        `${c.departmentCode}${c.courseCode}`.toLowerCase().includes(search.replace(/\s/g, '')) ||
        c.courseName.toLowerCase().split(' ').includes(search),
    );
  } else {
    if (body.divisionId) rows = rows.filter((c) => c.divisionId === body.divisionId);
    if (body.departmentCode) rows = rows.filter((c) => c.departmentCode === body.departmentCode);
    if (body.courseCode) rows = rows.filter((c) => c.courseCode === body.courseCode);
    if (body.deadlineStatus === 'LATE') rows = rows.filter((c) => c.lateSectionCount > 0);
    if (body.deadlineStatus === 'MISSING') rows = rows.filter((c) => c.missingSectionCount > 0);
    if (body.costDesignation === 'ZTC') rows = rows.filter((c) => c.ztcSectionCount > 0);
    if (body.costDesignation === 'LTC') rows = rows.filter((c) => c.ltcSectionCount > 0);
    if (body.actionType === 'ADOPTED') rows = rows.filter((c) => c.adoptionStatus === 'complete');
  }
  const field = body.sortField ?? 'nextStartDate';
  const sign = body.sortDirection === 'desc' ? -1 : 1;
  rows = [...rows].sort(
    (a, b) => sign * String(a[field]).localeCompare(String(b[field])) || a.courseId - b.courseId,
  );
  const size = Number(body.coursesPerPage ?? 20);
  const page = Number(body.page ?? 1);
  return { courseDTOList: rows.slice((page - 1) * size, page * size), recordCount: rows.length };
}

export function courseListHandlers(
  overrides: Record<string, Handler> = {},
): Record<string, Handler> {
  return {
    [`GET ${BASE}/getCatalogActionList`]: () =>
      json(
        200,
        Object.entries(CATALOG_ACTION_TYPES).map(([actionType, label]) => ({ actionType, label })),
      ),
    [`POST ${BASE}/getCourseList`]: (req) =>
      json(200, answerCourseList(req.body as CourseListRequest)),
    [`GET ${BASE}/getAdoptionDivisions`]: () =>
      json(200, [
        { divisionId: 1, divisionName: 'Main Campus', universityName: 'Springfield University' },
        { divisionId: 2, divisionName: 'School of Law', universityName: 'Springfield University' },
      ]),
    [`GET ${BASE}/getAdoptionDepartments`]: (req) =>
      json(
        200,
        req.url.searchParams.get('divisionId') === '1'
          ? [
              { departmentCode: 'BIOL', departmentName: 'Biology' },
              { departmentCode: 'CHEM', departmentName: 'Chemistry' },
            ]
          : [{ departmentCode: 'CONL', departmentName: 'Constitutional Law' }],
      ),
    [`GET ${BASE}/getAdoptionCourses`]: (req) =>
      json(
        200,
        COURSES.filter((c) => c.departmentCode === req.url.searchParams.get('departmentCode')).map(
          (c) => ({ courseCode: c.courseCode, courseName: c.courseName }),
        ),
      ),
    [`POST ${BASE}/exportCatalog`]: (req) => {
      const override = req.url.searchParams.get('overrideEmail');
      if (override || req.url.searchParams.get('email') === 'true') {
        return json(200, { emailedTo: override ?? 'pat@example.edu', rowCount: 42 });
      }
      // The zip signature every .xlsx starts with.
      return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        status: 200,
        headers: {
          'Content-Type': XLSX_CONTENT_TYPE,
          'Content-Disposition': `attachment; filename="course-catalog-2026-05-01.xlsx"`,
        },
      });
    },
    ...overrides,
  };
}

/** The whole app at `path`, signed in as Pat with the CMA team's adopt action. */
export function renderCourseList(
  path = '/adopt',
  options: { actions?: ActionName[]; handlers?: Record<string, Handler> } = {},
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(path, {
    session: sessionResponse({ actions: options.actions ?? ['ADOPT_CMA_TEAM'] }),
    handlers: courseListHandlers(options.handlers),
  });
}

export function callsTo(calls: StubRequest[], method: string, path: string): StubRequest[] {
  return calls.filter((c) => c.method === method && c.url.pathname === `${BASE}/${path}`);
}

/** The body of the latest course list request. */
export function lastListBody(calls: StubRequest[]): CourseListRequest | undefined {
  return callsTo(calls, 'POST', 'getCourseList').at(-1)?.body as CourseListRequest | undefined;
}

export { screenWidth } from '../screen-width.ts';
