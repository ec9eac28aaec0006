import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations } from './tenancy.ts';
import { userAccounts } from './accounts.ts';

/** A division of a university (e.g. main campus, law school), with its own terms. */
export const divisions = pgTable(
  'divisions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    name: text().notNull(),
    universityName: text().notNull(),
  },
  (t) => [uniqueIndex('divisions_location_name_uq').on(t.locationId, t.name)],
);

export const terms = pgTable(
  'terms',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    divisionId: integer()
      .notNull()
      .references(() => divisions.id),
    /** Shown cut at the first hyphen (spec §9), e.g. "Fall 2026 - Main" shows as "Fall 2026". */
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [index('terms_division_idx').on(t.divisionId, t.startDate)],
);

export const departments = pgTable(
  'departments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    divisionId: integer()
      .notNull()
      .references(() => divisions.id),
    code: text().notNull(),
    /** May be empty in imported data; lists drop empty names (spec §5). */
    name: text().notNull(),
  },
  (t) => [uniqueIndex('departments_division_code_uq').on(t.divisionId, t.code)],
);

export const courses = pgTable(
  'courses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    divisionId: integer()
      .notNull()
      .references(() => divisions.id),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
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
  ],
);

export const professors = pgTable(
  'professors',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    /** The instructor's portal account, which lets INSTRUCTOR act on the sections they teach. */
    accountId: integer().references(() => userAccounts.id),
  },
  (t) => [
    index('professors_account_idx').on(t.accountId),
    index('professors_location_idx').on(t.locationId),
  ],
);

export const sections = pgTable(
  'sections',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    courseId: integer()
      .notNull()
      .references(() => courses.id),
    termId: integer()
      .notNull()
      .references(() => terms.id),
    code: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    enrollmentCapacity: integer().notNull().default(0),
    estimatedEnrollment: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('sections_course_term_code_uq').on(t.courseId, t.termId, t.code),
    // End date and course ride along so the catalog's date window and next start are read
    // from the index alone (index-only scans).
    index('sections_location_start_idx').on(t.locationId, t.startDate, t.endDate, t.courseId),
    index('sections_term_idx').on(t.termId),
  ],
);

export const sectionProfessors = pgTable(
  'section_professors',
  {
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    professorId: integer()
      .notNull()
      .references(() => professors.id),
  },
  (t) => [
    primaryKey({ columns: [t.sectionId, t.professorId] }),
    index('section_professors_professor_idx').on(t.professorId),
  ],
);
