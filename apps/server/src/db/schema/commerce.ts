import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations } from './tenancy.ts';
import { divisions, sections, terms } from './catalog.ts';
import { students } from './students.ts';
import { titles } from './materials.ts';

/** Condition grades a returned rental can be given (spec §3 Marketplace condition). */
export const marketplaceConditions = pgTable(
  'marketplace_conditions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('marketplace_conditions_location_name_uq').on(t.locationId, t.name)],
);

/** A student order (a "transaction"; its id is the transId of in-transit groups). */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    studentId: integer()
      .notNull()
      .references(() => students.id),
    divisionId: integer()
      .notNull()
      .references(() => divisions.id),
    termId: integer().references(() => terms.id),
    /** e.g. WEB, IN_STORE, AUTOGEN, INCLUSIVE_ACCESS. */
    orderType: text().notNull(),
    /** OPEN, ON_HOLD, FULFILLED, CANCELLED. */
    status: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the order had to be fulfilled by, for on-time figures. */
    dueAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('orders_location_division_idx').on(t.locationId, t.divisionId, t.createdAt),
    index('orders_student_idx').on(t.studentId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    titleId: integer()
      .notNull()
      .references(() => titles.id),
    sectionId: integer().references(() => sections.id),
    /** RENT_NEW, RENT_USED, BUY_NEW, BUY_USED, DIGITAL. */
    fulfillmentType: text().notNull(),
    /** PENDING, FULFILLED, CANCELLED. */
    status: text().notNull(),
    priceCents: integer().notNull(),
    savingsCents: integer().notNull().default(0),
    fulfilledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // Per-section figures (fulfilment of a section's orders) read a section's items only.
    index('order_items_section_idx').on(t.sectionId),
    index('order_items_location_status_idx').on(t.locationId, t.status),
  ],
);

/** A rented copy held by a student (spec §3 Outstanding rental); `id` is the transItemId. */
export const rentals = pgTable(
  'rentals',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    studentId: integer()
      .notNull()
      .references(() => students.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    titleId: integer()
      .notNull()
      .references(() => titles.id),
    serialItemRefNum: text().notNull(),
    /** Groups items onto one return shipping label. */
    serialItemLabel: text().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    state: text({ enum: ['OUTSTANDING', 'IN_TRANSIT', 'RETURNED'] }).notNull(),
    trackingNumber: text(),
    marketplaceConditionId: integer().references(() => marketplaceConditions.id),
    returnedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('rentals_student_state_idx').on(t.studentId, t.state),
    index('rentals_location_serial_idx').on(t.locationId, t.serialItemRefNum),
  ],
);
