import { z } from 'zod';
import { MAX_DB_ID, withoutNul } from '../common/errors.ts';
import { endpoint } from '../common/endpoint.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { termNameAndDates } from '../common/term-fields.ts';
import { accountIdParams, role } from './permission-schemas.ts';

const divisionId = z.coerce
  .number({ error: 'must be a division id' })
  .int('must be a division id')
  .positive('must be a division id')
  .max(MAX_DB_ID, 'must be a division id');
const code = withoutNul(
  z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
);

/** Role and catalog lists of the add-role form (docs/behaviour/routes-and-guard.md, docs/behaviour/validation.md). All need ASSIGN_PERMISSIONS. */
export const getAllRoles = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/getAllRoles`,
  summary: 'Every role that can be assigned',
  auth: true,
  access: { kind: 'action', anyOf: ['ASSIGN_PERMISSIONS'], scope: 'store' },
  params: accountIdParams,
  response: z.array(role),
});

export const authDivision = z.object({
  divisionId: z.number().int(),
  divisionName: z.string(),
  universityName: z.string(),
});
export type AuthDivision = z.infer<typeof authDivision>;

export const getAuthDivisions = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/getAuthDivisions`,
  summary: "The store's divisions, sorted by name",
  auth: true,
  access: { kind: 'action', anyOf: ['ASSIGN_PERMISSIONS'], scope: 'store' },
  params: accountIdParams,
  response: z.array(authDivision),
});

export const authDepartment = z.object({ departmentCode: z.string(), departmentName: z.string() });
export type AuthDepartment = z.infer<typeof authDepartment>;

export const getAuthDepartments = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/getAuthDepartments`,
  summary: 'Departments of a division, sorted by name (empty names are dropped)',
  auth: true,
  access: { kind: 'action', anyOf: ['ASSIGN_PERMISSIONS'], scope: 'store' },
  params: accountIdParams,
  query: z.object({ divisionId }),
  response: z.array(authDepartment),
});

export const authCourse = z.object({ courseCode: z.string(), courseName: z.string() });
export type AuthCourse = z.infer<typeof authCourse>;

export const getAuthCourses = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/getAuthCourses`,
  summary: 'Courses of a department, sorted by code',
  auth: true,
  access: { kind: 'action', anyOf: ['ASSIGN_PERMISSIONS'], scope: 'store' },
  params: accountIdParams,
  query: z.object({ divisionId, departmentCode: code }),
  response: z.array(authCourse),
});

export const authSection = z.object({
  sectionId: z.number().int(),
  sectionCode: z.string(),
  ...termNameAndDates,
});
export type AuthSection = z.infer<typeof authSection>;

export const getAuthSections = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/getAuthSections`,
  summary: 'Sections of a course, newest term first',
  auth: true,
  access: { kind: 'action', anyOf: ['ASSIGN_PERMISSIONS'], scope: 'store' },
  params: accountIdParams,
  query: z.object({ divisionId, departmentCode: code, courseCode: code }),
  response: z.array(authSection),
});
