import { z } from 'zod';
import type { ActionAccess } from '../common/access.ts';
import { endpoint } from '../common/endpoint.ts';
import { dbId, dbIdParam } from '../common/errors.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { adoptionAccountParams } from './adoption-lists.ts';
import { materialChange } from './material-changes.ts';

/**
 * Rollover by the store (issue 30, point 4; ADR 0045): the course materials team carries a
 * department's (or a whole division's) adoptions of an earlier term of the same season forward
 * to a target term, section by section (same course, same section code). Each carried adoption
 * becomes a proposal (source ROLLOVER) covering the matched target sections, which the
 * instructor confirms on My courses. Who: MANAGE_ADOPTION_CAMPAIGNS over the whole division
 * (store-wide, or on it), as for deadlines; a division outside it answers 404 naming divisionId.
 */
const CAMPAIGN_ACTIONS = ['MANAGE_ADOPTION_CAMPAIGNS'] as const;

/** The choices and the store's list name nothing of the catalog: narrowed to the caller's divisions. */
export const ROLLOVER_LIST_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: CAMPAIGN_ACTIONS,
  scope: 'store',
};
/** A preview or an apply names a division: the grant must cover all of it. */
const ROLLOVER_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: CAMPAIGN_ACTIONS,
  scope: 'division',
};

export const ROLLOVER_MESSAGES = {
  pageTitle: 'Rollover',
  divisionNotFound: 'No division you run adoption campaigns for has this id.',
  departmentNotFound:
    'No department of this division (or of one you run campaigns for) has this id.',
  termNotFound: 'No term of this division (or of one you run campaigns for) has this id.',
  sourceNotBefore: 'must be a term of the division starting before the target term',
  targetEnded: 'must be a term that has not ended: proposals for it would reach nobody in time',
  noSource: (season: string) =>
    `No earlier ${season} term of this division: choose the term to carry from.`,
  notYours: (ids: readonly number[]) =>
    `Adoption ${ids.join(', ')} is not a rollover proposal for one of your sections.`,
} as const;

/** How many proposals one confirm may name, and the unconfirmed list's page by default. */
export const MAX_CONFIRM_PROPOSALS = 200;
export const DEFAULT_UNCONFIRMED_PAGE_SIZE = 25;

/** What a rollover is about: a division (or one department of it) and the term to fill. */
export const rolloverQuery = z.object({
  divisionId: dbIdParam,
  /** One department of the division; without it, the whole division. */
  departmentId: dbIdParam.optional(),
  /** The term to carry adoptions into. */
  targetTermId: dbIdParam,
  /** The term to carry from; by default the latest earlier term of the target's season. */
  sourceTermId: dbIdParam.optional(),
});
export type RolloverQuery = z.input<typeof rolloverQuery>;

export const rolloverTerm = z.object({
  termId: z.number().int(),
  termName: z.string(),
  startDate: z.string(),
});
export type RolloverTerm = z.infer<typeof rolloverTerm>;

/** One adoption of the source section, as it would be carried. */
export const rolloverMaterial = z.object({
  /** The earlier adoption (in the unconfirmed list and on My courses: the proposal). */
  adoptionMaterialId: z.number().int(),
  title: z.string(),
  /** The ISBN-13, hyphenated; null for a proposed title or no text required. */
  isbn: z.string().nullable(),
  author: z.string(),
  edition: z.string(),
  required: z.boolean(),
  noTextRequired: z.boolean(),
  /** A proposed title (not a catalog title). */
  proposed: z.boolean(),
  /** What changed for the title since (issue 30, point 5). */
  changes: z.array(materialChange),
});
export type RolloverMaterial = z.infer<typeof rolloverMaterial>;

/**
 * CARRY: matched, not adopted, with materials to carry; ALREADY_ADOPTED: the target section has
 * an adoption (skipped); NOTHING_TO_CARRY: matched, but the source section had no adoption;
 * SECTION_GONE / NEW_SECTION: no counterpart in the target / source term.
 */
