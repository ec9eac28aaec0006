import {
  divisionFulfillment,
  getAdoptionProgressSummary,
  getCostDesignationShares,
  getFulfillmentBreakdown,
  getMarketShare,
  getMetricsDivisions,
  getOrderTypes,
  getStudentPreferences,
  onTimeOrderFulfillment,
  type ActionName,
  type AdoptionProgressRow,
  type MetricsDivision,
} from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { answer, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

/*
 * A stand-in for the metric endpoints: two divisions of Pat's (account 7), the first with two
 * terms, each metric answering figures that differ per division and term so a test can tell
 * which one a card shows.
 */

export type Handler = (request: StubRequest) => Response | Promise<Response>;

export const ADMIN = '/app-rest/admin_portal/v1/7';
export const ADOPTION = '/app-rest/adoption/v1/7';

const term = (termId: number, termName: string, startDate: string, endDate: string) => ({
  termId,
  termName,
  startDate,
  endDate,
});

export const MAIN: MetricsDivision = {
  divisionId: 1,
  divisionName: 'Main Campus',
  terms: [
    term(11, 'Spring 2099', '2099-01-12', '2099-05-08'),
    term(10, 'Fall 2020', '2020-08-24', '2099-12-12'),
  ],
  defaultTermId: 10,
  canViewOnTime: true,
};

export const LAW: MetricsDivision = {
  divisionId: 2,
  divisionName: 'School of Law',
  terms: [term(20, 'Law Fall', '2020-08-24', '2099-12-12')],
  defaultTermId: 20,
  canViewOnTime: false,
};

const divisionTerm = (r: StubRequest) => {
  const source = (r.body ?? Object.fromEntries(r.url.searchParams)) as Record<string, unknown>;
  return { divisionId: Number(source['divisionId']), termId: Number(source['termId']) };
};

const nameOf = (divisionId: number) => (divisionId === 2 ? 'School of Law' : 'Main Campus');

export function progressRow(divisionId: number, termId: number): AdoptionProgressRow {
  return {
    divisionId,
    divisionName: nameOf(divisionId),
    termId,
    termName: 'any',
    termStartDate: '2020-08-24',
    sectionsTotal: 200,
    sectionsAdopted: 120,
    sectionsNoTextRequired: 30,
    sectionsOutstanding: 50,
    adoptionsNeedingResponse: 7,
    adoptionDeadline: null,
    campaignEmailsSent: 0,
    sectionsLate: 0,
    sectionsMissing: 0,
    sectionsOnTime: 0,
    mostMissingDepartments: [],
  };
}

export function metricsHandlers(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    [`GET ${ADMIN}/metricsDivisions`]: () =>
      answer(getMetricsDivisions, { divisions: [MAIN, LAW], storeHasDivisions: true }),
    [`GET ${ADOPTION}/getAdoptionProgressSummary`]: () =>
      answer(getAdoptionProgressSummary, {
        adoptionProgress: [progressRow(1, 10), progressRow(1, 11), progressRow(2, 20)],
      }),
    [`POST ${ADMIN}/divisionFulfillment`]: (r) => {
      const { divisionId } = divisionTerm(r);
      return answer(divisionFulfillment, {
        divisionName: nameOf(divisionId),
        fulfilledPercentage: 72.4,
        itemCount: 1705,
        fulfilledCount: 1234,
      });
    },
    [`GET ${ADMIN}/getFulfillmentBreakdown`]: (r) =>
      answer(getFulfillmentBreakdown, {
        divisionName: nameOf(divisionTerm(r).divisionId),
        states: [
          { state: 'FULFILLED', count: 1234 },
          { state: 'PENDING', count: 400 },
          { state: 'ON_HOLD', count: 71 },
          { state: 'CANCELLED', count: 12 },
        ],
      }),
    [`POST ${ADMIN}/onTimeOrderFulfillment`]: () =>
      answer(onTimeOrderFulfillment, {
        divisionName: 'Main Campus',
        onTimePercentage: 88.1,
        dueCount: 1135,
        onTimeCount: 1000,
      }),
    [`GET ${ADMIN}/getOrderTypes`]: (r) => {
      // Spring has no orders yet: the empty state.
      const none = divisionTerm(r).termId === 11;
      const counts = { RENT_NEW: 600, RENT_USED: 300, BUY_NEW: 1500, BUY_USED: 200, DIGITAL: 105 };
      const countOf = (orderType: keyof typeof counts) => (none ? 0 : counts[orderType]);
      const types = ['RENT_NEW', 'RENT_USED', 'BUY_NEW', 'BUY_USED', 'DIGITAL'] as const;
      return answer(getOrderTypes, {
        divisionName: nameOf(divisionTerm(r).divisionId),
        rentNew: countOf('RENT_NEW'),
        rentUsed: countOf('RENT_USED'),
        orderTypesBreakdown: types.map((orderType) => ({ orderType, count: countOf(orderType) })),
      });
    },
    [`GET ${ADMIN}/getMarketShare`]: (r) =>
      answer(getMarketShare, {
        divisionName: nameOf(divisionTerm(r).divisionId),
        marketSharePercentage: 34.5,
        requiredCount: 3577,
        boughtCount: 1234,
      }),
    [`GET ${ADMIN}/getCostDesignationShares`]: (r) =>
      answer(getCostDesignationShares, {
        divisionName: nameOf(divisionTerm(r).divisionId),
        sectionCount: 40,
        ztcCount: 5,
        ltcCount: 8,
        ztcPercentage: 12.5,
        ltcPercentage: 20,
      }),
    [`GET ${ADMIN}/studentPreferences`]: (r) =>
      answer(getStudentPreferences, {
        divisionName: nameOf(divisionTerm(r).divisionId),
        preferences: [
          { preference: 'PICKUP', count: 900 },
          { preference: 'SHIP', count: 250 },
          { preference: 'DIGITAL', count: 300 },
          { preference: 'NONE', count: 50 },
        ],
      }),
    ...overrides,
  };
}

/** The whole app at `path`, signed in as Pat (an adopter unless `actions` says otherwise). */
export function renderDashboard(
  path = '/dashboard',
  options: { actions?: ActionName[]; handlers?: Record<string, Handler> } = {},
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(path, {
    session: sessionResponse({ actions: options.actions ?? ['VIEW_SECTION', 'ADOPT_CMA_TEAM'] }),
    handlers: metricsHandlers(options.handlers),
  });
}

export function callsTo(calls: readonly StubRequest[], method: string, path: string) {
  return calls.filter((c) => c.method === method && c.url.pathname.endsWith(`/${path}`));
}
