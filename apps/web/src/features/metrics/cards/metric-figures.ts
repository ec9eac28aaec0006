import {
  FULFILLMENT_STATE_LABELS,
  ORDER_ITEM_TYPE_LABELS,
  STUDENT_PREFERENCE_LABELS,
  type AdoptionProgressRow,
  type FulfillmentState,
  type OrderItemType,
  type StudentPreferenceKind,
} from '@csp/contracts';
import { FIGURE_COLORS, type AdoptionState, type FigureKey } from './figure-colors.ts';
import { countOf, formatPercent, shareOf } from './metric-format.ts';

/**
 * One category of a metric as every view of it shows it: the chart's bar or slice, the
 * table's row, and the words a screen reader hears.
 */
export interface FigureRow {
  key: string;
  label: string;
  count: number;
  /** Of the rows' total (or of the metric's own base), 0-100; null with nothing to divide. */
  share: number | null;
  color: string;
}

function rowsOf<K extends FigureKey>(
  entries: readonly { key: K; count: number }[],
  labels: Record<K, string>,
): FigureRow[] {
  const total = entries.reduce((sum, e) => sum + e.count, 0);
  return entries.map(({ key, count }) => ({
    key,
    label: labels[key],
    count,
    share: shareOf(count, total),
    color: FIGURE_COLORS[key],
  }));
}

export const totalOf = (rows: readonly FigureRow[]) => rows.reduce((sum, r) => sum + r.count, 0);

/**
 * Items by state, each a share of the items not cancelled: the base of the fulfilled
 * percentage, so "Fulfilled" here reads the same as the gauge. Cancelled items have no share.
 */
export function fulfilmentRows(
  states: readonly { state: FulfillmentState; count: number }[],
): FigureRow[] {
  const live = states.reduce((sum, s) => sum + (s.state === 'CANCELLED' ? 0 : s.count), 0);
  return states.map(({ state, count }) => ({
    key: state,
    label: FULFILLMENT_STATE_LABELS[state],
    count,
    share: state === 'CANCELLED' ? null : shareOf(count, live),
    color: FIGURE_COLORS[state],
  }));
}

export const orderTypeRows = (types: readonly { orderType: OrderItemType; count: number }[]) =>
  rowsOf(
    types.map((t) => ({ key: t.orderType, count: t.count })),
    ORDER_ITEM_TYPE_LABELS,
  );

export const preferenceRows = (
  preferences: readonly { preference: StudentPreferenceKind; count: number }[],
) =>
  rowsOf(
    preferences.map((p) => ({ key: p.preference, count: p.count })),
    STUDENT_PREFERENCE_LABELS,
  );

/** Sections by where their adoption stands, each as a share of every section of the term. */
export function adoptionRows(progress: AdoptionProgressRow): FigureRow[] {
  const of = (key: AdoptionState, label: string, count: number): FigureRow => ({
    key,
    label,
    count,
    share: shareOf(count, progress.sectionsTotal),
    color: FIGURE_COLORS[key],
  });
  return [
    of('ADOPTED', 'Adopted', progress.sectionsAdopted),
    of('NO_TEXT', 'No text required', progress.sectionsNoTextRequired),
    of('OUTSTANDING', 'Outstanding', progress.sectionsOutstanding),
  ];
}

/**
 * The rows as one sentence, for screen readers: "Fulfilled: 1,234 items (72.4%); Pending: …".
 * The chart itself is hidden from them, so this must carry every figure it draws.
 */
export function figuresSentence(rows: readonly FigureRow[], one: string, many: string): string {
  return rows
    .map((r) => {
      const share = r.share === null ? '' : ` (${formatPercent(r.share)})`;
      return `${r.label}: ${countOf(r.count, one, many)}${share}`;
    })
    .join('; ');
}
