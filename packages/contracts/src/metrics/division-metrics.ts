import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbId, dbIdParam } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import type { ActionAccess } from '../common/access.ts';
import type { ActionName } from '../common/roles.ts';
import { termFields } from '../common/term-fields.ts';
import { FULFILLMENT_STATES, ORDER_ITEM_TYPES, STUDENT_PREFERENCE_KINDS } from './metric-labels.ts';

/**
 * Divisional metrics (docs/behaviour/README.md#the-product-in-brief, docs/behaviour/entities.md#division-metrics, docs/behaviour/calls.md#metrics). Every figure is
 * per division and term, read from summary rows the database keeps in the same transactions
 * that change orders, enrollments and adoptions (ADR 0017), never from the order items.
 *
 * Who may see them: a full reporter (docs/behaviour/roles.md: any of VIEW_STUDENT_ADDRESS, VIEW_STUDENT_SAVINGS,
 * VIEW_ONTIME_PERCENTAGE, VIEW_SECTION, VIEW_TRANSACTIONS) whose grant covers the whole division
 * (store-wide or scoped to that division). The on-time figure also needs VIEW_ONTIME_PERCENTAGE
 * for the division. A division of another store, or outside the caller's reach, is a 404 naming
 * `divisionId`; a term not of that division is a 404 naming `termId`.
 */
/** docs/behaviour/roles.md#derived-capabilities "Full reporter": any of these actions (over the whole division, for its figures). */
export const FULL_REPORTER_ACTIONS: readonly ActionName[] = [
  'VIEW_STUDENT_ADDRESS',
  'VIEW_STUDENT_SAVINGS',
  'VIEW_ONTIME_PERCENTAGE',
  'VIEW_SECTION',
  'VIEW_TRANSACTIONS',
];

export const metricsAccountParams = z.object({ userAccountId: dbIdParam });

/** Which division and term a metric is for. */
export const divisionTermInput = z.object({ divisionId: dbIdParam, termId: dbIdParam });
/** The same in a JSON body, where an id must be a number (`true` or `[1]` is no division). */
export const divisionTermBody = z.object({ divisionId: dbId, termId: dbId });
export type DivisionTermInput = z.infer<typeof divisionTermInput>;

/** A percentage 0-100 with one decimal, or null when there is nothing to divide by. */
const percentage = z.number().min(0).max(100).nullable();

export const metricsTerm = z.object(termFields);
export type MetricsTerm = z.infer<typeof metricsTerm>;

export const metricsDivision = z.object({
  divisionId: z.number().int(),
  divisionName: z.string(),
  /** Newest first. */
  terms: z.array(metricsTerm),
  /** The term in progress today, else the next to start, else the latest; null with no terms. */
  defaultTermId: z.number().int().nullable(),
  /** Whether the caller holds VIEW_ONTIME_PERCENTAGE for this division. */
  canViewOnTime: z.boolean(),
});
export type MetricsDivision = z.infer<typeof metricsDivision>;