export const ROLLOVER_SECTION_STATES = [
  'CARRY',
  'ALREADY_ADOPTED',
  'NOTHING_TO_CARRY',
  'SECTION_GONE',
  'NEW_SECTION',
] as const;
export type RolloverSectionState = (typeof ROLLOVER_SECTION_STATES)[number];
export const ROLLOVER_STATE_LABELS: Record<RolloverSectionState, string> = {
  CARRY: 'To carry',
  ALREADY_ADOPTED: 'Already adopted',
  NOTHING_TO_CARRY: 'Nothing to carry',
  SECTION_GONE: 'Section gone',
  NEW_SECTION: 'New section',
};

export const rolloverSection = z.object({
  courseId: z.number().int(),
  departmentCode: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  sectionCode: z.string(),
  sourceSectionId: z.number().int().nullable(),
  targetSectionId: z.number().int().nullable(),
  state: z.enum(ROLLOVER_SECTION_STATES),
  /**
   * The sections' enrollment figures: the enrolled count, or the store's estimate while
   * nobody is enrolled yet (a coming term's usual case).
   */
  sourceEnrollment: z.number().int().nullable(),
  targetEnrollment: z.number().int().nullable(),
  /** SECTION_GONE, NEW_SECTION, ENROLLMENT_CHANGE. */
  changes: z.array(materialChange),
  /** The source section's adoptions (empty for a new section). */
  materials: z.array(rolloverMaterial),
});
export type RolloverSection = z.infer<typeof rolloverSection>;

export const rolloverTotals = z.object({
  /** Target sections that would receive proposals. */
  toCarry: z.number().int(),
  alreadyAdopted: z.number().int(),
  nothingToCarry: z.number().int(),
  sectionGone: z.number().int(),
  newSection: z.number().int(),
  /** Proposals an apply would create (one per carried adoption). */
  proposals: z.number().int(),
});
export type RolloverTotals = z.infer<typeof rolloverTotals>;

export const rolloverPreview = z.object({
  targetTerm: rolloverTerm,
  /** Null when the division has no earlier term of the target's season (and none was chosen). */
  sourceTerm: rolloverTerm.nullable(),
  /** By department, course, section code. */
  sections: z.array(rolloverSection),
  totals: rolloverTotals,
});
export type RolloverPreview = z.infer<typeof rolloverPreview>;

export const rolloverDivision = z.object({
  divisionId: z.number().int(),
  divisionName: z.string(),
  /** Newest first. */
  terms: z.array(rolloverTerm),
  departments: z.array(
    z.object({ departmentId: z.number().int(), code: z.string(), name: z.string() }),
  ),
});
export type RolloverDivision = z.infer<typeof rolloverDivision>;

export const getRolloverChoices = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/rollover/choices`,
  summary:
    'The divisions the caller runs adoption campaigns for, each with its terms (newest first) and departments: what a rollover may be about',
  auth: true,
  access: ROLLOVER_LIST_ACCESS,
  params: adoptionAccountParams,
  response: z.object({ divisions: z.array(rolloverDivision) }),
});

export const getRolloverPreview = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/rollover/preview`,
  summary:
    "What a rollover would carry: each section of the department (or division) in the target and source terms, matched by course and section code, with the source section's adoptions and what changed; writes nothing",
  auth: true,
  access: ROLLOVER_ACCESS,
  params: adoptionAccountParams,
  query: rolloverQuery,
  response: rolloverPreview,
});

export const applyRollover = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/rollover/apply`,
  summary:
    'Carries the preview forward in one transaction: one proposal (source ROLLOVER) per carried adoption, covering its matched target sections without an adoption. Applying again creates nothing new; a target term that has ended is refused (400 naming targetTermId)',
  auth: true,
  access: ROLLOVER_ACCESS,
  params: adoptionAccountParams,
  body: z.object({
    divisionId: dbId,
    departmentId: dbId.optional(),
    targetTermId: dbId,
    sourceTermId: dbId.optional(),
  }),
  response: z.object({
    sourceTerm: rolloverTerm,
    /** Proposals this apply created. */
    created: z.number().int(),
    /** Target sections they cover. */
    sections: z.number().int(),
    /** Carried adoptions already proposed for this term by an earlier apply. */
    alreadyProposed: z.number().int(),
    /** Target sections skipped because they already had an adoption. */
    alreadyAdopted: z.number().int(),
  }),
});
export type ApplyRolloverBody = z.input<typeof applyRollover.body>;
