import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { pageNumber, pageSize } from '../common/paging.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import type { ActionName } from '../common/roles.ts';

export const studentAccountParams = z.object({ userAccountId: dbIdParam });

/**
 * Who may look students up at all (search, detail, rentals, required materials): holders of an
 * action about students, their orders, their funding or their sections. The spec gates the
 * screens only on being signed in; the server keeps students' records from accounts that hold
 * none of these (an instructor who only adopts, a permissions administrator). Which students:
 * all of the store's when one of these is held store-wide; otherwise those enrolled in a section
 * inside the scope of one of them (ADR 0023). Any other student is CUSTOMER_NOT_FOUND, as a
 * student of another store is.
 */
export const STUDENT_LOOKUP_ACTIONS: readonly ActionName[] = [
  'RETURN_RENTALS',
  'AUTOGEN_CREATE_ORDER',
  'UNHOLD_ORDERS',
  'CANCEL_ORDERS',
  'VIEW_TRANSACTIONS',
  'VIEW_STUDENT_ADDRESS',
  'VIEW_STUDENT_SAVINGS',
  'VIEW_SECTION',
  'MANAGE_VOUCHERS',
  'VIEW_STUDENT_FUNDING',
];

/** docs/behaviour/messages.md: the 404 of a student the caller may not look up (unknown, another store's, out of scope). */
export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** The refusal for accounts without any of STUDENT_LOOKUP_ACTIONS. */
export const STUDENT_LOOKUP_REFUSAL = 'You do not have permission to look up students.';

/** docs/behaviour/validation.md: a search string containing digits has its hyphens removed; every one is trimmed. */
export function cleanStudentSearch(input: string): string {
  const trimmed = input.trim().replace(/\s+/g, ' ');
  return /\d/.test(trimmed) ? trimmed.replace(/-/g, '') : trimmed;
}

export const STUDENT_SEARCH_MAX_LENGTH = 100;
export const STUDENT_SEARCH_PAGE_SIZE = 20;

/** A customerId in a query string or body (docs/behaviour/entities.md#student). */
export const customerIdParam = dbIdParam;

export const studentSearchQuery = z.object({
  studentSearch: withoutNul(
    z
      .string({ error: 'Enter a name or a student ID.' })
      .max(STUDENT_SEARCH_MAX_LENGTH, `must be at most ${STUDENT_SEARCH_MAX_LENGTH} characters`),
  )
    .transform(cleanStudentSearch)
    .refine((s) => s.length >= 2, 'Enter at least 2 characters of a name or a student ID.'),
  page: pageNumber.max(1000, 'is too large: narrow the search instead').default(1),
  pageSize: pageSize.default(STUDENT_SEARCH_PAGE_SIZE),
});
export type StudentSearchQuery = z.input<typeof studentSearchQuery>;

/** One search result (docs/behaviour/entities.md#student: customerId). */
export const studentSearchResult = z.object({
  customerId: z.number().int(),
  studentIdNum: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** "Last, First". */
  name: z.string(),
  email: z.string(),
  /** Outstanding rentals (not yet on their way back): what the counter usually wants next. */
  outstandingRentals: z.number().int(),
});
export type StudentSearchResult = z.infer<typeof studentSearchResult>;

/** A search ranks at most this many results; past it, narrow the search. */
export const STUDENT_SEARCH_MAX_RESULTS = 500;

export const searchStudents = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/student/search`,
  summary:
    "Finds the store's students by student ID (whole or its start; hyphens ignored) or by name (each word the start of the first or last name), ranked: exact ID, then ID prefix, then last-name matches, then first-name matches; paged",
  auth: true,
  access: { kind: 'action', anyOf: STUDENT_LOOKUP_ACTIONS, scope: 'store' },
  params: studentAccountParams,
  query: studentSearchQuery,
  response: z.object({
    students: z.array(studentSearchResult),
    /** Results over all pages, at most STUDENT_SEARCH_MAX_RESULTS. */
    recordCount: z.number().int().min(0),
  }),
});
