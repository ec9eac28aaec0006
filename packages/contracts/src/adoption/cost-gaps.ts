import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam } from '../common/errors.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { adoptionAccountParams } from './adoption-lists.ts';
import { courseParams } from './course-access.ts';
import { COST_GAPS_PATH } from '../common/web-paths.ts';
import { COST_DESIGNATIONS } from './cost-transparency.ts';

/**
 * Cost gaps between the sections of one course in one term (issue 31, point 5;
 * docs/behaviour/flows.md#cost-transparency): a section whose required cost at the cheapest
 * is more than the store's gap threshold above the course's cheapest section, or whose
 * required materials are not the cheapest section's, with that cheapest section named as the
 * alternative. The rule is the server's (one statement); clients show what it answers.
 */

/** A section as the gaps name it: the cheapest alternative, or a section with a gap. */
export const costGapSectionRef = z.object({
  sectionId: z.number().int(),
  sectionCode: z.string(),
  /** "First Last" of each professor, by last name; empty when none is assigned. */
  professorNames: z.array(z.string()),
  /** Its required materials at the cheapest and the dearest way offered, in cents; null: unknown. */
  lowCents: z.number().int().nullable(),
  highCents: z.number().int().nullable(),
  /** What the section shows: the store's override, else the kept designation. */
  designation: z.enum(COST_DESIGNATIONS),
});
export type CostGapSectionRef = z.infer<typeof costGapSectionRef>;

export const costGapSection = costGapSectionRef.extend({
  /** Its cheapest cost is more than the threshold above the cheapest section's. */
  costDiffers: z.boolean(),
  /** How much more it costs at the cheapest than the cheapest section; null: unknown. */
  differenceCents: z.number().int().nullable(),
  /** Its required titles (or none) are not the cheapest section's. */
  materialsDiffer: z.boolean(),
});
export type CostGapSection = z.infer<typeof costGapSection>;

/** One course in one term that has at least one gap. */
export const costGapCourse = z.object({
  divisionId: z.number().int(),
  departmentId: z.number().int(),
  departmentCode: z.string(),
  courseId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  termId: z.number().int(),
  termName: z.string(),
  /**
   * Whether the caller may open the course's course detail (course detail's own rule: an adopt
   * action on the course or on one of its sections); a reporter who sees the section but adopts
   * elsewhere gets the course without a link, not one that answers 404.
   */
  mayOpenCourse: z.boolean(),
  /** The course's sections in the term that some adoption covers, within the caller's scope. */
  sectionCount: z.number().int(),
  /** The least and the most of their known costs at the cheapest, in cents. */
  lowestCents: z.number().int(),
  highestCents: z.number().int(),
  /** The section with the least known cost (ties: by section code). */
  cheapest: costGapSectionRef,
  /** The sections with a gap, by section code. */
  gaps: z.array(costGapSection),
});
export type CostGapCourse = z.infer<typeof costGapCourse>;

export const costGapsAnswer = z.object({
  /** The store's gap threshold in cents (locations.cost_gap_threshold_cents). */
  thresholdCents: z.number().int(),
  /** By department code, course code, then term start. */
  courses: z.array(costGapCourse),
});
export type CostGapsAnswer = z.infer<typeof costGapsAnswer>;

export const getCostGaps = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/costGaps`,
  summary:
    "A term's courses whose sections differ in required cost by more than the store's gap threshold, or in required materials, within the caller's section scope; one department or all",
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'catalog' },
  params: adoptionAccountParams,
  query: z.object({ termId: dbIdParam, departmentId: dbIdParam.optional() }),
  response: costGapsAnswer,
});

export const getCourseCostGaps = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/:divisionId/:departmentCode/:courseCode/getCourseCostGaps`,
  summary:
    "A course's cost gaps in each term where it has a section that has not ended, within the caller's section scope",
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'catalog' },
  params: courseParams,
  response: costGapsAnswer,
});

export const COST_GAP_MESSAGES = {
  termNotFound: 'Term not found.',
  departmentNotFound: 'Department not found.',
  courseNotFound: 'Course not found.',
} as const;

/**
 * The staff's cost gaps page for a term (and department): its URL parameters are `termId` and
 * `departmentId` (left out: every department in the caller's scope).
 */
export function costGapsHref(at: { termId: number; departmentId?: number | null }): string {
  const query = new URLSearchParams({ termId: String(at.termId) });
  if (at.departmentId) query.set('departmentId', String(at.departmentId));
  return `${COST_GAPS_PATH}?${query.toString()}`;
}
