import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { termFields } from '../common/term-fields.ts';

export const researchAccountParams = z.object({ userAccountId: dbIdParam });

/**
 * The section filter's lookups (docs/behaviour/calls.md#admin-base: divisions, terms by division, departments by
 * term, courses by department, professors). Each answers only what lies in the caller's
 * VIEW_SECTION scope: a department-scoped submitter is offered that department alone. An id of
 * another store, or outside the scope, is a 404 naming the query field.
 */
export const researchDivision = z.object({
  divisionId: z.number().int(),
  divisionName: z.string(),
});
export type ResearchDivision = z.infer<typeof researchDivision>;

export const getResearchDivisions = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/divisions`,
  summary: "Divisions with sections in the caller's section scope, sorted by name",
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'store' },
  params: researchAccountParams,
  response: z.array(researchDivision),
});

export const researchTerm = z.object(termFields);
export type ResearchTerm = z.infer<typeof researchTerm>;

export const getResearchTerms = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/terms`,
  summary: 'Terms of a division, newest first',
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'catalog' },
  params: researchAccountParams,
  query: z.object({ divisionId: dbIdParam }),
  response: z.array(researchTerm),
});

export const researchDepartment = z.object({
  departmentId: z.number().int(),
  departmentCode: z.string(),
  departmentName: z.string(),
});
export type ResearchDepartment = z.infer<typeof researchDepartment>;

export const getResearchDepartments = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/departments`,
  summary: "Departments with sections in a term, in the caller's section scope, sorted by code",
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'catalog' },
  params: researchAccountParams,
  query: z.object({ termId: dbIdParam }),
  response: z.array(researchDepartment),
});

export const researchCourse = z.object({
  courseId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
});
export type ResearchCourse = z.infer<typeof researchCourse>;

export const getResearchCourses = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/courses`,
  summary:
    "Courses of a department in the caller's section scope (with a term: those with sections in it), sorted by code",
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'catalog' },
  params: researchAccountParams,
  query: z.object({ departmentId: dbIdParam, termId: dbIdParam.optional() }),
  response: z.array(researchCourse),
});

/** How many professors one lookup answers at most: the picker narrows by typing. */
export const PROFESSOR_LOOKUP_LIMIT = 50;

export const researchProfessor = z.object({
  professorId: z.number().int(),
  /** "Last, First". */
  name: z.string(),
});
export type ResearchProfessor = z.infer<typeof researchProfessor>;

export const getResearchProfessors = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/professors`,
  summary: `Professors of the store who teach a section in the caller's section scope, by last name; \`search\` matches the start of the last or first name; at most ${PROFESSOR_LOOKUP_LIMIT}`,
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'catalog' },
  params: researchAccountParams,
  query: z.object({
    search: withoutNul(z.string().trim().max(100, 'must be at most 100 characters')).optional(),
    /** A professor already picked (from a shared link): always answered when in scope. */
    professorId: dbIdParam.optional(),
  }),
  response: z.array(researchProfessor),
});
