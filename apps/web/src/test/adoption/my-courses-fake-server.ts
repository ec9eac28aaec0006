import {
  MY_COURSES_MESSAGES,
  type ActionName,
  type AdoptSameAsLastTimeBody,
  type MyCourse,
} from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

export const MY_COURSES_PATH = '/app-rest/adoption/v1/7/myCourses';
export const ADOPT_SAME_PATH = `${MY_COURSES_PATH}/adoptSameAsLastTime`;
export const MY_COURSES_PAGE = '/my-courses';
export const TODAY = '2026-10-15';

type Handler = (request: StubRequest) => Response | Promise<Response>;

/**
 * BIO 101: 001 and 003 without adoptions (the deadline passed), 002 adopted; Spring's two books.
 * 003's enrollment is up half on Spring's 003.
 */
export const BIO_101: MyCourse = {
  courseId: 11,
  divisionId: 1,
  divisionName: 'Main Campus',
  departmentCode: 'BIO',
  courseCode: '101',
  courseName: 'Intro Biology',
  sections: [
    section(101, '001', 'OUTSTANDING', 'MISSING'),
    section(102, '002', 'ADOPTED', 'ON_TIME'),
    {
      ...section(103, '003', 'OUTSTANDING', 'MISSING'),
      changes: [{ kind: 'ENROLLMENT_CHANGE', message: 'Enrollment up 50% (20 to 30).' }],
    },
  ],
  previous: {
    termId: 5,
    termName: 'Spring 2026',
    noTextRequired: false,
    materials: [
      {
        title: 'Cells and Their Parts',
        isbn: '978-0-306-40615-7',
        author: 'Test Author',
        edition: '3',
        required: true,
        proposed: false,
        changes: [
          {
            kind: 'NEWER_EDITION',
            message: '4th edition (2026) is in the catalog: ISBN 978-0-262-03384-8.',
            newerIsbn: '978-0-262-03384-8',
          },
        ],
      },
      {
        title: 'Genes in Action',
        isbn: '978-1-86197-271-2',
        author: 'Gene Writer',
        edition: '',
        required: false,
        proposed: false,
        changes: [],
      },
    ],
  },
  proposals: [],
};

/** CHEM 110 in Spring 2027, not adopted yet, no earlier term: no "same as last time". */
export const CHEM_110: MyCourse = {
  courseId: 12,
  divisionId: 1,
  divisionName: 'Main Campus',
  departmentCode: 'CHEM',
  courseCode: '110',
  courseName: 'General Chemistry',
  sections: [
    {
      ...section(201, '010', 'OUTSTANDING', 'OPEN'),
      termName: 'Spring 2027',
      deadline: '2027-03-15',
    },
  ],
  previous: null,
  proposals: [],
};

function section(
  sectionId: number,
  sectionCode: string,
  adoptionStatus: MyCourse['sections'][number]['adoptionStatus'],
  deadlineStatus: MyCourse['sections'][number]['deadlineStatus'],
): MyCourse['sections'][number] {
  return {
    sectionId,
    sectionCode,
    termId: 6,
    termName: 'Fall 2026',
    startDate: '2026-08-24',
    endDate: '2026-12-18',
    adoptionStatus,
    deadline: '2026-09-01',
    deadlineStatus,
    adoptedAt: adoptionStatus === 'OUTSTANDING' ? null : '2026-08-20T10:00:00.000Z',
    changes: [],
  };
}

/**
 * The two My courses endpoints as the server answers them: the list, and "adopt the same",
 * which marks the chosen sections adopted (late: the deadline has passed) and answers one
 * adoption per material; a section already adopted is a 409 naming `sectionIds`.
 */
export class FakeMyCoursesServer {
  courses: MyCourse[] = [structuredClone(BIO_101), structuredClone(CHEM_110)];
  fail: { status: number; message: string } | null = null;

  private adoptSame(body: AdoptSameAsLastTimeBody): Response {
    const course = this.courses.find((c) => c.courseCode === body.courseCode)!;
    const chosen = course.sections.filter((s) => body.sectionIds.includes(s.sectionId));
    const adopted = chosen.filter((s) => s.adoptionStatus !== 'OUTSTANDING');
    if (adopted.length > 0) {
      const labels = adopted.map((s) => `${s.sectionCode} (${s.termName})`);
      return json(409, {
        message: MY_COURSES_MESSAGES.alreadyAdopted(labels),
        field: 'sectionIds',
      });
    }
    for (const s of chosen) {
      s.adoptionStatus = 'ADOPTED';
      s.deadlineStatus = 'LATE';
      s.adoptedAt = `${TODAY}T12:00:00.000Z`;
    }
    return json(200, { created: [], sectionIds: body.sectionIds });
  }

  handlers(): Record<string, Handler> {
    return {
      [`GET ${MY_COURSES_PATH}`]: () =>
        this.fail
          ? json(this.fail.status, { message: this.fail.message })
          : json(200, { courses: this.courses, today: TODAY }),
      [`POST ${ADOPT_SAME_PATH}`]: (request) =>
        this.adoptSame(request.body as AdoptSameAsLastTimeBody),
    };
  }
}

/** The whole app at My courses, signed in (remember-me) as Pat, an instructor. */
export function renderMyCourses(
  server: FakeMyCoursesServer,
  options: { actions?: ActionName[]; path?: string } = {},
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(options.path ?? MY_COURSES_PAGE, {
    session: sessionResponse({ actions: options.actions ?? ['ADOPT_INSTRUCTOR'] }),
    handlers: server.handlers(),
  });
}
