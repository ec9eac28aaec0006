import type { ActionAccess } from '../common/access.ts';
import { IA_ACTIONS } from '../common/roles.ts';

/**
 * Inclusive access (issue 32): for chosen sections the required materials are digital, every
 * enrolled student has them from the first day, and the price is charged to the student's
 * account unless the student opts out before the term's deadline (US federal rules require that
 * a student can opt out). The pieces every sub-area shares live here; each sub-area's calls
 * live in its own file beside this one (programs, student page, reminders, charges, access
 * lists).
 *
 * The program of a section (`ia_programs`) lists the section's adopted inclusive-access
 * materials with a per-student price (`ia_program_materials`). Its participants
 * (`ia_participants`) are kept from the enrolments by the database itself (migration 0040):
 * a student enrolled in the section is a participant, a drop keeps the row (`enrolled` false,
 * `droppedAt`), and every change is in `ia_participant_changes` with who and when.
 */

/** The program list and settings name nothing of the catalog: narrowed to the caller's scope. */
export const IA_STORE_ACCESS: ActionAccess = { kind: 'action', anyOf: IA_ACTIONS, scope: 'store' };
/** A section's program: the grant must cover the section. */
export const IA_SECTION_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: IA_ACTIONS,
  scope: 'catalog',
};
/** A term's deadline, charge files and lists are its whole division's. */
export const IA_TERM_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: IA_ACTIONS,
  scope: 'division',
};

/**
 * OPT_OUT: every enrolled student is in until they opt out (the usual model).
 * OPT_IN: a student is in only once they opt in.
 */
export const IA_MODELS = ['OPT_OUT', 'OPT_IN'] as const;
export type IaModel = (typeof IA_MODELS)[number];
export const IA_MODEL_LABELS: Record<IaModel, string> = {
  OPT_OUT: 'Opt-out (students are in unless they opt out)',
  OPT_IN: 'Opt-in (students are in only once they opt in)',
};

/** A participant's own choice; null (no choice made) means the program's model decides. */
export const IA_CHOICES = ['IN', 'OUT'] as const;
export type IaChoice = (typeof IA_CHOICES)[number];

/**
 * Whether a participant is in: their own choice, else the program's model. The one copy of the
 * rule in TypeScript; `iaParticipatingSql` (apps/server/src/modules/inclusive-access/) is the
 * same rule in SQL, and a test holds the two to each other.
 */
export function isParticipating(model: IaModel, choice: IaChoice | null): boolean {
  return (choice ?? (model === 'OPT_OUT' ? 'IN' : 'OUT')) === 'IN';
}

/** What changed a participant: the feeds (enrol, drop), the student, the store's staff. */
export const IA_CHANGE_SOURCES = ['FEED', 'STUDENT', 'STAFF', 'PROGRAM'] as const;
export type IaChangeSource = (typeof IA_CHANGE_SOURCES)[number];
export const IA_CHANGES = ['ENROLLED', 'DROPPED', 'OPTED_OUT', 'OPTED_IN'] as const;
export type IaChange = (typeof IA_CHANGES)[number];
export const IA_CHANGE_LABELS: Record<IaChange, string> = {
  ENROLLED: 'Enrolled',
  DROPPED: 'Dropped the section',
  OPTED_OUT: 'Opted out',
  OPTED_IN: 'Opted in',
};

/** The reminders each student gets per term: at the start of term and 3 days before the deadline. */
export const IA_REMINDER_KINDS = ['TERM_START', 'DEADLINE_NEAR'] as const;
export type IaReminderKind = (typeof IA_REMINDER_KINDS)[number];
/** How many days before the deadline the second reminder goes. */
export const IA_DEADLINE_REMINDER_DAYS = 3;

/** A charge file's lines: a charge, or a credit for a drop within the refund window. */
export const IA_CHARGE_LINE_KINDS = ['CHARGE', 'CREDIT'] as const;
export type IaChargeLineKind = (typeof IA_CHARGE_LINE_KINDS)[number];

/** The e-mailed sign-in link's life (single use). */
export const IA_SIGN_IN_LINK_MINUTES = 15;

/** Messages more than one sub-area gives. */
export const IA_MESSAGES = {
  refusal: 'You do not have permission to manage inclusive access.',
  termNotFound: 'No term of a division you manage inclusive access for has this id.',
  sectionNotFound: 'No section you manage inclusive access for has this id.',
  deadlinePassed: 'The opt-out deadline has passed: choices for this term are final.',
  noDeadline: "This term has no opt-out deadline yet: set the term's deadline first.",
} as const;