export const getMetricsDivisions = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/metricsDivisions`,
  summary:
    'The divisions the caller reports on (one dashboard tab each), sorted by name, with their terms',
  auth: true,
  access: { kind: 'signedIn' },
  params: metricsAccountParams,
  response: z.object({
    divisions: z.array(metricsDivision),
    /** The store has any division at all: false for a new store whose courses are not in yet. */
    storeHasDivisions: z.boolean(),
  }),
});

/** A division's figures are for its full reporters; a division out of their reach is a 404. */
const FULL_REPORTER_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: FULL_REPORTER_ACTIONS,
  refusal: 404,
  scope: 'division',
};

/** What every division figure endpoint shares: its path under the caller's account, and who may ask. */
function divisionFigureEndpoint(route: string, summary: string) {
  return {
    path: `${ADMIN_BASE}/:userAccountId/${route}`,
    summary,
    auth: true,
    access: FULL_REPORTER_ACCESS,
    params: metricsAccountParams,
  };
}

/** Every figure is answered beside the division's name (the dashboard tab it belongs to). */
function divisionFigures<F extends z.ZodRawShape>(figures: F) {
  return z.object({ divisionName: z.string(), ...figures });
}

/** A breakdown: every category of `categories`, in its order and zero included, with its count. */
function countsBy<const K extends string, const C extends readonly [string, ...string[]]>(
  key: K,
  categories: C,
) {
  return z.array(
    z.object({ [key]: z.enum(categories), count: z.number().int() } as {
      [P in K]: z.ZodEnum<{ [V in C[number]]: V }>;
    } & { count: z.ZodNumber }),
  );
}

/** docs/behaviour/calls.md#metrics POST divisionFulfillment: the share of order items fulfilled. */
export const divisionFulfillment = endpoint({
  method: 'POST',
  ...divisionFigureEndpoint(
    'divisionFulfillment',
    "A division's fulfilled share of the term's order items (cancelled items left out)",
  ),
  body: divisionTermBody,
  response: divisionFigures({
    fulfilledPercentage: percentage,
    /** Items not cancelled. */
    itemCount: z.number().int(),
    fulfilledCount: z.number().int(),
  }),
});

/** docs/behaviour/calls.md#metrics GET getFulfillmentBreakdown: order items by state, every state listed. */
export const getFulfillmentBreakdown = endpoint({
  method: 'GET',
  ...divisionFigureEndpoint(
    'getFulfillmentBreakdown',
    "A division's order items of a term by state: fulfilled, pending, on hold (pending in an order on hold), cancelled",
  ),
  query: divisionTermInput,
  response: divisionFigures({ states: countsBy('state', FULFILLMENT_STATES) }),
});

/** docs/behaviour/calls.md#metrics POST onTimeOrderFulfillment (VIEW_ONTIME_PERCENTAGE). */
export const onTimeOrderFulfillment = endpoint({
  method: 'POST',
  ...divisionFigureEndpoint(
    'onTimeOrderFulfillment',
    "The share of a division's order items for a term's sections fulfilled by the section's start date (403 without VIEW_ONTIME_PERCENTAGE)",
  ),
  access: { ...FULL_REPORTER_ACCESS, then: { anyOf: ['VIEW_ONTIME_PERCENTAGE'], refusal: 403 } },
  body: divisionTermBody,
  response: divisionFigures({
    onTimePercentage: percentage,
    /**
     * Items owed so far: not cancelled, for a section that has started; for a section yet to
     * start, only the items already fulfilled (nothing is late before its section begins).
     */
    dueCount: z.number().int(),
    /** Of those, fulfilled on or before the section's start date. */
    onTimeCount: z.number().int(),
  }),
});

/** docs/behaviour/calls.md#metrics GET getOrderTypes: Division metrics rentNew, rentUsed and orderTypesBreakdown. */
export const getOrderTypes = endpoint({
  method: 'GET',
  ...divisionFigureEndpoint(
    'getOrderTypes',
    "A division's order items of a term (not cancelled) by how they were bought",
  ),
  query: divisionTermInput,
  response: divisionFigures({
    rentNew: z.number().int(),
    rentUsed: z.number().int(),
    /** Every type, in ORDER_ITEM_TYPES order. */
    orderTypesBreakdown: countsBy('orderType', ORDER_ITEM_TYPES),
  }),
});

/** Market share (docs/behaviour/README.md#the-product-in-brief): enrolled students' required materials bought or rented here. */
export const getMarketShare = endpoint({
  method: 'GET',
  ...divisionFigureEndpoint(
    'getMarketShare',
    "The share of a term's enrolled students' required materials (a section's enrolments times its required titles) they bought or rented from the store",
  ),
  query: divisionTermInput,
  response: divisionFigures({
    marketSharePercentage: percentage,
    /** Enrolments times required titles, over the term's sections. */
    requiredCount: z.number().int(),
    /** Order items (not cancelled) for a required title of their section. */
    boughtCount: z.number().int(),
  }),
});

/** docs/behaviour/calls.md#metrics GET studentPreferences: Division metrics studentPreferences. */
export const getStudentPreferences = endpoint({
  method: 'GET',
  ...divisionFigureEndpoint(
    'studentPreferences',
    "How a division's students (those with a current preference for it) want their materials, every kind listed",
  ),
  query: z.object({ divisionId: dbIdParam }),
  response: divisionFigures({ preferences: countsBy('preference', STUDENT_PREFERENCE_KINDS) }),
});

/**
 * The term's zero and low textbook cost shares (issue 31, point 5): its sections showing each
 * designation (the store's override, else the kept one) over all its sections.
 */
export const getCostDesignationShares = endpoint({
  method: 'GET',
  ...divisionFigureEndpoint(
    'getCostDesignationShares',
    "How many of a term's sections show zero and low textbook cost, of all its sections",
  ),
  query: divisionTermInput,
  response: divisionFigures({
    sectionCount: z.number().int(),
    ztcCount: z.number().int(),
    ltcCount: z.number().int(),
    ztcPercentage: percentage,
    ltcPercentage: percentage,
  }),
});
