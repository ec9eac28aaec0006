import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbId, dbIdParam, withoutNul } from '../common/errors.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { adoptionAccountParams } from './adoption-lists.ts';
import { COST_DESIGNATIONS, MAX_DESIGNATION_REASON_LENGTH } from './cost-transparency.ts';

/**
 * A section's required cost and designation (issue 31, point 2;
 * docs/behaviour/flows.md#cost-transparency): the figures kept with the data, the store's
 * override and its history.
 */

const costDesignation = z.enum(COST_DESIGNATIONS);

/** One setting or clearing of a section's override, with who made it and why. */
export const designationOverrideEntry = z.object({
  id: z.number().int(),
  /** ISO instant. */
  at: z.string(),
  action: z.enum(['SET', 'CLEARED']),
  /** The designation set; null: cleared (the kept designation shows again). */
  designation: costDesignation.nullable(),
  reason: z.string(),
  actor: z.object({ userName: z.string(), name: z.string() }).nullable(),
});
export type DesignationOverrideEntry = z.infer<typeof designationOverrideEntry>;

export const sectionCost = z.object({
  sectionId: z.number().int(),
  /** The required materials at the cheapest and the dearest way offered, in cents; null: unknown. */
  lowCents: z.number().int().nullable(),
  highCents: z.number().int().nullable(),
  /** What the rules make of the materials. */
  keptDesignation: costDesignation,
  /** Why it is not zero cost ('' when it is). */
  reason: z.string(),
  /** The store's override; null: none. */
  override: costDesignation.nullable(),
  /** What the section shows: the override, else the kept designation. */
  designation: costDesignation,
  /** The overrides set and cleared, newest first. */
  history: z.array(designationOverrideEntry),
  /**
   * Whether the caller may override this section's designation: the check
   * setSectionDesignation makes (ADOPT_CMA_TEAM over this section), so a team member limited to
   * other departments is not offered an override the server would refuse.
   */
  mayOverride: z.boolean(),
});
export type SectionCost = z.infer<typeof sectionCost>;

export const getSectionCost = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/sectionCost`,
  summary:
    "A section's required cost, its designation (ZTC, LTC or none) with the reason, the store's override and the override's history",
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'catalog' },
  params: adoptionAccountParams,
  query: z.object({ sectionId: dbIdParam }),
  response: sectionCost,
});

export const designationOverrideBody = z.object({
  sectionId: dbId,
  /** The designation the section shows whatever its materials cost; null clears the override. */
  designation: costDesignation.nullable(),
  reason: withoutNul(
    z
      .string()
      .trim()
      .min(1, 'is required: say why')
      .max(
        MAX_DESIGNATION_REASON_LENGTH,
        `must be at most ${MAX_DESIGNATION_REASON_LENGTH} characters`,
      ),
  ),
});
export type DesignationOverrideBody = z.input<typeof designationOverrideBody>;

export const setSectionDesignation = endpoint({
  method: 'PUT',
  path: `${ADOPTION_BASE}/:userAccountId/sectionCost/designation`,
  summary:
    "Sets or clears the store's override of a section's designation, with a reason kept in its history; the same override sent again records nothing more",
  auth: true,
  // The course materials team's: ADOPT_CMA_TEAM is the action for adopting on any course of
  // its scope (no other action manages what a section's materials are on behalf of the store),
  // over the section's catalog scope like every section call.
  access: { kind: 'action', anyOf: ['ADOPT_CMA_TEAM'], scope: 'catalog' },
  params: adoptionAccountParams,
  body: designationOverrideBody,
  response: sectionCost,
});

export const SECTION_COST_MESSAGES = {
  sectionNotFound: 'Section not found.',
  noOverrideAccess: 'Only the course materials team can override a section’s designation.',
} as const;
