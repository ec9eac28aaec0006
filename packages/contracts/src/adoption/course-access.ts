import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ADOPT_ACTIONS } from '../common/roles.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { actionName, type ActionName } from '../common/roles.ts';
import { COST_DESIGNATIONS } from './cost-transparency.ts';

/**
 * The actions that mean something on a course (adopting as the course-materials team, a
 * submitter or an instructor; assigning titles; viewing sections): what getCourseUserActions
 * reports, so the course screen shows only the buttons the caller may use.
 */
export const COURSE_ACTIONS: readonly ActionName[] = [
  'ADOPT_CMA_TEAM',
  'ADOPT_COURSE',
  'ADOPT_INSTRUCTOR',
  'ASSIGN_TITLE',
  'VIEW_SECTION',
];

const code = (what: string) =>
  withoutNul(
    z.string().trim().min(1, `must be a ${what} code`).max(50, 'must be at most 50 characters'),
  );

/** `.../{divisionId}/{departmentCode}/{courseCode}/...`: one course of the caller's store. */
export const courseParams = z.object({
  userAccountId: dbIdParam,
  divisionId: dbIdParam,
  departmentCode: code('department'),
  courseCode: code('course'),
});
export type CourseParams = z.infer<typeof courseParams>;

const COURSE_PATH = `${ADOPTION_BASE}/:userAccountId/:divisionId/:departmentCode/:courseCode`;

export const getCourseUserActions = endpoint({
  method: 'GET',
  path: `${COURSE_PATH}/getCourseUserActions`,
  summary:
    'What the caller may do on this course: the actions they hold on it or on a section of it',
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog' },
  params: courseParams,
  response: z.object({
    /** Held on the course or on at least one of its sections. */
    actions: z.array(actionName),
    /**
     * Held on the course itself: what acts on every section (ending a course adoption, the
     * future-adoptions e-mail) needs one of these; a section-scoped submitter has none.
     */
    courseActions: z.array(actionName),
    /**
     * docs/behaviour/entities.md#course-detail-flag: whether submitters (anyone adopting without the course
     * materials team's action) may ask for print only. The store decides.
     */
    allowSubmittersToSelectPrintOnly: z.boolean(),
    /**
     * Whether the caller may edit the store's titles (issue 31, updateTitleKind): the course
     * materials team's action held store-wide, since titles are every catalog's. A member
     * limited to some departments holds ADOPT_CMA_TEAM here but not this.
     */
    mayEditTitles: z.boolean(),
  }),
});

/**
 * A section of the course as the adoption screens show it (docs/behaviour/entities.md#section). Enrollment is a
 * count; `percentOrderItemsFulfilled` is null while the section has no order item.
 */
export const adoptionSection = z.object({
  sectionId: z.number().int(),
  courseCode: z.string(),
  sectionCode: z.string(),
  termName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  professorNames: z.array(z.string()),
  studentsEnrolled: z.number().int(),
  listingCount: z.number().int(),
  sectionHasNTRAdoption: z.boolean(),
  sectionHasNonNTRAdoption: z.boolean(),
  noTextRequired: z.boolean(),
  percentOrderItemsFulfilled: z.number().nullable(),
  /**
   * Its required materials at the cheapest and the dearest way offered, in cents (null:
   * unknown or not adopted yet), and the designation it shows: the store's override, else the
   * kept one (docs/behaviour/flows.md#cost-transparency).
   */
  requiredCostLowCents: z.number().int().nullable(),
  requiredCostHighCents: z.number().int().nullable(),
  designation: z.enum(COST_DESIGNATIONS),
});
export type AdoptionSection = z.infer<typeof adoptionSection>;

export const getSectionsByDivisionAndCourse = endpoint({
  method: 'GET',
  path: `${COURSE_PATH}/getSectionsByDivisionAndCourse`,
  summary:
    'Sections of the course that have not ended and that the caller may adopt for, by start date',
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'catalog' },
  params: courseParams,
  response: z.object({ potentialAdoptionSections: z.array(adoptionSection) }),
});
