import {
  getIaStudentPage,
  getLtiCourseMaterials,
  LTI_LANDING_MESSAGES,
  startIaStudentSession,
  type IaStudentSection,
  type ResponseOf,
} from '@csp/contracts';
import { json, type StubRequest } from '../fetch-stub.ts';

/** A launch's one-time codes as the pages receive them. */
export const TOKEN = 'launch_abcdefghijklmnopqrstuvwxyz';
export const CODE = 'deeplink_abcdefghijklmnopqrstuvwxyz';

/** BIO 101 001 of Fall 2026: a priced required title, an unpriced recommended one, low cost. */
export const MATERIALS: ResponseOf<typeof getLtiCourseMaterials> = {
  storeName: 'Springfield Bookstore',
  term: {
    termId: 3,
    termName: 'Fall 2026',
    divisionName: 'Main Campus',
    startDate: '2026-08-24',
    endDate: '2026-12-18',
  },
  courseCode: 'BIO 101',
  courseName: 'Intro Biology',
  section: {
    sectionId: 31,
    sectionCode: '001',
    professors: ['Ada Lovelace'],
    startDate: '2026-08-24',
    status: 'MATERIALS',
    materials: [
      {
        isbn: '9780134093413',
        title: 'Campbell Biology',
        author: 'Urry',
        publisher: 'Pearson',
        edition: '11',
        copyrightYear: 2016,
        required: true,
        prices: {
          newCents: 12_995,
          usedCents: 9_746,
          rentNewCents: 7_797,
          rentUsedCents: 5_198,
          digitalCents: 6_498,
        },
      },
      {
        isbn: null,
        title: 'Lab Notebook',
        author: 'Hayden-McNeil',
        publisher: 'Macmillan',
        edition: '',
        copyrightYear: null,
        required: false,
        prices: null,
      },
    ],
    designation: 'LTC',
    requiredCostLowCents: 6_498,
    requiredCostHighCents: 12_995,
  },
  ltcThresholdCents: 7_500,
};

const SESSION = 'student-session-of-ada';

/** The student's inclusive access in BIO 101 001 (the page finds it by sectionId). */
const INCLUDED: IaStudentSection = {
  participantId: 41,
  sectionId: 31,
  termName: 'Fall 2026',
  sectionName: 'BIO 101 section 001',
  courseTitle: 'Intro Biology',
  model: 'OPT_OUT',
  materials: [{ title: 'Campbell Biology (digital)', author: 'Urry', priceCents: 5_999 }],
  totalCents: 5_999,
  deadline: '2026-09-15',
  choice: null,
  participating: true,
  enrolled: true,
  mayChange: true,
  whyNot: null,
};

/** Section 31 is listed, any other is not; the launch's code signs Ada in. */
export function materialsHandlers() {
  return {
    [`GET ${getLtiCourseMaterials.path}`]: (r: StubRequest) =>
      r.url.searchParams.get('sectionId') === '31'
        ? json(200, MATERIALS)
        : json(404, { message: LTI_LANDING_MESSAGES.sectionNotFound, field: 'sectionId' }),
    [`POST ${startIaStudentSession.path}`]: () =>
      json(200, { sessionToken: SESSION, expiresAt: '2026-09-10T17:00:00Z', firstName: 'Ada' }),
    [`GET ${getIaStudentPage.path}`]: () =>
      json(200, {
        storeName: 'Springfield Bookstore',
        firstName: 'Ada',
        today: '2026-09-10',
        sections: [INCLUDED],
      }),
  };
}
