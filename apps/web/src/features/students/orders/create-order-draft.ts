import {
  FULFILLMENT_TYPES,
  type FulfillmentType,
  type OrderDraft,
  type OrderableItem,
} from '@csp/contracts';

/** An orderable item is a title for one section: the server's own key for it. */
export function itemKey(item: Pick<OrderableItem, 'sectionId' | 'titleId'>): string {
  return `${item.sectionId}:${item.titleId}`;
}

/** What the clerk has picked: the checked items, and the fulfilment they chose per item. */
export interface OrderSelection {
  checked: readonly string[];
  fulfillment: Readonly<Record<string, FulfillmentType>>;
}

export const EMPTY_SELECTION: OrderSelection = { checked: [], fulfillment: {} };

/** The student's fulfilment preference per division name (from the student's details). */
export type DivisionPreferences = Readonly<Record<string, string>>;

export const SELECTION_MESSAGES = {
  chooseItem: 'Choose at least one item.',
  // The server's wording (order-messages.ts), said before the clerk gets that far.
  oneDivision: 'An order holds the materials of one division: place one order per division.',
  titleTwice: 'This title is already in the order (for another section): one copy is enough.',
  chooseShipping: 'Choose a shipping method.',
} as const;

function isFulfillmentType(value: string): value is FulfillmentType {
  return (FULFILLMENT_TYPES as readonly string[]).includes(value);
}

/**
 * The fulfilment an item is ordered with: the clerk's choice, else the student's preference for
 * its division when the title offers it, else the cheapest way (the server lists it first).
 */
export function fulfillmentOf(
  item: OrderableItem,
  selection: OrderSelection,
  preferences: DivisionPreferences = {},
): FulfillmentType | null {
  const offered = (type: string | undefined) =>
    type !== undefined &&
    isFulfillmentType(type) &&
    item.options.some((o) => o.fulfillmentType === type)
      ? type
      : null;
  return (
    offered(selection.fulfillment[itemKey(item)]) ??
    offered(preferences[item.divisionName]) ??
    item.options[0]?.fulfillmentType ??
    null
  );
}

export function priceOf(item: OrderableItem, type: FulfillmentType | null): number | null {
  return item.options.find((o) => o.fulfillmentType === type)?.priceCents ?? null;
}

/** The checked items, in the order the server listed them. */
export function chosenItems(items: readonly OrderableItem[], selection: OrderSelection) {
  const checked = new Set(selection.checked);
  return items.filter((item) => checked.has(itemKey(item)));
}

/**
 * The checked item that already orders the same title for another section: one copy is
 * enough, so the other section's entry is not offered while it is checked.
 */
export function sameTitleChosen(
  items: readonly OrderableItem[],
  selection: OrderSelection,
  item: OrderableItem,
): OrderableItem | null {
  return (
    chosenItems(items, selection).find(
      (other) => other.titleId === item.titleId && other.sectionId !== item.sectionId,
    ) ?? null
  );
}

export function toggleItem(
  selection: OrderSelection,
  item: OrderableItem,
  checked: boolean,
): OrderSelection {
  const key = itemKey(item);
  const others = selection.checked.filter((k) => k !== key);
  return { ...selection, checked: checked ? [...others, key] : others };
}

/** Choosing how to have an item means wanting it: the item is checked too. */
export function chooseFulfillment(
  selection: OrderSelection,
  item: OrderableItem,
  type: FulfillmentType,
): OrderSelection {
  const key = itemKey(item);
  return {
    checked: selection.checked.includes(key) ? selection.checked : [...selection.checked, key],
    fulfillment: { ...selection.fulfillment, [key]: type },
  };
}

/** Why the picked items cannot make an order yet, or null when they can. */
export function selectionProblem(
  items: readonly OrderableItem[],
  selection: OrderSelection,
): string | null {
  const chosen = chosenItems(items, selection);
  if (chosen.length === 0) return SELECTION_MESSAGES.chooseItem;
  if (new Set(chosen.map((c) => c.divisionId)).size > 1) return SELECTION_MESSAGES.oneDivision;
  if (new Set(chosen.map((c) => c.titleId)).size < chosen.length) {
    return SELECTION_MESSAGES.titleTwice;
  }
  return null;
}

/** The sum of the chosen items at the prices shown; the preview has the server's figures. */
export function selectionSubtotal(
  items: readonly OrderableItem[],
  selection: OrderSelection,
  preferences: DivisionPreferences = {},
): number {
  return chosenItems(items, selection).reduce(
    (sum, item) => sum + (priceOf(item, fulfillmentOf(item, selection, preferences)) ?? 0),
    0,
  );
}

/** The draft the preview and the order are asked for; null while it is not complete. */
export function buildOrderDraft(
  customerId: number,
  items: readonly OrderableItem[],
  selection: OrderSelection,
  shippingMethod: string | null,
  preferences: DivisionPreferences = {},
): OrderDraft | null {
  if (selectionProblem(items, selection) || !shippingMethod) return null;
  const lines = chosenItems(items, selection).flatMap((item) => {
    const fulfillmentType = fulfillmentOf(item, selection, preferences);
    return fulfillmentType
      ? [{ sectionId: item.sectionId, titleId: item.titleId, fulfillmentType }]
      : [];
  });
  return { customerId, items: lines, shippingMethod };
}

/**
 * Which picked item a server error's field names ('items.2' is the draft's third line), so
 * the message can say which title it is about.
 */
export function itemOfField(
  draft: OrderDraft | null,
  items: readonly OrderableItem[],
  field: string | undefined,
): OrderableItem | null {
  const index = /^items\.(\d+)/.exec(field ?? '')?.[1];
  if (index === undefined || !draft) return null;
  const line = draft.items[Number(index)];
  return line ? (items.find((i) => itemKey(i) === itemKey(line)) ?? null) : null;
}
