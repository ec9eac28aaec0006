import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COST_DESIGNATIONS } from '@csp/contracts';
import { reference } from './columns.ts';
import { locations } from './tenancy.ts';
import { tenantKey, accountLink } from './tenant-columns.ts';

/** A division of a university (e.g. main campus, law school), with its own terms. */
export const divisions = pgTable(
  'divisions',
  {
    ...tenantKey(),
    name: text().notNull(),
    universityName: text().notNull(),
  },
  (t) => [uniqueIndex('divisions_location_name_uq').on(t.locationId, t.name)],
);

export const terms = pgTable(
  'terms',
  {
    ...tenantKey(),
    divisionId: reference(() => divisions.id),
    /** Shown cut at the first hyphen (docs/behaviour/constants.md), e.g. "Fall 2026 - Main" shows as "Fall 2026". */
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    /** The term's sections, kept by the sections' statement triggers (migration 0022). */
    sectionCount: integer().notNull().default(0),
    /** The last day adoptions for the term are on time (issue 30), or null: none set. */
    adoptionDeadline: date({ mode: 'string' }),
    /** Inclusive access (issue 32): the last day students may opt out or back in, or null. */
    iaOptOutDeadline: date({ mode: 'string' }),
    /** The last day a drop after the opt-out deadline earns a credit; null: none do. */
    iaRefundUntil: date({ mode: 'string' }),
  },
  (t) => [
    index('terms_division_idx').on(t.divisionId, t.startDate),
    // Imports find a term by its division and name (their natural key).
    uniqueIndex('terms_division_name_uq').on(t.divisionId, t.name),
  ],
);

export const departments = pgTable(
  'departments',
  {
    ...tenantKey(),
    divisionId: reference(() => divisions.id),
    code: text().notNull(),
    /** May be empty in imported data; lists drop empty names (docs/behaviour/validation.md). */
    name: text().notNull(),
    /**
     * Who hears about the department's missing adoptions after the deadline (issue 30: the
     * campaign digest), e.g. its chair; null: nobody. The address is trimmed, lower case.
     */
    contactName: text(),
    contactEmail: text(),
  },
  (t) => [uniqueIndex('departments_division_code_uq').on(t.divisionId, t.code)],
);

