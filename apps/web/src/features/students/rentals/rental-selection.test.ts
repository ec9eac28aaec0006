import { describe, expect, it } from 'vitest';
import type { RentalItem } from '@csp/contracts';
import {
  EMPTY_SELECTION,
  checkOrder,
  checkedOutstanding,
  commonCondition,
  findBySerial,
  findScanMatch,
  missingConditions,
  presentIds,
  selectionReducer,
  stillMissing,
  type RentalLists,
  type SelectionAction,
  type SelectionState,
} from './rental-selection.ts';

function rental(transItemId: number, overrides: Partial<RentalItem> = {}): RentalItem {
  return {
    transItemId,
    isbn: `978000000${String(transItemId).padStart(4, '0')}`,
    title: `Title ${transItemId}`,
    author: 'A. Author',
    serialItemRefNum: `DU${100000000 + transItemId}`,
    dueDate: '2026-12-01',
    trackingNumber: null,
    serialItemLabel: 'RTN-00000001',
    marketplaceConditionName: null,
    reportUrl: null,
    ...overrides,
  };
}

const SHARED_ISBN = '9780131103627';
const lists: RentalLists = {
  outstanding: [
    rental(1),
    rental(2, { isbn: SHARED_ISBN }),
    rental(3, { serialItemRefNum: 'R-77' }),
  ],
  inTransit: [
    {
      transId: 90,
      transItems: [
        rental(4, { isbn: SHARED_ISBN, trackingNumber: '1Z99' }),
        rental(5, { trackingNumber: '1Z99' }),
      ],
    },
  ],
};

const run = (...actions: SelectionAction[]) =>
  actions.reduce<SelectionState>(selectionReducer, EMPTY_SELECTION);

describe('rental selection (docs/behaviour/flows.md)', () => {
  it('checks with a time stamp, unchecks by dropping it, and keeps the check order', () => {
    const state = run(
      { type: 'check', item: rental(3), at: 300 },
      { type: 'check', item: rental(1), at: 100 },
      { type: 'toggle', item: rental(5), at: 500 },
      { type: 'toggle', item: rental(1), at: 600 },
      { type: 'check', item: rental(1), at: 700 },
    );
    expect(checkOrder(state).map((c) => [c.transItemId, c.checkedAt])).toEqual([
      [3, 300],
      [5, 500],
      [1, 700],
    ]);
  });

  it('checking a checked item keeps its first time stamp', () => {
    const state = run(
      { type: 'check', item: rental(1), at: 100 },
      { type: 'check', item: rental(1), at: 900 },
    );
    expect(state.checked).toEqual([{ transItemId: 1, checkedAt: 100, condition: '' }]);
  });

  it("starts from the item's own condition, else asks for one", () => {
    const state = run(
      { type: 'check', item: rental(1), at: 1 },
      { type: 'check', item: rental(2, { marketplaceConditionName: 'Good' }), at: 2 },
    );
    expect(state.checked.map((c) => c.condition)).toEqual(['', 'Good']);
    expect(missingConditions(state)).toEqual([1]);
    const chosen = selectionReducer(state, { type: 'condition', transItemId: 1, condition: 'New' });
    expect(missingConditions(chosen)).toEqual([]);
    const all = selectionReducer(chosen, { type: 'conditionForAll', condition: 'Damaged' });
    expect(all.checked.map((c) => c.condition)).toEqual(['Damaged', 'Damaged']);
  });

  it('after a reload keeps only items still listed, minus the ones just handled', () => {
    const state = run(
      { type: 'check', item: rental(1), at: 1 },
      { type: 'check', item: rental(2), at: 2 },
      { type: 'check', item: rental(9), at: 3 },
    );
    const pruned = selectionReducer(state, {
      type: 'prune',
      present: presentIds(lists),
      done: new Set([2]),
    });
    expect(pruned.checked.map((c) => c.transItemId)).toEqual([1]);
  });

  it('lists the checked outstanding items only, in check order, for a shipping label', () => {
    const state = run(
      { type: 'check', item: rental(4), at: 1 },
      { type: 'check', item: rental(3), at: 2 },
      { type: 'check', item: rental(1), at: 3 },
    );
    expect(checkedOutstanding(state, lists)).toEqual([3, 1]);
  });
});

describe('scan (docs/behaviour/flows.md)', () => {
  it('matches a serial without regard to case, spaces or hyphens, and an ISBN with hyphens', () => {
    expect(findScanMatch(lists, EMPTY_SELECTION, ' du100000001 ')).toMatchObject({
      kind: 'match',
      item: { transItemId: 1 },
      list: 'outstanding',
    });
    expect(findScanMatch(lists, EMPTY_SELECTION, 'R77')).toMatchObject({
      item: { transItemId: 3 },
    });
    expect(findScanMatch(lists, EMPTY_SELECTION, '978-0-13-110362-7')).toMatchObject({
      item: { transItemId: 2 },
    });
  });

  it('looks in the outstanding list first, then in transit, skipping checked items', () => {
    const first = findScanMatch(lists, EMPTY_SELECTION, SHARED_ISBN);
    expect(first).toMatchObject({ kind: 'match', item: { transItemId: 2 }, list: 'outstanding' });
    const afterFirst = run({ type: 'check', item: rental(2), at: 1 });
    expect(findScanMatch(lists, afterFirst, SHARED_ISBN)).toMatchObject({
      kind: 'match',
      item: { transItemId: 4 },
      list: 'inTransit',
    });
    const both = selectionReducer(afterFirst, { type: 'check', item: rental(4), at: 2 });
    expect(findScanMatch(lists, both, SHARED_ISBN)).toMatchObject({
      kind: 'alreadyChecked',
      item: { transItemId: 2 },
    });
  });

  it('says when nothing matches, and ignores an empty scan', () => {
    expect(findScanMatch(lists, EMPTY_SELECTION, '12345')).toEqual({ kind: 'none' });
    expect(findScanMatch(lists, EMPTY_SELECTION, '   ')).toEqual({ kind: 'empty' });
  });

  it('finds the ?return= item by its serial in either list, never by ISBN', () => {
    expect(findBySerial(lists, 'DU100000005')?.transItemId).toBe(5);
    expect(findBySerial(lists, SHARED_ISBN)).toBeUndefined();
    expect(findBySerial(lists, '')).toBeUndefined();
  });
});

describe('conditions of the checked rentals', () => {
  const checked = (conditions: string[]): SelectionState => ({
    checked: conditions.map((condition, i) => ({ transItemId: i + 1, checkedAt: i, condition })),
  });

  it('names the condition they all share, else none', () => {
    expect(commonCondition(checked(['Good', 'Good']))).toBe('Good');
    expect(commonCondition(checked(['Good', 'New']))).toBe('');
    expect(commonCondition(checked(['Good', '']))).toBe('');
    expect(commonCondition(EMPTY_SELECTION)).toBe('');
  });

  it('counts only the flagged rentals still checked and still without one', () => {
    // 1 has one now, 2 still has none, 3 was never flagged, 9 is no longer checked.
    expect(stillMissing(checked(['Good', '', '']), new Set([1, 2, 9]))).toEqual([2]);
  });
});
