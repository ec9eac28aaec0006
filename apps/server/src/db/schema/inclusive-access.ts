import {
  IA_CHANGE_SOURCES,
  IA_CHANGES,
  IA_CHARGE_LINE_KINDS,
  IA_CHOICES,
  IA_MODELS,
  IA_REMINDER_KINDS,
} from '@csp/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { defaultsToNow, instant, reference } from './columns.ts';
import { sections, terms } from './catalog.ts';
import { adoptionMaterials } from './materials.ts';
import { students } from './students.ts';
import { accountLink, tenantKey } from './tenant-columns.ts';

/**
 * Inclusive access (issue 32; packages/contracts/src/inclusive-access/inclusive-access.ts). A
 * term's opt-out deadline and refund window are columns of `terms`; the rest is here.
 */

/** A section in the program: its model (opt-out unless the store chose opt-in). */
export const iaPrograms = pgTable(
  'ia_programs',
  {
    ...tenantKey(),
    sectionId: reference(() => sections.id, { onDelete: 'cascade' }),
    /** The section's term (kept: every list of the programs is per term). */
    termId: reference(() => terms.id),
    model: text({ enum: IA_MODELS }).notNull().default('OPT_OUT'),
    updatedBy: accountLink(),
    updatedAt: defaultsToNow(),
  },
  (t) => [
    uniqueIndex('ia_programs_section_uq').on(t.sectionId),
    index('ia_programs_term_idx').on(t.termId),
  ],
);

/** The program's materials: each an adopted inclusive-access material and its per-student price. */
export const iaProgramMaterials = pgTable(
  'ia_program_materials',
  {
    ...tenantKey(),
    programId: reference(() => iaPrograms.id, { onDelete: 'cascade' }),
    adoptionMaterialId: reference(() => adoptionMaterials.id, { onDelete: 'cascade' }),
    priceCents: integer().notNull(),
    updatedBy: accountLink(),
    updatedAt: defaultsToNow(),
  },
  (t) => [
    uniqueIndex('ia_program_materials_uq').on(t.programId, t.adoptionMaterialId),
    check('ia_program_materials_price_ck', sql`${t.priceCents} > 0`),
  ],
);

/**
 * A student of a program's section, kept from `enrollments` by triggers (migration 0040): a drop
 * keeps the row with `enrolled` false. `choice` null: the program's model decides
 * (`isParticipating`).
 */
export const iaParticipants = pgTable(
  'ia_participants',
  {
    ...tenantKey(),
    programId: reference(() => iaPrograms.id, { onDelete: 'cascade' }),
    studentId: reference(() => students.id, { onDelete: 'cascade' }),
    choice: text({ enum: IA_CHOICES }),
    enrolled: boolean().notNull().default(true),
    enrolledAt: defaultsToNow(),
    droppedAt: instant(),
    changedAt: defaultsToNow(),
  },
  (t) => [
    uniqueIndex('ia_participants_program_student_uq').on(t.programId, t.studentId),
    index('ia_participants_student_idx').on(t.studentId),
  ],
);

/** Every change of a participant: enrolled, dropped (the feeds), opted out or in, by whom. */
export const iaParticipantChanges = pgTable(
  'ia_participant_changes',
  {
    ...tenantKey(),
    participantId: reference(() => iaParticipants.id, { onDelete: 'cascade' }),
    change: text({ enum: IA_CHANGES }).notNull(),
    source: text({ enum: IA_CHANGE_SOURCES }).notNull(),
    /** The staff member who made a STAFF or PROGRAM change; null for the feeds and the student. */
    actorAccountId: accountLink(),
    at: defaultsToNow(),
  },
  (t) => [index('ia_participant_changes_participant_idx').on(t.participantId, t.at)],
);

/** An e-mailed sign-in link to the student's own page: single use, short-lived, kept hashed. */
export const iaSignInLinks = pgTable(
  'ia_sign_in_links',
  {
    ...tenantKey(),
    studentId: reference(() => students.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: defaultsToNow(),
  },
  (t) => [uniqueIndex('ia_sign_in_links_token_uq').on(t.tokenHash)],
);

/** A student's session on their own page (apart from staff sessions: it reaches only their own). */
export const iaStudentSessions = pgTable(
  'ia_student_sessions',
  {
    ...tenantKey(),
    studentId: reference(() => students.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: instant().notNull(),
    createdAt: defaultsToNow(),
  },
  (t) => [uniqueIndex('ia_student_sessions_token_uq').on(t.tokenHash)],
);

/** One reminder per student, term and kind, claimed before it is sent (once across processes). */
export const iaReminders = pgTable(
  'ia_reminders',
  {
    ...tenantKey(),
    termId: reference(() => terms.id, { onDelete: 'cascade' }),
    studentId: reference(() => students.id, { onDelete: 'cascade' }),
    kind: text({ enum: IA_REMINDER_KINDS }).notNull(),
    claimedAt: instant(),
    claimToken: text(),
    sentAt: instant(),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [uniqueIndex('ia_reminders_uq').on(t.termId, t.studentId, t.kind)],
);

/** A numbered bursar charge file of a term. */
export const iaChargeFiles = pgTable(
  'ia_charge_files',
  {
    ...tenantKey(),
    termId: reference(() => terms.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    lineCount: integer().notNull(),
    totalCents: integer().notNull(),
    createdBy: accountLink(),
    createdAt: defaultsToNow(),
  },
  (t) => [uniqueIndex('ia_charge_files_term_number_uq').on(t.termId, t.number)],
);

/**
 * A participant's charges and credits (a credit for each charge at most). In a charge file, or, when the
 * student's funding allowance paid it, in the ledger (`funding_ledger.ia_charge_line_id`) and in
 * no file.
 */
export const iaChargeLines = pgTable(
  'ia_charge_lines',
  {
    ...tenantKey(),
    // Restrict: a line that went to the bursar or the ledger is a financial record; deleting
    // its student or section must not take it along.
    participantId: reference(() => iaParticipants.id, { onDelete: 'restrict' }),
    kind: text({ enum: IA_CHARGE_LINE_KINDS }).notNull(),
    /**
     * The participant's n-th line of this kind: a student charged, credited for a drop, then
     * enrolled again is charged again (their second CHARGE); at any time charges minus credits
     * is 0 or 1 (charge-lines-repository.ts).
     */
    seq: integer().notNull().default(1),
    /** Signed as the student's account moves: a charge positive, a credit negative. */
    amountCents: integer().notNull(),
    fileId: integer().references(() => iaChargeFiles.id),
    paidByFunding: boolean().notNull().default(false),
    /** What the line says (the materials), fixed when it is made. */
    description: text().notNull(),
    createdAt: defaultsToNow(),
  },
  (t) => [
    uniqueIndex('ia_charge_lines_once_uq').on(t.participantId, t.kind, t.seq),
    index('ia_charge_lines_file_idx').on(t.fileId),
  ],
);

/**
 * The store's inclusive-access settings: the charge file's columns (a mapping like the imports'
 * templates) and the access lists' token (hashed; one per store).
 */
export const iaStoreSettings = pgTable(
  'ia_store_settings',
  {
    ...tenantKey(),
    chargeFileColumns: jsonb().notNull().default([]),
    accessTokenHash: text(),
    accessTokenCreatedAt: instant(),
    updatedBy: accountLink(),
    updatedAt: defaultsToNow(),
  },
  (t) => [
    uniqueIndex('ia_store_settings_location_uq').on(t.locationId),
    uniqueIndex('ia_store_settings_token_uq').on(t.accessTokenHash),
  ],
);