export const courses = pgTable(
  'courses',
  {
    ...tenantKey(),
    divisionId: reference(() => divisions.id),
    departmentId: reference(() => departments.id),
    code: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('courses_department_code_uq').on(t.departmentId, t.code),
    index('courses_location_division_idx').on(t.locationId, t.divisionId, t.departmentId),
    index('courses_code_search_idx').on(t.locationId, sql`lower(${t.code}) text_pattern_ops`),
    index('courses_name_search_idx').on(t.locationId, sql`lower(${t.name}) text_pattern_ops`),
    // The catalog's search by words of the name (prefix matches of each word).
    index('courses_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.name})`),
    // The section list sorted by course code or name (ADR 0016): courses in that order,
    // their sections joined, so a page stops after its rows.
    index('courses_location_code_id_idx').on(t.locationId, t.code, t.id),
    index('courses_location_name_id_idx').on(t.locationId, t.name, t.id),
  ],
);

export const professors = pgTable(
  'professors',
  {
    ...tenantKey(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    /** The instructor's portal account, which lets INSTRUCTOR act on the sections they teach. */
    accountId: accountLink(),
  },
  (t) => [
    index('professors_account_idx').on(t.accountId),
    index('professors_location_idx').on(t.locationId),
    // Imports match a feed's instructor to a professor by name within the store.
    index('professors_location_name_idx').on(
      t.locationId,
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
    ),
  ],
);

export const sections = pgTable(
  'sections',
  {
    ...tenantKey(),
    courseId: reference(() => courses.id),
    termId: reference(() => terms.id),
    code: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    enrollmentCapacity: integer().notNull().default(0),
    estimatedEnrollment: integer().notNull().default(0),
    // Facts about the section kept with it by statement triggers (migration 0012, ADR 0016), in
    // the same transaction as every change of enrollments, professors and adoptions: the
    // section list sorts and pages on them by index instead of counting per page.
    enrollmentCount: integer().notNull().default(0),
    /** Active adoptions covering the section (coverage-sql.ts), no-text-required ones included. */
    listingCount: integer().notNull().default(0),
    hasNtr: boolean().notNull().default(false),
    hasText: boolean().notNull().default(false),
    /** A covering adoption waits for the submitter's answer (messaging status RESPONSE_REQUIRED). */
    needsResponse: boolean().notNull().default(false),
    /**
     * When the earliest adoption still covering the section was submitted (null: none covers
     * it): what its term's adoption deadline is measured against (migration 0034, issue 30).
     */
    firstAdoptedAt: timestamp({ withTimezone: true }),
    /** "Last, First; Last, First" by last name: the professors column's sort key. */
    professorNames: text().notNull().default(''),
    /**
     * SECTION_ADOPTION_STATUSES' order: 0 outstanding, 1 needs information, 2 NTR, 3 adopted.
     * A section only no-text-required records cover is NTR even while one awaits an answer: the
     * list shows NMR beside it, and one status, not two (issue 28).
     */
    adoptionStatusRank: smallint().generatedAlwaysAs(
      (): SQL =>
        sql`case when listing_count = 0 then 0 when not has_text then 2 when needs_response then 1 else 3 end`,
    ),
    /**
     * What the section list's Section column shows ("BIO 101 – 2") as a sort key: department,
     * course and section codes, lower case, each run of digits padded so numbers compare by
     * value, in the "C" collation (migration 0030 sets it and keeps the key by triggers).
     */
    nameKey: text().notNull().default(''),
    /**
     * Cost transparency (issue 31), kept by refresh_section_facts with the facts above: what the
     * required materials cost a student at the cheapest way offered and at the dearest (cents;
     * null: a required material has no price), the designation they make (COST_DESIGNATIONS),
     * and why the section is not zero cost (the material that made it so).
     */
    requiredCostLowCents: integer(),
    requiredCostHighCents: integer(),
    costDesignation: text({ enum: COST_DESIGNATIONS }).notNull().default('NONE'),
    costReason: text().notNull().default('No adoption yet'),
    /** The store's override of the designation (its reason in section_designation_overrides). */
    designationOverride: text({ enum: COST_DESIGNATIONS }),
    /** What the section shows and filters on: the override, else the kept designation. */
    designation: text({ enum: COST_DESIGNATIONS }).generatedAlwaysAs(
      (): SQL => sql`coalesce(designation_override, cost_designation)`,
    ),
  },
  (t) => [
    uniqueIndex('sections_course_term_code_uq').on(t.courseId, t.termId, t.code),
    // End date, course and the coverage facts ride along so the course list's date window,
    // next start and figures are read from the index alone (index-only scans).
    index('sections_location_start_idx').on(
      t.locationId,
      t.startDate,
      t.endDate,
      t.courseId,
      t.hasText,
      t.hasNtr,
      t.needsResponse,
    ),
    // The location rides along so the public list counts a term's sections from the index alone.
    index('sections_term_idx').on(t.termId, t.locationId),
    // The section list's keyset pages (ADR 0016): one index per sort column, ending in the id
    // tiebreaker, so any page of any sort reads its rows in order from where the cursor points.
    index('sections_location_start_id_idx').on(t.locationId, t.startDate, t.id),
    index('sections_location_end_id_idx').on(t.locationId, t.endDate, t.id),
    index('sections_location_code_id_idx').on(t.locationId, t.code, t.id),
    index('sections_location_enrollment_idx').on(t.locationId, t.enrollmentCount, t.id),
    index('sections_location_listing_idx').on(t.locationId, t.listingCount, t.id),
    index('sections_location_status_idx').on(t.locationId, t.adoptionStatusRank, t.id),
    index('sections_location_name_idx').on(t.locationId, t.nameKey, t.id),
    index('sections_location_professors_idx').on(t.locationId, t.professorNames, t.id),
    // The section list's search by a section code's start ("343"), beside its course matches.
    index('sections_location_code_search_idx').on(
      t.locationId,
      sql`lower(${t.code}) text_pattern_ops`,
    ),
    // A term's schedule feed and designation counts (issue 31), and the store's (the section
    // list filtered by designation alone counts its rows from this index).
    index('sections_term_designation_idx').on(t.termId, t.designation),
    index('sections_location_designation_idx').on(t.locationId, t.designation),
    // Imports refuse a section ending before it starts; the catalog's kept starts rely on it
    // (a section starting from today has not ended).
    check('sections_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * Each course's distinct section start dates, each with the one before it ('-infinity' for
 * the first), kept by the sections' triggers (migration 0023, ADR 0032). A course's next start
 * from any day D is the one row with start_date >= D and prev_start < D: so the catalog's
 * default view pages its courses in next-start order straight from the index, for any date.
 */
export const courseStarts = pgTable(
  'course_starts',
  {
    locationId: reference(() => locations.id),
    courseId: reference(() => courses.id),
    startDate: date({ mode: 'string' }).notNull(),
    prevStart: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.startDate] }),
    index('course_starts_window_idx').on(t.locationId, t.startDate, t.courseId, t.prevStart),
  ],
);

/**
 * How many courses have each (start date, start before it) pair: the catalog's total for a
 * window [D, to] is the sum over start_date in it with prev_start < D, a few dozen rows
 * whatever the store's size (migration 0023, ADR 0032).
 */
export const courseStartCounts = pgTable(
  'course_start_counts',
  {
    locationId: reference(() => locations.id),
    startDate: date({ mode: 'string' }).notNull(),
    prevStart: date({ mode: 'string' }).notNull(),
    courses: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.startDate, t.prevStart] })],
);

export const sectionProfessors = pgTable(
  'section_professors',
  {
    sectionId: reference(() => sections.id, { onDelete: 'cascade' }),
    professorId: reference(() => professors.id),
  },
  (t) => [
    primaryKey({ columns: [t.sectionId, t.professorId] }),
    index('section_professors_professor_idx').on(t.professorId),
  ],
);

/**
 * How many sections each department has in each term, and how far their adoptions are, kept by
 * the sections' triggers (migrations 0042 and 0043): the department contacts list sums a
 * department's rows of the terms not yet ended, the adoption progress summary reads them, a few
 * rows per department whatever the store's size.
 */
export const departmentTermSections = pgTable(
  'department_term_sections',
  {
    departmentId: reference(() => departments.id),
    termId: reference(() => terms.id),
    sections: integer().notNull(),
    /** Sections a material covers (has_text). */
    adopted: integer().notNull().default(0),
    /** Sections only no-text-required records cover (has_ntr and not has_text). */
    noTextRequired: integer().notNull().default(0),
    /** Sections no adoption covers yet (first_adopted_at is null). */
    neverAdopted: integer().notNull().default(0),
    /** Sections first adopted after their term's adoption deadline (deadline-status-sql.ts). */
    adoptedLate: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.termId] })],
);
