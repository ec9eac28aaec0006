import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbId, withoutNul } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { STUDENT_LOOKUP_ACTIONS, studentAccountParams } from './student-search.ts';
import { customerQuery } from './student-detail.ts';

/** docs/behaviour/entities.md#outstanding-rental (the fields an in-transit item has too). */
export const rentalItem = z.object({
  transItemId: z.number().int(),
  isbn: z.string(),
  title: z.string(),
  author: z.string(),
  serialItemRefNum: z.string(),
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  /** Null on outstanding items: items that have one are on their way back (docs/behaviour/entities.md). */
  trackingNumber: z.string().nullable(),
  serialItemLabel: z.string(),
  marketplaceConditionName: z.string().nullable(),
  /** The return-shipping label an in-transit item travels under, to print it again. */
  reportUrl: z.string().nullable(),
});
export type RentalItem = z.infer<typeof rentalItem>;

export const getOutstandingRentals = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/getOutStandingRentals`,
  summary:
    "A student's rentals still out: not returned and not on their way back (no tracking number), by due date",
  auth: true,
  access: { kind: 'action', anyOf: STUDENT_LOOKUP_ACTIONS, scope: 'student' },
  params: studentAccountParams,
  query: customerQuery,
  response: z.object({ rentalListDTO: z.array(rentalItem) }),
});

/** docs/behaviour/entities.md#in-transit-group: the items of one transaction (order) that are on their way back. */
export const inTransitGroup = z.object({
  transId: z.number().int(),
  transItems: z.array(rentalItem),
});
export type InTransitGroup = z.infer<typeof inTransitGroup>;

export const getInTransitRentals = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/rental/transit`,
  summary:
    "A student's rentals on their way back (a return-shipping label was printed), grouped by transaction",
  auth: true,
  access: { kind: 'action', anyOf: STUDENT_LOOKUP_ACTIONS, scope: 'student' },
  params: studentAccountParams,
  query: customerQuery,
  response: z.array(inTransitGroup),
});

/** At most this many items in one return or one shipping label. */
export const MAX_RENTAL_ITEMS_PER_CALL = 100;

const transItemIds = z
  .array(dbId, { error: 'must be a list of transItemIds' })
  .min(1, 'Check at least one rental.')
  .max(MAX_RENTAL_ITEMS_PER_CALL, `must hold at most ${MAX_RENTAL_ITEMS_PER_CALL} items`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not list an item twice');

export const returnRentalsBody = z.object({
  /** The store (docs/behaviour/calls.md#rental-service); it must be the store of the website. */
  locationId: dbId,
  /** The student whose items these are (the screen's student): 404 when unknown. */
  customerId: dbId.optional(),
  /** In the order the clerk checked them (docs/behaviour/flows.md). */
  transItemIdWithConditionList: z
    .array(
      z.object({
        transItemId: dbId,
        marketplaceCondition: withoutNul(
          z.string({ error: 'Choose a condition.' }).trim().min(1, 'Choose a condition.').max(100),
        ),
      }),
      { error: 'must be a list of items with their conditions' },
    )
    .min(1, 'Check at least one rental.')
    .max(MAX_RENTAL_ITEMS_PER_CALL, `must hold at most ${MAX_RENTAL_ITEMS_PER_CALL} items`)
    .refine(
      (items) => new Set(items.map((i) => i.transItemId)).size === items.length,
      'must not list an item twice',
    ),
});
export type ReturnRentalsBody = z.input<typeof returnRentalsBody>;

/** A returned item: its counter-return label is `reportUrl` (one per serialItemLabel). */
export const returnedItem = rentalItem.extend({
  marketplaceConditionName: z.string(),
  reportUrl: z.string(),
});

/** An item that was not returned, and why (already returned, not this student's, unknown...). */
export const failedReturnItem = z.object({
  transItemId: z.number().int(),
  serialItemRefNum: z.string().nullable(),
  isbn: z.string().nullable(),
  reason: z.string(),
});
export type FailedReturnItem = z.infer<typeof failedReturnItem>;

export const returnRentals = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/rental/returnRentals`,
  summary:
    'Checks rentals in at the counter with their conditions (RETURN_RENTALS). Each item is returned once: an item already returned, of another student or unknown lands in `failed` with its reason while the rest are returned; each returned item carries the URL of its label',
  auth: true,
  access: { kind: 'action', anyOf: ['RETURN_RENTALS'], scope: 'student' },
  params: studentAccountParams,
  body: returnRentalsBody,
  response: z.object({
    failed: z.array(failedReturnItem),
    successful: z.array(returnedItem),
  }),
});

export const printRentalLabelBody = z.object({
  customerId: dbId,
  transItemIdList: transItemIds,
});
export type PrintRentalLabelBody = z.input<typeof printRentalLabelBody>;

/** A return-shipping label: one parcel, one tracking number. */
export const shippingLabelDocument = z.object({
  reportUrl: z.string(),
  trackingNumber: z.string(),
  transItemIdList: z.array(z.number().int()),
});
export type ShippingLabelDocument = z.infer<typeof shippingLabelDocument>;

export const printRentalLabel = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/rental/printLabel`,
  summary:
    "Creates a return shipment with a tracking number for a student's outstanding rentals (RETURN_RENTALS): they leave the outstanding list and show in transit. Asking again for items already shipped together answers the same label",
  auth: true,
  access: { kind: 'action', anyOf: ['RETURN_RENTALS'], scope: 'student' },
  params: studentAccountParams,
  body: printRentalLabelBody,
  response: z.array(shippingLabelDocument),
});

/**
 * Where a label PDF is served (no Auth-Token: a new browser tab or the local print service
 * fetches it). The token is unguessable; the URL answers only on the label's store's websites
 * and until the label expires.
 */
export const RENTAL_LABEL_PATH = `${ADMIN_BASE}/labels/:token`;
/** How long a label URL can be printed again. */
export const RENTAL_LABEL_VALID_DAYS = 90;
