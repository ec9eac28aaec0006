import { z } from 'zod';
import type { ActionAccess } from '../common/access.ts';
import { endpoint } from '../common/endpoint.ts';
import { dbId } from '../common/errors.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { ADOPT_ACTIONS } from '../common/roles.ts';
import { DEADLINE_STATUSES } from '../campaigns/deadline-statuses.ts';
import { SECTION_ADOPTION_STATUSES } from '../research/section-list.ts';
import { adoptionAccountParams } from './adoption-lists.ts';
import { adoptionMaterialDTO } from './adoption-materials.ts';
import { adoptionCatalog } from './adoption-wizard.ts';
import { materialChange } from './material-changes.ts';
import { myRolloverProposal } from './rollover-proposals.ts';

/**
 * My courses (issue 30, point 3): an instructor's own sections of the coming terms, and "Adopt
 * the same as last time". "Own" is the sections the caller teaches (their professor record)
 * plus those inside their adopt grants narrower than a division (a department, course or
 * section). A grant on a whole division or the store (the course materials team) would make
 * every section of it "theirs", so such holders see only the sections they teach.
 */

/** The list is the caller's own: it names nothing of the catalog. */
const MY_COURSES_ACCESS: ActionAccess = { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' };
/** The write names a course (and sections of it) the caller must adopt on. */
const ADOPT_SAME_ACCESS: ActionAccess = { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog' };

/** How many sections one "Adopt the same as last time" may cover. */
export const MAX_ADOPT_SAME_SECTIONS = 200;

export const myCourseSection = z.object({
  sectionId: z.number().int(),
  sectionCode: z.string(),
  termId: z.number().int(),
  /** Cut at the first hyphen ("Fall 2026"). */
  termName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The kept section facts (SECTION_ADOPTION_STATUSES). */
  adoptionStatus: z.enum(SECTION_ADOPTION_STATUSES),
  /** The term's adoption deadline (YYYY-MM-DD), or null when the term has none. */
  deadline: z.string().nullable(),
  /** Where the section stands against it (the one rule of DEADLINE_STATUSES). */
  deadlineStatus: z.enum(DEADLINE_STATUSES),
  /** When its earliest covering adoption was submitted (ISO instant), or null. */
  adoptedAt: z.string().nullable(),
  /**
   * What changed since the course's previous term (issue 30, point 5): ENROLLMENT_CHANGE when
   * the section of the same code there had an enrollment more than 25% away; else empty (no
   * previous term, no such section, or a figure unknown on either side).
   */
  changes: z.array(materialChange),
});
export type MyCourseSection = z.infer<typeof myCourseSection>;

/** One material of the previous term, as the confirmation lists it. */
export const previousMaterial = z.object({
  title: z.string(),
  /** The ISBN-13, hyphenated; null for a proposed title (not a catalog title). */
  isbn: z.string().nullable(),
  author: z.string(),
  edition: z.string(),
  required: z.boolean(),
  /** A proposed title (a course pack, a material the catalogs lack). */
  proposed: z.boolean(),
  /**
   * What changed since it was adopted (a newer edition, no longer offered, out of print, a price
   * change over the store's threshold: issue 30, point 5); none for a proposed title.
   */
  changes: z.array(materialChange),
});
export type PreviousMaterial = z.infer<typeof previousMaterial>;

/**
 * The most recent earlier term whose sections of the course had adoptions: earlier than the
 * first coming term in which one of the caller's sections lacks an adoption. When it had
 * materials they are what "the same" adopts (a no-text-required record beside them is left
 * out); when it had only no-text-required records, `noTextRequired` and no materials.
 */
export const previousTerm = z.object({
  termId: z.number().int(),
  termName: z.string(),
  noTextRequired: z.boolean(),
  materials: z.array(previousMaterial),
});
export type PreviousTerm = z.infer<typeof previousTerm>;

export const myCourse = z.object({
  courseId: z.number().int(),
  divisionId: z.number().int(),
  divisionName: z.string(),
  departmentCode: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  /** By term start, then section code. */
  sections: z.array(myCourseSection),
  previous: previousTerm.nullable(),
  /**
   * The store's rollover proposals (ADR 0045) covering the caller's sections of the course that
   * nobody confirmed yet: each to confirm, or to change on the course's page.
   */
  proposals: z.array(myRolloverProposal),
});
export type MyCourse = z.infer<typeof myCourse>;

export const getMyCourses = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/myCourses`,
  summary:
    "The caller's own sections of the terms not yet ended (taught, or within an adopt grant narrower than a division), by course, with each section's adoption status and deadline standing and the course's previous term's materials",
  auth: true,
  access: MY_COURSES_ACCESS,
  params: adoptionAccountParams,
  response: z.object({
    courses: z.array(myCourse),
    /** The server's today (YYYY-MM-DD): what "the deadline has passed" is measured from. */
    today: z.string(),
  }),
});

export const adoptSameAsLastTimeBody = adoptionCatalog.extend({
  sectionIds: z
    .array(dbId)
    .min(1, 'choose at least one section')
    .max(MAX_ADOPT_SAME_SECTIONS, `can list at most ${MAX_ADOPT_SAME_SECTIONS} sections`),
  /**
   * One id per submit, kept by the page through retries (ADR 0012): the same submit sent again
   * answers the adoptions the first one created instead of a refusal.
   */
  requestId: z.uuid({ error: 'must be a UUID' }).optional(),
});
export type AdoptSameAsLastTimeBody = z.input<typeof adoptSameAsLastTimeBody>;

export const adoptSameAsLastTime = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/myCourses/adoptSameAsLastTime`,
  summary:
    "Adopts for the chosen sections of the course (each the caller's own, without an adoption) the previous term's materials, through the wizard's write, in one transaction; answers the adoptions created. 400 naming sectionIds for a section not the caller's, 409 for one already adopted or a course without a previous term",
  auth: true,
  access: ADOPT_SAME_ACCESS,
  params: adoptionAccountParams,
  body: adoptSameAsLastTimeBody,
  response: z.object({
    /** The adoptions this request created (or, repeated, the ones its first submit created). */
    created: z.array(adoptionMaterialDTO),
    /** The sections they were made for. */
    sectionIds: z.array(z.number().int()),
  }),
});

export const MY_COURSES_MESSAGES = {
  title: 'My courses',
  empty: 'You have no sections in the coming terms.',
  notYours: (ids: readonly number[]) =>
    `Section ${ids.join(', ')} is not one of your sections of this course in the coming terms.`,
  alreadyAdopted: (labels: readonly string[]) =>
    `Section ${labels.join(', ')} already has an adoption: open the course to change it.`,
  noPrevious: 'This course has no adoptions in an earlier term to adopt again.',
  requestIdUsed: 'This request id was already used for another course.',
  adoptSame: 'Adopt the same as last time',
  adopted: (count: number, termName: string) =>
    `Adopted ${termName}'s materials for ${count} ${count === 1 ? 'section' : 'sections'}.`,
} as const;
