import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { OrderableItem } from '@csp/contracts';
import { newClientKey } from '../../../lib/client-key.ts';
import {
  EMPTY_SELECTION,
  SELECTION_MESSAGES,
  buildOrderDraft,
  chooseFulfillment,
  fulfillmentOf,
  itemOfField,
  sameTitleChosen,
  selectionProblem,
  selectionSubtotal,
  toggleItem,
} from './create-order-draft.ts';

function item(overrides: Partial<OrderableItem> & Pick<OrderableItem, 'sectionId' | 'titleId'>) {
  return {
    courseCode: '101',
    sectionCode: 'A1',
    termName: 'Fall 2026',
    divisionId: 1,
    divisionName: 'Main Campus',
    isbn: '9780000000001',
    title: `Title ${overrides.titleId}`,
    author: 'An Author',
    edition: '1st',
    required: true,
    options: [
      { fulfillmentType: 'RENT_USED', priceCents: 1000 },
      { fulfillmentType: 'RENT_NEW', priceCents: 1500 },
      { fulfillmentType: 'BUY_NEW', priceCents: 3000 },
    ],
    ...overrides,
  } satisfies OrderableItem;
}

const LOGIC = item({ sectionId: 11, titleId: 100 });
const ART = item({ sectionId: 12, titleId: 200 });
const LOGIC_AGAIN = item({ sectionId: 13, titleId: 100 });
const EVENING = item({ sectionId: 14, titleId: 300, divisionId: 2, divisionName: 'Evening' });
const ITEMS = [LOGIC, ART, LOGIC_AGAIN, EVENING];

describe('building the draft from the selections', () => {
  it('sends the checked items with their fulfilment and the shipping method', () => {
    let selection = toggleItem(EMPTY_SELECTION, LOGIC, true);
    selection = chooseFulfillment(selection, ART, 'BUY_NEW');
    expect(buildOrderDraft(7, ITEMS, selection, 'PICKUP')).toEqual({
      customerId: 7,
      items: [
        { sectionId: 11, titleId: 100, fulfillmentType: 'RENT_USED' },
        { sectionId: 12, titleId: 200, fulfillmentType: 'BUY_NEW' },
      ],
      shippingMethod: 'PICKUP',
    });
    expect(selectionSubtotal(ITEMS, selection)).toBe(1000 + 3000);
  });

  it('leaves out an item unchecked again, and keeps its choice for when it comes back', () => {
    let selection = chooseFulfillment(EMPTY_SELECTION, LOGIC, 'RENT_NEW');
    selection = toggleItem(selection, ART, true);
    selection = toggleItem(selection, LOGIC, false);
    expect(buildOrderDraft(7, ITEMS, selection, 'PICKUP')?.items).toEqual([
      { sectionId: 12, titleId: 200, fulfillmentType: 'RENT_USED' },
    ]);
    selection = toggleItem(selection, LOGIC, true);
    expect(fulfillmentOf(LOGIC, selection)).toBe('RENT_NEW');
  });

  it("defaults to the student's preference for the division when the title offers it", () => {
    expect(fulfillmentOf(LOGIC, EMPTY_SELECTION, { 'Main Campus': 'RENT_NEW' })).toBe('RENT_NEW');
    // Not offered (no digital edition) or no choice at all: the cheapest way.
    expect(fulfillmentOf(LOGIC, EMPTY_SELECTION, { 'Main Campus': 'DIGITAL' })).toBe('RENT_USED');
    expect(fulfillmentOf(LOGIC, EMPTY_SELECTION, { 'Main Campus': 'OPT_OUT' })).toBe('RENT_USED');
    expect(fulfillmentOf(EVENING, EMPTY_SELECTION, { 'Main Campus': 'RENT_NEW' })).toBe(
      'RENT_USED',
    );
  });

  it('is not complete without an item or a shipping method', () => {
    expect(selectionProblem(ITEMS, EMPTY_SELECTION)).toBe(SELECTION_MESSAGES.chooseItem);
    expect(buildOrderDraft(7, ITEMS, EMPTY_SELECTION, 'PICKUP')).toBeNull();
    expect(buildOrderDraft(7, ITEMS, toggleItem(EMPTY_SELECTION, LOGIC, true), null)).toBeNull();
  });

  it('refuses two divisions in one order, as the server would', () => {
    const selection = toggleItem(toggleItem(EMPTY_SELECTION, LOGIC, true), EVENING, true);
    expect(selectionProblem(ITEMS, selection)).toBe(SELECTION_MESSAGES.oneDivision);
    expect(buildOrderDraft(7, ITEMS, selection, 'PICKUP')).toBeNull();
  });

  it('orders a title adopted for two sections once', () => {
    const selection = toggleItem(EMPTY_SELECTION, LOGIC, true);
    expect(sameTitleChosen(ITEMS, selection, LOGIC_AGAIN)).toBe(LOGIC);
    expect(sameTitleChosen(ITEMS, selection, LOGIC)).toBeNull();
    expect(selectionProblem(ITEMS, toggleItem(selection, LOGIC_AGAIN, true))).toBe(
      SELECTION_MESSAGES.titleTwice,
    );
  });

  it("finds the item a server error's field names", () => {
    const selection = toggleItem(toggleItem(EMPTY_SELECTION, LOGIC, true), ART, true);
    const draft = buildOrderDraft(7, ITEMS, selection, 'PICKUP');
    expect(itemOfField(draft, ITEMS, 'items.1')).toBe(ART);
    expect(itemOfField(draft, ITEMS, 'items.1.fulfillmentType')).toBe(ART);
    expect(itemOfField(draft, ITEMS, 'shippingMethod')).toBeNull();
    expect(itemOfField(draft, ITEMS, 'items.9')).toBeNull();
  });
});

describe('newClientKey', () => {
  it('makes a different UUID each time', () => {
    const keys = new Set([newClientKey(), newClientKey(), newClientKey()]);
    expect(keys.size).toBe(3);
    for (const key of keys) expect(z.uuid().safeParse(key).success).toBe(true);
  });

  it('makes a version-4 UUID where randomUUID is missing (plain http)', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const key = newClientKey();
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
  });
});
