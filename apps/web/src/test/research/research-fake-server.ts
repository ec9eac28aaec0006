import {
  getInTransitRentals,
  getMarketplaceConditions,
  getOutstandingRentals,
  getResearchCourses,
  getResearchDepartments,
  getResearchDivisions,
  getResearchProfessors,
  getResearchTerms,
  getSectionCost,
  getSectionDetail,
  getSectionMaterials,
  getStudentDetails,
  getStudentRequiredMaterials,
  getTransactionHistory,
  sectionList,
  type ActionName,
  type SectionListRequest,
} from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { answer, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';
import {
  answerSectionList,
  requiredMaterial,
  sectionCost,
  sectionDetail,
} from './research-fixtures.ts';

export {
  SECTIONS,
  answerSectionList,
  requiredMaterial,
  sectionCost,
  sectionDetail,
  sectionRow,
} from './research-fixtures.ts';

/*
 * A stand-in for the research endpoints: the lookups of two divisions, 45 sections paged by
 * cursors the way the server pages (after / before / last), and one section's detail.
 */

export type Handler = (request: StubRequest) => Response | Promise<Response>;

export const BASE = '/app-rest/admin_portal/v1/7';
/** Section costs are the adoption area's calls (the same account). */
export const ADOPTION_BASE = '/app-rest/adoption/v1/7';

export function researchHandlers(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    [`GET ${BASE}/divisions`]: () =>
      answer(getResearchDivisions, [
        { divisionId: 1, divisionName: 'Main Campus' },
        { divisionId: 2, divisionName: 'School of Law' },
      ]),
    [`GET ${BASE}/terms`]: (req) =>
      answer(
        getResearchTerms,
        req.url.searchParams.get('divisionId') === '1'
          ? [
              { termId: 10, termName: 'Fall 2026', startDate: '2026-08-24', endDate: '2026-12-12' },
              {
                termId: 11,
                termName: 'Spring 2026',
                startDate: '2026-01-12',
                endDate: '2026-05-08',
              },
            ]
          : [{ termId: 20, termName: 'Law Fall', startDate: '2026-08-24', endDate: '2026-12-12' }],
      ),
    [`GET ${BASE}/departments`]: () =>
      answer(getResearchDepartments, [
        { departmentId: 100, departmentCode: 'BIOL', departmentName: 'Biology' },
        { departmentId: 101, departmentCode: 'CHEM', departmentName: 'Chemistry' },
      ]),
    [`GET ${BASE}/courses`]: (req) =>
      answer(
        getResearchCourses,
        req.url.searchParams.get('departmentId') === '100'
          ? [{ courseId: 1000, courseCode: '101', courseName: 'General Biology' }]
          : [{ courseId: 1100, courseCode: '110', courseName: 'General Chemistry' }],
      ),
    [`GET ${BASE}/professors`]: (req) => {
      const all = [
        { professorId: 5, name: 'Lee, Ana' },
        { professorId: 6, name: 'Lopez, Ben' },
        { professorId: 9, name: 'Zimmer, Cy' },
      ];
      const search = req.url.searchParams.get('search')?.toLowerCase();
      const id = Number(req.url.searchParams.get('professorId'));
      return answer(
        getResearchProfessors,
        all.filter(
          (p) => !search || p.name.toLowerCase().startsWith(search) || p.professorId === id,
        ),
      );
    },
    [`POST ${BASE}/sectionList`]: (req) =>
      answer(sectionList, answerSectionList(req.body as SectionListRequest)),
    [`GET ${BASE}/sectionDetail`]: (req) =>
      answer(
        getSectionDetail,
        sectionDetail({ sectionId: Number(req.url.searchParams.get('sectionId')) }),
      ),
    ...studentHandlers(),
    [`GET ${BASE}/sectionDetail/materials`]: () => answer(getSectionMaterials, { materials: [] }),
    [`GET ${ADOPTION_BASE}/sectionCost`]: (req) =>
      answer(
        getSectionCost,
        sectionCost({ sectionId: Number(req.url.searchParams.get('sectionId')) }),
      ),
    ...overrides,
  };
}

/** The student screen's own endpoints, for Maya Thompson (customer 42). */
function studentHandlers(): Record<string, Handler> {
  return {
    [`GET ${BASE}/student/details`]: () =>
      answer(getStudentDetails, {
        studentDetail: {
          customerId: 42,
          name: 'Maya Thompson',
          firstName: 'Maya',
          lastName: 'Thompson',
          studentIdNum: '900000042',
          email: 'maya@example.edu',
          fulfillmentPreferences: [],
          shippingPreference: 'Pick up in store',
          shippingAddress: null,
          addressVisible: false,
          deliveryNote: '',
        },
      }),
    [`GET ${BASE}/student/requiredMaterials`]: () =>
      answer(getStudentRequiredMaterials, { requiredMaterials: [requiredMaterial()] }),
    [`GET ${BASE}/getOutStandingRentals`]: () =>
      answer(getOutstandingRentals, { rentalListDTO: [] }),
    [`GET ${BASE}/rental/transit`]: () => answer(getInTransitRentals, []),
    [`GET ${BASE}/getMarketplaceConditions`]: () =>
      answer(getMarketplaceConditions, { market_conditions: [] }),
    [`GET ${BASE}/student/transactionHistory`]: () =>
      answer(getTransactionHistory, {
        orders: [],
        rentals: [],
        savingsVisible: false,
        totalSpentCents: 0,
        totalSavingsCents: null,
      }),
  };
}

/** The whole app at `path`, signed in as Pat with VIEW_SECTION. */
export function renderResearch(
  path = '/research',
  options: { actions?: ActionName[]; handlers?: Record<string, Handler> } = {},
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(path, {
    session: sessionResponse({ actions: options.actions ?? ['VIEW_SECTION'] }),
    handlers: researchHandlers(options.handlers),
  });
}

export function callsTo(calls: readonly StubRequest[], method: string, path: string) {
  return calls.filter((c) => c.method === method && c.url.pathname === `${BASE}/${path}`);
}

export function listBodies(calls: readonly StubRequest[]): SectionListRequest[] {
  return callsTo(calls, 'POST', 'sectionList').map((c) => c.body as SectionListRequest);
}

export const lastListBody = (calls: readonly StubRequest[]) => listBodies(calls).at(-1);

export { screenWidth } from '../screen-width.ts';
