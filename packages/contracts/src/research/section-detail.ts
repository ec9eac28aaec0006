import { z } from 'zod';
import { ADOPTION_TYPES } from '../adoption/adoption-materials.ts';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { termFields } from '../common/term-fields.ts';
import { researchAccountParams } from './research-lookups.ts';
import { SECTION_STATUS_LABELS, sectionRow } from './section-list.ts';

export const sectionQuery = z.object({ sectionId: dbIdParam });

/** A read about one section (named by the query) in the caller's VIEW_SECTION scope. */
function sectionReadEndpoint<R extends z.ZodType>(route: string, summary: string, response: R) {
  return endpoint({
    method: 'GET',
    path: `${ADMIN_BASE}/:userAccountId/${route}`,
    summary,
    auth: true,
    access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'catalog' },
    params: researchAccountParams,
    query: sectionQuery,
    response,
  });
}

export const sectionProfessor = z.object({
  professorId: z.number().int(),
  /** "Last, First". */
  name: z.string(),
  email: z.string().nullable(),
});

export const enrolledStudent = z.object({
  customerId: z.number().int(),
  studentIdNum: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type EnrolledStudent = z.infer<typeof enrolledStudent>;

/** The section's enrolment, adoption counts and status: the same fields as its list row. */
const sectionAdoptionFields = sectionRow.pick({
  enrollmentCount: true,
  listingCount: true,
  sectionHasNTRAdoption: true,
  sectionHasNonNTRAdoption: true,
  noTextRequired: true,
  adoptionStatus: true,
  adoptionDeadline: true,
  deadlineStatus: true,
}).shape;

/** docs/behaviour/entities.md#section, in full: what /research/section/{id} shows. */
export const sectionDetailDTO = z.object({
  sectionId: z.number().int(),
  sectionCode: z.string(),
  courseId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  departmentId: z.number().int(),
  departmentCode: z.string(),
  departmentName: z.string(),
  divisionId: z.number().int(),
  divisionName: z.string(),
  ...termFields,
  enrollmentCapacity: z.number().int(),
  professors: z.array(sectionProfessor),
  /**
   * docs/behaviour/entities.md: keyed by customerId (as text, JSON's only key type). JSON objects order integer
   * keys numerically, so a client sorts by name itself.
   */
  studentsEnrolled: z.record(z.string(), enrolledStudent),
  ...sectionAdoptionFields,
  /**
   * Share (0-100, one decimal) of the section's order items that are fulfilled; null when it has
   * none. Present only for callers holding VIEW_ONTIME_PERCENTAGE (docs/behaviour/roles.md).
   */
  percentOrderItemsFulfilled: z.number().nullable().optional(),
  /** Whether the caller may adopt for this section's course (the link to its adoption screen). */
  mayAdopt: z.boolean(),
});
export type SectionDetailDTO = z.infer<typeof sectionDetailDTO>;

export const getSectionDetail = sectionReadEndpoint(
  'sectionDetail',
  "A section in the caller's VIEW_SECTION scope: dates, professors, enrolled students, adoption counts, and (with VIEW_ONTIME_PERCENTAGE) the share of its order items fulfilled",
  sectionDetailDTO,
);

export const sectionMaterial = z.object({
  adoptionMaterialId: z.number().int(),
  adoptionType: z.enum(ADOPTION_TYPES),
  titleId: z.number().int().nullable(),
  proposedTitleId: z.number().int().nullable(),
  /** The title's ISBN-13, or null for a proposed title or a no-text-required record. */
  isbn: z.string().nullable(),
  title: z.string().nullable(),
  author: z.string().nullable(),
  edition: z.string().nullable(),
  publisher: z.string().nullable(),
  required: z.boolean(),
  noTextRequired: z.boolean(),
  ia: z.boolean(),
  startDate: z.string(),
  expirationDate: z.string().nullable(),
  /** The title's retail price in cents, when it is a catalog title. */
  retailPriceCents: z.number().int().nullable(),
  /** docs/behaviour/entities.md: 'Additional Information Needed' while the adoption waits for an answer. */
  statusLabel: z.enum([SECTION_STATUS_LABELS.NEEDS_INFORMATION]).nullable(),
});
export type SectionMaterial = z.infer<typeof sectionMaterial>;

export const getSectionMaterials = sectionReadEndpoint(
  'sectionDetail/materials',
  "The active adoptions covering a section (its own, not removed, and its course's auto adoptions): required first, then by title",
  z.object({ materials: z.array(sectionMaterial) }),
);
