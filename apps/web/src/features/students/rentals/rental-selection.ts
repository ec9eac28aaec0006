import type { InTransitGroup, RentalItem } from '@csp/contracts';
import { normaliseScan } from './scan-text.ts';

/**
 * docs/behaviour/flows.md#rental-item-selection. A checked item records when it was checked; unchecking drops
 * it. The return is sent in check order, so the state is a list kept in that order (the
 * timestamps say the same thing, and are kept for ties and for the record).
 */
export interface CheckedRental {
  transItemId: number;
  /** Milliseconds since the epoch when it was checked. */
  checkedAt: number;
  /** The marketplace condition chosen for it; '' until the clerk picks one. */
  condition: string;
}

export interface SelectionState {
  checked: readonly CheckedRental[];
}

export const EMPTY_SELECTION: SelectionState = { checked: [] };

export type RentalListName = 'outstanding' | 'inTransit';

export interface RentalLists {
  outstanding: readonly RentalItem[];
  inTransit: readonly InTransitGroup[];
}

export type SelectionAction =
  | { type: 'check'; item: RentalItem; at: number }
  | { type: 'uncheck'; transItemId: number }
  | { type: 'toggle'; item: RentalItem; at: number }
  | { type: 'condition'; transItemId: number; condition: string }
  | { type: 'conditionForAll'; condition: string }
  /** Keeps only the items still on the lists (after a reload), minus the ones just handled. */
  | { type: 'prune'; present: ReadonlySet<number>; done?: ReadonlySet<number> };

/**
 * An item's starting condition: the one it already carries, if any (a returned-then-reissued
 * copy), else none. A condition is what the clerk sees on the book in hand; a preset 'Good'
 * would be sent unread by a clerk in a hurry, so the screen asks instead.
 */
export function defaultCondition(item: RentalItem): string {
  return item.marketplaceConditionName ?? '';
}

export function isChecked(state: SelectionState, transItemId: number): boolean {
  return state.checked.some((c) => c.transItemId === transItemId);
}

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case 'check':
      if (isChecked(state, action.item.transItemId)) return state;
      return {
        checked: [
          ...state.checked,
          {
            transItemId: action.item.transItemId,
            checkedAt: action.at,
            condition: defaultCondition(action.item),
          },
        ],
      };
    case 'uncheck':
      if (!isChecked(state, action.transItemId)) return state;
      return { checked: state.checked.filter((c) => c.transItemId !== action.transItemId) };
    case 'toggle':
      return isChecked(state, action.item.transItemId)
        ? selectionReducer(state, { type: 'uncheck', transItemId: action.item.transItemId })
        : selectionReducer(state, { type: 'check', item: action.item, at: action.at });
    case 'condition':
      return {
        checked: state.checked.map((c) =>
          c.transItemId === action.transItemId ? { ...c, condition: action.condition } : c,
        ),
      };
    case 'conditionForAll':
      return { checked: state.checked.map((c) => ({ ...c, condition: action.condition })) };
    case 'prune': {
      const kept = state.checked.filter(
        (c) => action.present.has(c.transItemId) && !action.done?.has(c.transItemId),
      );
      return kept.length === state.checked.length ? state : { checked: kept };
    }
  }
}

/** The checked items in the order they were checked (the order the return is sent in). */
export function checkOrder(state: SelectionState): CheckedRental[] {
  return [...state.checked].sort((a, b) => a.checkedAt - b.checkedAt);
}

export function inTransitItems(lists: RentalLists): RentalItem[] {
  return lists.inTransit.flatMap((g) => g.transItems);
}

/** Every item id on either list, to prune a selection after a reload. */
export function presentIds(lists: RentalLists): Set<number> {
  return new Set([...lists.outstanding, ...inTransitItems(lists)].map((i) => i.transItemId));
}

export type ScanResult =
  | { kind: 'match'; item: RentalItem; list: RentalListName }
  /** Everything the code matches is checked already (a second scan of the same book). */
  | { kind: 'alreadyChecked'; item: RentalItem }
  | { kind: 'none' }
  | { kind: 'empty' };

function matches(item: RentalItem, code: string): boolean {
  return normaliseScan(item.serialItemRefNum) === code || normaliseScan(item.isbn) === code;
}

/**
 * docs/behaviour/flows.md: a scan checks the first unchecked item whose ISBN or serial reference matches,
 * outstanding items first, then in transit. Two copies of one ISBN are checked by two scans.
 */
export function findScanMatch(lists: RentalLists, state: SelectionState, text: string): ScanResult {
  const code = normaliseScan(text);
  if (!code) return { kind: 'empty' };
  const candidates: [RentalItem, RentalListName][] = [
    ...lists.outstanding.map((i): [RentalItem, RentalListName] => [i, 'outstanding']),
    ...inTransitItems(lists).map((i): [RentalItem, RentalListName] => [i, 'inTransit']),
  ];
  const all = candidates.filter(([item]) => matches(item, code));
  const unchecked = all.find(([item]) => !isChecked(state, item.transItemId));
  if (unchecked) return { kind: 'match', item: unchecked[0], list: unchecked[1] };
  const first = all[0];
  return first ? { kind: 'alreadyChecked', item: first[0] } : { kind: 'none' };
}

/** docs/behaviour/flows.md: `?return=<serial>` names one item by its serial reference. */
export function findBySerial(lists: RentalLists, serial: string): RentalItem | undefined {
  const code = normaliseScan(serial);
  if (!code) return undefined;
  return [...lists.outstanding, ...inTransitItems(lists)].find(
    (i) => normaliseScan(i.serialItemRefNum) === code,
  );
}

/** The checked items with no condition yet, in check order. */
export function missingConditions(state: SelectionState): number[] {
  return checkOrder(state)
    .filter((c) => c.condition === '')
    .map((c) => c.transItemId);
}

/**
 * The flagged items (those a refused return asked a condition for) still checked and still
 * without one: the refusal's message counts these, and goes once there are none.
 */
export function stillMissing(state: SelectionState, flagged: ReadonlySet<number>): number[] {
  return missingConditions(state).filter((id) => flagged.has(id));
}

/** The condition every checked item has, or '' when they differ (or none has one yet). */
export function commonCondition(state: SelectionState): string {
  const first = state.checked[0]?.condition ?? '';
  return state.checked.every((c) => c.condition === first) ? first : '';
}

/** The checked items of the outstanding list (the ones a shipping label can be printed for). */
export function checkedOutstanding(state: SelectionState, lists: RentalLists): number[] {
  const outstanding = new Set(lists.outstanding.map((i) => i.transItemId));
  return checkOrder(state)
    .map((c) => c.transItemId)
    .filter((id) => outstanding.has(id));
}
