import {
  FULFILLMENT_TYPES,
  shortTermName,
  type FulfillmentType,
  type OrderableItem,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { priceCents } from '../../../lib/pricing.ts';
import type { RequiredMaterialRow } from './required-materials-repository.ts';
import { studentSectionMaterials } from './required-materials.ts';

const PRINT_TYPES: readonly FulfillmentType[] = ['RENT_NEW', 'RENT_USED', 'BUY_NEW', 'BUY_USED'];

/**
 * The ways a title can be had at the store's prices, cheapest first (ties in the contract's
 * order): the printed book always, digital only when the title has a digital ISBN.
 */
export function priceOptions(
  listPriceCents: number,
  digitalIsbn: string | null,
): OrderableItem['options'] {
  const types = digitalIsbn?.trim() ? [...PRINT_TYPES, 'DIGITAL' as const] : PRINT_TYPES;
  return types
    .map((fulfillmentType) => ({
      fulfillmentType,
      priceCents: priceCents(listPriceCents, fulfillmentType),
    }))
    .sort(
      (a, b) =>
        a.priceCents - b.priceCents ||
        FULFILLMENT_TYPES.indexOf(a.fulfillmentType) - FULFILLMENT_TYPES.indexOf(b.fulfillmentType),
    );
}

function toOrderable(row: RequiredMaterialRow & { titleId: number }): OrderableItem {
  return {
    sectionId: row.sectionId,
    courseCode: row.courseCode,
    sectionCode: row.sectionCode,
    termName: shortTermName(row.termName),
    divisionId: row.divisionId,
    divisionName: row.divisionName,
    titleId: row.titleId,
    isbn: row.isbn ?? '',
    title: row.title ?? '',
    author: row.author ?? '',
    edition: row.edition ?? '',
    required: row.required,
    options: priceOptions(row.listPriceCents ?? 0, row.digitalIsbn),
  };
}

/**
 * What a student can order (customerOrderableItems; createOrder checks drafts against it): the
 * catalog titles adopted for the student's sections that have not ended on `today`
 * (YYYY-MM-DD), that the student has not bought or rented (no order item of the title that is
 * not cancelled), each with its price options. Proposed titles (no catalog title) and
 * no-text-required sections cannot be ordered.
 */
export async function orderableItemsOf(
  db: Db,
  locationId: number,
  studentId: number,
  today: string,
  /** The sections within a scoped caller's scope; undefined: all of the student's. */
  sections: ReadonlySet<number> | undefined,
): Promise<OrderableItem[]> {
  const rows = await studentSectionMaterials(db, locationId, studentId, today, sections);
  return rows
    .filter(
      (r): r is RequiredMaterialRow & { titleId: number } =>
        !r.noTextRequired && r.titleId !== null && r.ownedOrderId === null,
    )
    .map(toOrderable);
}
