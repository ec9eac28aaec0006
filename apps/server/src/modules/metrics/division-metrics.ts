import {
  FULFILLMENT_STATES,
  ORDER_ITEM_TYPES,
  shortTermName,
  STUDENT_PREFERENCE_KINDS,
  type FulfillmentState,
  type MetricsDivision,
  type MetricsTerm,
  type OrderItemType,
} from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import type { MetricsScope, ReachedDivision } from './metrics-access.ts';
import {
  designationCounts,
  divisionTerms,
  itemFigures,
  marketShareFigures,
  onTimeFigures,
  preferenceCounts,
  reportedDivisions,
  storeHasDivisions,
  type DivisionTermRow,
} from './metrics-repository.ts';

/**
 * `part` of `whole` as a percentage with one decimal; null when there is nothing to divide by.
 * Capped at 100: market share's bought items may outnumber the seats (a title bought twice, or
 * by a student not enrolled), and a share is never more than the whole.
 */
export function percentage(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((part * 1000) / whole) / 10));
}

/** The term in progress on `today`, else the next to start, else the latest; null with none. */
export function defaultTermId(terms: readonly MetricsTerm[], today: string): number | null {
  const current = terms.filter((t) => t.startDate <= today && today <= t.endDate);
  if (current.length > 0) return current[0]!.termId;
  const upcoming = terms.filter((t) => t.startDate > today);
  if (upcoming.length > 0) return upcoming[upcoming.length - 1]!.termId;
  return terms[0]?.termId ?? null;
}

const toTerm = (row: DivisionTermRow): MetricsTerm => ({
  termId: row.termId,
  termName: shortTermName(row.termName),
  startDate: row.startDate,
  endDate: row.endDate,
});

/** The dashboard's tabs: the divisions the caller reports on, by name, with their terms. */
export async function metricsDivisions(
  db: Db,
  scope: MetricsScope,
  today: string,
): Promise<{ divisions: MetricsDivision[]; storeHasDivisions: boolean }> {
  const divisions = await reportedDivisions(db, scope);
  // Nothing to report on: the panel says why (a new store has no divisions at all yet).
  if (divisions.length === 0) {
    return { divisions: [], storeHasDivisions: await storeHasDivisions(db, scope.locationId) };
  }
  const terms = await divisionTerms(
    db,
    scope.locationId,
    divisions.map((d) => d.divisionId),
  );
  const reported = divisions.map((d) => {
    // Newest first, as read.
    const own = terms.filter((t) => t.divisionId === d.divisionId).map(toTerm);
    return {
      divisionId: d.divisionId,
      divisionName: d.divisionName,
      terms: own,
      defaultTermId: defaultTermId(own, today),
      canViewOnTime: d.canViewOnTime,
    };
  });
  return { divisions: reported, storeHasDivisions: true };
}

export async function fulfillmentOf(db: Db, division: ReachedDivision, termId: number) {
  const f = await itemFigures(db, division.divisionId, termId, ['itemCount', 'fulfilledCount']);
  return {
    divisionName: division.divisionName,
    fulfilledPercentage: percentage(f.fulfilledCount, f.itemCount),
    itemCount: f.itemCount,
    fulfilledCount: f.fulfilledCount,
  };
}

export async function fulfillmentBreakdownOf(db: Db, division: ReachedDivision, termId: number) {
  const f = await itemFigures(db, division.divisionId, termId, [
    'fulfilledCount',
    'pendingCount',
    'onHoldCount',
    'cancelledCount',
  ]);
  const byState: Record<FulfillmentState, number> = {
    FULFILLED: f.fulfilledCount,
    PENDING: f.pendingCount,
    ON_HOLD: f.onHoldCount,
    CANCELLED: f.cancelledCount,
  };
  return {
    divisionName: division.divisionName,
    states: FULFILLMENT_STATES.map((state) => ({ state, count: byState[state] })),
  };
}

export async function onTimeOf(db: Db, division: ReachedDivision, termId: number, today: string) {
  const f = await onTimeFigures(db, division.divisionId, termId, today);
  return {
    divisionName: division.divisionName,
    onTimePercentage: percentage(f.onTimeCount, f.dueCount),
    dueCount: f.dueCount,
    onTimeCount: f.onTimeCount,
  };
}

export async function orderTypesOf(db: Db, division: ReachedDivision, termId: number) {
  const f = await itemFigures(db, division.divisionId, termId, [
    'rentNewCount',
    'rentUsedCount',
    'buyNewCount',
    'buyUsedCount',
    'digitalCount',
  ]);
  const byType: Record<OrderItemType, number> = {
    RENT_NEW: f.rentNewCount,
    RENT_USED: f.rentUsedCount,
    BUY_NEW: f.buyNewCount,
    BUY_USED: f.buyUsedCount,
    DIGITAL: f.digitalCount,
  };
  return {
    divisionName: division.divisionName,
    rentNew: f.rentNewCount,
    rentUsed: f.rentUsedCount,
    orderTypesBreakdown: ORDER_ITEM_TYPES.map((orderType) => ({
      orderType,
      count: byType[orderType],
    })),
  };
}

export async function marketShareOf(db: Db, division: ReachedDivision, termId: number) {
  const f = await marketShareFigures(db, division.divisionId, termId);
  return {
    divisionName: division.divisionName,
    marketSharePercentage: percentage(f.boughtCount, f.requiredCount),
    requiredCount: f.requiredCount,
    boughtCount: f.boughtCount,
  };
}

export async function studentPreferencesOf(db: Db, division: ReachedDivision) {
  const counts = new Map(
    (await preferenceCounts(db, division.divisionId)).map((r) => [r.kind, r.count]),
  );
  return {
    divisionName: division.divisionName,
    preferences: STUDENT_PREFERENCE_KINDS.map((preference) => ({
      preference,
      count: counts.get(preference) ?? 0,
    })),
  };
}

/** The term's zero and low textbook cost shares (issue 31, point 5), with their counts. */
export async function designationSharesOf(db: Db, division: ReachedDivision, termId: number) {
  const c = await designationCounts(db, termId);
  return {
    divisionName: division.divisionName,
    ...c,
    ztcPercentage: percentage(c.ztcCount, c.sectionCount),
    ltcPercentage: percentage(c.ltcCount, c.sectionCount),
  };
}
