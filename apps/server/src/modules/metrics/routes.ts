import type { FastifyInstance } from 'fastify';
import {
  divisionFulfillment,
  getCostDesignationShares,
  getFulfillmentBreakdown,
  getMarketShare,
  getMetricsDivisions,
  getOrderTypes,
  getStudentPreferences,
  onTimeOrderFulfillment,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { isoDay } from '../../lib/iso-day.ts';
import { route } from '../../lib/route.ts';
import {
  designationSharesOf,
  fulfillmentBreakdownOf,
  fulfillmentOf,
  marketShareOf,
  metricsDivisions,
  onTimeOf,
  orderTypesOf,
  studentPreferencesOf,
} from './division-metrics.ts';
import { metricsScope, reachDivision, requireOnTime } from './metrics-access.ts';

const TAGS = ['metrics'];

/**
 * The dashboard's divisional metrics (docs/behaviour/README.md#the-product-in-brief, docs/behaviour/calls.md#metrics): one tab per division the
 * caller reports on, each figure for one of its terms, read from kept summaries (ADR 0017).
 */
export function registerMetricsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  /** The division (and term) a call asks for, or the 404 of either. */
  const reach = async (
    request: Parameters<typeof metricsScope>[1],
    divisionId: number,
    termId?: number,
  ) => reachDivision(db, await metricsScope(db, request), divisionId, termId);
  const errors = [404];

  route(app, getMetricsDivisions, { tags: TAGS }, async ({ request }) =>
    metricsDivisions(db, await metricsScope(db, request), isoDay(deps.now())),
  );

  route(app, divisionFulfillment, { tags: TAGS, errors }, async ({ body, request }) =>
    fulfillmentOf(db, await reach(request, body.divisionId, body.termId), body.termId),
  );

  route(app, getFulfillmentBreakdown, { tags: TAGS, errors }, async ({ query, request }) =>
    fulfillmentBreakdownOf(db, await reach(request, query.divisionId, query.termId), query.termId),
  );

  route(app, onTimeOrderFulfillment, { tags: TAGS, errors }, async ({ body, request }) => {
    const division = await reach(request, body.divisionId, body.termId);
    requireOnTime(division);
    return onTimeOf(db, division, body.termId, isoDay(deps.now()));
  });

  route(app, getOrderTypes, { tags: TAGS, errors }, async ({ query, request }) =>
    orderTypesOf(db, await reach(request, query.divisionId, query.termId), query.termId),
  );

  route(app, getMarketShare, { tags: TAGS, errors }, async ({ query, request }) =>
    marketShareOf(db, await reach(request, query.divisionId, query.termId), query.termId),
  );

  route(app, getCostDesignationShares, { tags: TAGS, errors }, async ({ query, request }) =>
    designationSharesOf(db, await reach(request, query.divisionId, query.termId), query.termId),
  );

  route(app, getStudentPreferences, { tags: TAGS, errors }, async ({ query, request }) =>
    studentPreferencesOf(db, await reach(request, query.divisionId)),
  );
}
