import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { reference, instant, defaultsToNow, jsonDetails } from './columns.ts';
import { tenantKey, accountLink, creationStamp, activityEntry } from './tenant-columns.ts';
import { divisions, sections, terms } from './catalog.ts';
import { students } from './students.ts';
import { titles } from './materials.ts';

/** Condition grades a returned rental can be given (docs/behaviour/entities.md#marketplace-condition). */
export const marketplaceConditions = pgTable(
  'marketplace_conditions',
  {
    ...tenantKey(),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('marketplace_conditions_location_name_uq').on(t.locationId, t.name)],
);

/** A student order (a "transaction"; its id is the transId of in-transit groups). */
export const orders = pgTable(
  'orders',
  {
    ...tenantKey(),
    studentId: reference(() => students.id),
    divisionId: reference(() => divisions.id),
    termId: integer().references(() => terms.id),
    /** e.g. WEB, IN_STORE, AUTOGEN, INCLUSIVE_ACCESS. */
    orderType: text().notNull(),
    /** OPEN, ON_HOLD, FULFILLED, CANCELLED. */
    status: text().notNull(),
    createdAt: defaultsToNow(),
    /** When the order had to be fulfilled by, for on-time figures. */
    dueAt: instant(),
    /** Who placed it in the portal (autogen orders); null for orders from other channels. */
    createdBy: accountLink(),
    /** The client's key for one submit: the same submit sent again answers this order. */
    clientKey: text(),
    /** A shipping_methods code; null for orders from other channels. */
    shippingMethod: text(),
    shippingCents: integer().notNull().default(0),
    taxCents: integer().notNull().default(0),
    updatedAt: defaultsToNow(),
  },
  (t) => [
    index('orders_location_division_idx').on(t.locationId, t.divisionId, t.createdAt),
    index('orders_student_idx').on(t.studentId),
    uniqueIndex('orders_client_key_uq')
      .on(t.createdBy, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

/** How a store ships orders, with its price (autogen `shipping/prices`). */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    ...tenantKey(),
    /** e.g. PICKUP, STANDARD, EXPEDITED. */
    code: text().notNull(),
    name: text().notNull(),
    priceCents: integer().notNull(),
    /** Whether it needs the student's shipping address. */
    shipsToAddress: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('shipping_methods_location_code_uq').on(t.locationId, t.code)],
);

export const orderItems = pgTable(
  'order_items',
  {
    ...tenantKey(),
    orderId: reference(() => orders.id, { onDelete: 'cascade' }),
    titleId: reference(() => titles.id),
    sectionId: integer().references(() => sections.id),
    /** RENT_NEW, RENT_USED, BUY_NEW, BUY_USED, DIGITAL. */
    fulfillmentType: text().notNull(),
    /** PENDING, FULFILLED, CANCELLED. */
    status: text().notNull(),
    priceCents: integer().notNull(),
    savingsCents: integer().notNull().default(0),
    fulfilledAt: instant(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // Per-section figures (fulfilment of a section's orders) read a section's items only.
    index('order_items_section_idx').on(t.sectionId),
    index('order_items_location_status_idx').on(t.locationId, t.status),
  ],
);

/** A rented copy held by a student (docs/behaviour/entities.md#outstanding-rental); `id` is the transItemId. */
export const rentals = pgTable(
  'rentals',
  {
    ...tenantKey(),
    studentId: reference(() => students.id),
    orderId: reference(() => orders.id),
    titleId: reference(() => titles.id),
    serialItemRefNum: text().notNull(),
    /** Groups items onto one return shipping label. */
    serialItemLabel: text().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    state: text({ enum: ['OUTSTANDING', 'IN_TRANSIT', 'RETURNED'] }).notNull(),
    trackingNumber: text(),
    marketplaceConditionId: integer().references(() => marketplaceConditions.id),
    returnedAt: instant(),
    /** Who checked it in at the counter. */
    returnedBy: accountLink(),
    /** The counter return's label (one per serialItemLabel and return). */
    returnLabelId: integer().references(() => rentalLabels.id),
    /** The return-shipping label it travels under. */
    shipmentLabelId: integer().references(() => rentalLabels.id),
  },
  (t) => [
    index('rentals_student_state_idx').on(t.studentId, t.state),
    index('rentals_location_serial_idx').on(t.locationId, t.serialItemRefNum),
    // The reminder job reads rentals still out by due date, across stores.
    index('rentals_outstanding_due_idx')
      .on(t.dueDate)
      .where(sql`${t.state} = 'OUTSTANDING' and ${t.trackingNumber} is null`),
    // A label (its PDF, its content for DYMO, a reprint) lists the rentals that point at it.
    index('rentals_return_label_idx')
      .on(t.returnLabelId)
      .where(sql`${t.returnLabelId} is not null`),
    index('rentals_shipment_label_idx')
      .on(t.shipmentLabelId)
      .where(sql`${t.shipmentLabelId} is not null`),
  ],
);

/**
 * A label document (a PDF rendered on request from these rows and the rentals that point at
 * it). `token` is the unguessable part of its URL; the URL answers only on the store's own
 * websites and until `expiresAt`.
 */
export const rentalLabels = pgTable(
  'rental_labels',
  {
    ...tenantKey(),
    /** RETURN: the counter return of one serialItemLabel; SHIPMENT: a return-shipping label. */
    kind: text({ enum: ['RETURN', 'SHIPMENT'] }).notNull(),
    token: text().notNull(),
    studentId: reference(() => students.id),
    serialItemLabel: text(),
    trackingNumber: text(),
    ...creationStamp(accountLink()),
    expiresAt: instant().notNull(),
  },
  (t) => [
    uniqueIndex('rental_labels_token_uq').on(t.token),
    uniqueIndex('rental_labels_tracking_uq')
      .on(t.trackingNumber)
      .where(sql`${t.trackingNumber} is not null`),
    index('rental_labels_student_idx').on(t.studentId),
  ],
);

/**
 * Due-date reminders (10, 3 and 1 days before, 1 day after): a row is the claim of one process
 * on one reminder, so each is sent once whatever the number of server processes.
 */
export const rentalReminders = pgTable(
  'rental_reminders',
  {
    rentalId: reference(() => rentals.id, { onDelete: 'cascade' }),
    /** DUE_IN_10, DUE_IN_3, DUE_IN_1, OVERDUE_1. */
    kind: text().notNull(),
    claimedAt: defaultsToNow(),
    sentAt: instant(),
    /** Why it was not sent (no address, skipped because a later reminder was due). */
    outcome: text(),
  },
  (t) => [uniqueIndex('rental_reminders_uq').on(t.rentalId, t.kind)],
);

/** What happened to a student's rentals and orders, by whom (returns, labels, orders). */
export const studentActivity = pgTable(
  'student_activity',
  {
    ...tenantKey(),
    studentId: reference(() => students.id),
    /** action: e.g. RENTAL_RETURNED, SHIPPING_LABEL_CREATED, ORDER_CREATED, ORDER_CANCELLED. */
    ...activityEntry(),
    details: jsonDetails(),
  },
  (t) => [index('student_activity_student_idx').on(t.studentId, t.at)],
);
