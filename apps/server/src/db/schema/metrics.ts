import { index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { reference } from './columns.ts';
import { locations } from './tenancy.ts';
import { divisions, sections, terms } from './catalog.ts';
import { students } from './students.ts';

/**
 * The dashboard's figures, kept by statement triggers in the same transactions that change
 * orders, order items, sections, adoptions, enrollments and preferences (migration 0014,
 * ADR 0017), so no metric reads the order items. Never written by application code.
 */

const count = () => integer().notNull().default(0);

/**
 * Order items counted per order key (the order's store, division and term) and item section
 * (null: an item for no section). A division's figures for a term are the sum of its rows.
 */
export const metricItemCounts = pgTable(
  'metric_item_counts',
  {
    locationId: reference(() => locations.id),
    divisionId: reference(() => divisions.id, { onDelete: 'cascade' }),
    termId: reference(() => terms.id, { onDelete: 'cascade' }),
    sectionId: integer().references(() => sections.id, { onDelete: 'cascade' }),
    /** Items not cancelled (= fulfilled + pending + on hold). */
    itemCount: count(),
    fulfilledCount: count(),
    /** Not cancelled, not fulfilled, of an order not on hold. */
    pendingCount: count(),
    /** Not cancelled, not fulfilled, of an order ON_HOLD. */
    onHoldCount: count(),
    cancelledCount: count(),
    /** On-time denominator: items for a section, not cancelled. */
    dueCount: count(),
    /** Of those, fulfilled on or before the section's start date (UTC days). */
    onTimeCount: count(),
    rentNewCount: count(),
    rentUsedCount: count(),
    buyNewCount: count(),
    buyUsedCount: count(),
    digitalCount: count(),
    /** Not cancelled, for a title that is one of its section's required titles. */
    requiredBoughtCount: count(),
  },
  (t) => [
    // The key the triggers add into; a null section is one key per division and term.
    unique('metric_item_counts_key').on(t.divisionId, t.termId, t.sectionId).nullsNotDistinct(),
    index('metric_item_counts_section_idx').on(t.sectionId),
  ],
);

/**
 * The required titles of a section (active, required, non-NTR adoptions of a catalog title
 * covering it, coverage-sql.ts's rule) and its enrolment, kept by refresh_section_facts; only
 * sections with at least one required title have a row. Market share's denominator is
 * enrollment_count x cardinality(title_ids) summed over a term's rows.
 */
export const metricSectionRequirements = pgTable(
  'metric_section_requirements',
  {
    sectionId: integer()
      .primaryKey()
      .references(() => sections.id, { onDelete: 'cascade' }),
    locationId: reference(() => locations.id),
    termId: reference(() => terms.id, { onDelete: 'cascade' }),
    enrollmentCount: count(),
    /** Distinct title ids, ascending. */
    titleIds: integer().array().notNull(),
  },
  (t) => [index('metric_section_requirements_term_idx').on(t.termId)],
);

/** Students' current preferences per division, by kind (PICKUP, SHIP, DIGITAL, NONE). */
export const metricPreferenceCounts = pgTable(
  'metric_preference_counts',
  {
    locationId: reference(() => locations.id),
    divisionId: reference(() => divisions.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['PICKUP', 'SHIP', 'DIGITAL', 'NONE'] }).notNull(),
    preferenceCount: count(),
  },
  (t) => [primaryKey({ columns: [t.divisionId, t.kind] })],
);

/**
 * What each student has of the required titles of their sections in a term, kept by the
 * statement triggers of migration 0021 (ADR 0031) in the same transaction as every change of
 * enrolments, sections' required titles (metric_section_requirements), orders and order items:
 * the day-7 access report reads a term's rows instead of every student's order items. A title
 * counts once per student and term: fulfilled (an item fulfilled, in an order not cancelled),
 * pending (an item pending), or not ordered. Only students with a required title have a row.
 */
export const studentTermAccess = pgTable(
  'student_term_access',
  {
    termId: reference(() => terms.id, { onDelete: 'cascade' }),
    studentId: reference(() => students.id, { onDelete: 'cascade' }),
    locationId: reference(() => locations.id),
    requiredCount: count(),
    notOrderedCount: count(),
    pendingCount: count(),
    fulfilledCount: count(),
  },
  (t) => [
    primaryKey({ columns: [t.termId, t.studentId] }),
    index('student_term_access_student_idx').on(t.studentId),
  ],
);
