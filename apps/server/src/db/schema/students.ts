import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { reference, defaultsToNow } from './columns.ts';
import { tenantKey } from './tenant-columns.ts';
import { locations } from './tenancy.ts';
import { divisions, sections } from './catalog.ts';

/** A store customer who is a student; `id` is the customerId of the spec. */
export const students = pgTable(
  'students',
  {
    ...tenantKey(),
    studentIdNum: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    shippingPreference: text().notNull().default('Pick up in store'),
    streetOne: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    postalCode: text().notNull().default(''),
    deliveryNote: text().notNull().default(''),
  },
  (t) => [
    // The student ID is the natural key imports upsert on.
    uniqueIndex('students_location_idnum_uq').on(t.locationId, t.studentIdNum),
    // Prefix search on the student ID ('1234…'), whatever the database collation.
    index('students_idnum_prefix_idx').on(t.locationId, sql`${t.studentIdNum} text_pattern_ops`),
    // Both name indexes also INCLUDE the columns the student search shows (migration 0025: drizzle
    // cannot say INCLUDE), so its name arms are index-only scans.
    index('students_last_name_idx').on(t.locationId, sql`lower(${t.lastName}) text_pattern_ops`),
    index('students_first_name_idx').on(t.locationId, sql`lower(${t.firstName}) text_pattern_ops`),
    // The student page's sign-in link finds a student by the address they type (issue 32).
    index('students_email_idx').on(t.locationId, sql`lower(trim(${t.email}))`),
  ],
);

export const enrollments = pgTable(
  'enrollments',
  {
    studentId: reference(() => students.id, { onDelete: 'cascade' }),
    sectionId: reference(() => sections.id, { onDelete: 'cascade' }),
    locationId: reference(() => locations.id),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.sectionId] }),
    // A section's students, from the index alone: the student search of a caller limited to
    // part of the catalog finds the students enrolled in their sections this way (ADR 0023).
    index('enrollments_section_student_idx').on(t.sectionId, t.studentId),
  ],
);

/** How a student wants course materials delivered, per division (docs/behaviour/entities.md#student-detail fulfillmentPreferences). */
export const fulfillmentPreferences = pgTable(
  'fulfillment_preferences',
  {
    ...tenantKey(),
    studentId: reference(() => students.id, { onDelete: 'cascade' }),
    /** Null means NO_CURRENT_ENROLLMENT. */
    divisionId: integer().references(() => divisions.id),
    /** RENT_NEW, RENT_USED, BUY_NEW, BUY_USED, DIGITAL, OPT_OUT. */
    fulfillment: text().notNull(),
    fulfillmentFriendlyName: text().notNull(),
    updatedAt: defaultsToNow(),
  },
  (t) => [index('fulfillment_preferences_student_idx').on(t.studentId)],
);
