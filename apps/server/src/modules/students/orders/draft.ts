import {
  FULFILLMENT_TYPE_LABELS,
  type FulfillmentType,
  type OrderableItem,
  type ShippingAddress,
  type orderDraft,
} from '@csp/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { priceCents, taxCents } from '../../../lib/pricing.ts';
import { ORDER_MESSAGES as M } from './messages.ts';
import { findShippingMethod, sectionDates, storeTaxRate, titleListPrices } from './repository.ts';
import { orderableItemsOf } from '../detail/orderable-items.ts';
import { studentSectionMaterials } from '../detail/required-materials.ts';
import type { StudentRow } from '../access/student-repository.ts';

export type OrderDraftInput = z.output<typeof orderDraft>;

export interface PricedLine {
  sectionId: number;
  titleId: number;
  isbn: string;
  title: string;
  fulfillmentType: FulfillmentType;
  priceCents: number;
  listPriceCents: number;
  /** The term of the line's section (funding limited to terms pays by it). */
  termId: number | null;
  /** Adopted as required for the section (funding for required materials pays only these). */
  required: boolean;
}

/** A draft checked against the student's orderable items and priced at the store's prices. */
export interface PricedOrder {
  lines: PricedLine[];
  divisionId: number;
  /** The term of the section that starts first, and that start as the order's due date. */
  termId: number | null;
  dueAt: Date | null;
  subtotalCents: number;
  taxRateBasisPoints: number;
  taxCents: number;
  shippingMethod: string;
  shippingCents: number;
  totalCents: number;
  /** The address it ships to; null for pick-up. */
  shipTo: ShippingAddress | null;
}

/** The student's address when every part of it is there. */
export function completeAddress(student: StudentRow): ShippingAddress | null {
  const address = {
    streetOne: student.streetOne.trim(),
    city: student.city.trim(),
    state: student.state.trim(),
    postalCode: student.postalCode.trim(),
  };
  return Object.values(address).every((part) => part !== '') ? address : null;
}

/** 400 naming `items.<i>` with why the item cannot be ordered. */
async function refuseItem(
  db: Db,
  student: StudentRow,
  today: string,
  sections: ReadonlySet<number> | undefined,
  index: number,
  item: OrderDraftInput['items'][number],
  orderable: OrderableItem | undefined,
): Promise<never> {
  const field = `items.${index}`;
  if (orderable) {
    const why =
      item.fulfillmentType === 'DIGITAL'
        ? M.digitalUnavailable
        : M.notOffered(FULFILLMENT_TYPE_LABELS[item.fulfillmentType]);
    throw AppError.badRequest(why, field);
  }
  // Not orderable: a material of the section the student already has, or not one of theirs.
  const materials = await studentSectionMaterials(
    db,
    student.locationId,
    student.id,
    today,
    sections,
  );
  const owned = materials.some(
    (m) => m.sectionId === item.sectionId && m.titleId === item.titleId && m.ownedOrderId !== null,
  );
  throw AppError.badRequest(owned ? M.alreadyHas : M.notRequired, field);
}

/**
 * Checks a draft with the rules of an order (every item one of the student's orderable items,
 * of `sections` when given: those within a scoped caller's scope; had a way it is offered; one
 * division; a shipping method of the store, with an address when it ships) and prices it: the
 * store's prices from the titles' list prices, tax on the goods, shipping. Reads only;
 * createOrder calls it again under the student's lock.
 */
export async function priceOrderDraft(
  db: Db,
  student: StudentRow,
  draft: OrderDraftInput,
  today: string,
  sections: ReadonlySet<number> | undefined,
): Promise<PricedOrder> {
  const locationId = student.locationId;
  const orderable = await orderableItemsOf(db, locationId, student.id, today, sections);
  const byKey = new Map(orderable.map((o) => [`${o.sectionId}:${o.titleId}`, o]));
  const chosen: OrderableItem[] = [];
  const titleIds = new Set<number>();
  for (const [index, item] of draft.items.entries()) {
    const match = byKey.get(`${item.sectionId}:${item.titleId}`);
    if (!match || !match.options.some((o) => o.fulfillmentType === item.fulfillmentType)) {
      await refuseItem(db, student, today, sections, index, item, match);
    }
    // A title adopted for two of the student's sections is needed once.
    if (titleIds.has(item.titleId)) throw AppError.badRequest(M.titleTwice, `items.${index}`);
    titleIds.add(item.titleId);
    chosen.push(match as OrderableItem);
  }
  const divisionIds = new Set(chosen.map((c) => c.divisionId));
  if (divisionIds.size > 1) throw AppError.badRequest(M.oneDivision, 'items');

  const method = await findShippingMethod(db, locationId, draft.shippingMethod);
  if (!method) throw AppError.badRequest(M.unknownShippingMethod, 'shippingMethod');
  const address = completeAddress(student);
  if (method.shipsToAddress && !address) throw AppError.badRequest(M.noAddress, 'shippingMethod');

  const listPrices = await titleListPrices(
    db,
    locationId,
    chosen.map((c) => c.titleId),
  );
  const dates = await sectionDates(
    db,
    locationId,
    draft.items.map((i) => i.sectionId),
  );
  const termOf = new Map(dates.map((d) => [d.id, d.termId]));
  const lines = draft.items.map((item, index): PricedLine => {
    const match = chosen[index] as OrderableItem;
    const listPriceCents = listPrices.get(item.titleId) ?? 0;
    return {
      sectionId: item.sectionId,
      titleId: item.titleId,
      isbn: match.isbn,
      title: match.title,
      fulfillmentType: item.fulfillmentType,
      priceCents: priceCents(listPriceCents, item.fulfillmentType),
      listPriceCents,
      termId: termOf.get(item.sectionId) ?? null,
      required: match.required,
    };
  });
  const first = [...dates].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id)[0];
  const subtotalCents = lines.reduce((total, l) => total + l.priceCents, 0);
  const taxRateBasisPoints = await storeTaxRate(db, locationId);
  const tax = taxCents(subtotalCents, taxRateBasisPoints);
  return {
    lines,
    divisionId: chosen[0]?.divisionId ?? 0,
    termId: first?.termId ?? null,
    dueAt: first ? new Date(`${first.startDate}T00:00:00.000Z`) : null,
    subtotalCents,
    taxRateBasisPoints,
    taxCents: tax,
    shippingMethod: method.code,
    shippingCents: method.priceCents,
    totalCents: subtotalCents + tax + method.priceCents,
    shipTo: method.shipsToAddress ? address : null,
  };
}
