import { z } from 'zod';
import type { ActionAccess } from '../common/access.ts';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { optionalText } from '../common/filters.ts';
import { pagedResponse, pageNumber, pageSize } from '../common/paging.ts';
import { ADMIN_BASE } from '../common/paths.ts';

/**
 * Department contacts (issue 30, point 2): who hears about a department's missing adoptions
 * after the deadline (the campaign digest), e.g. its chair. Kept per department, set here or
 * by the sections feed's `department_contact_name` and `department_contact_email` columns.
 *
 * Who: holders of MANAGE_ADOPTION_CAMPAIGNS over the department's whole division (store-wide,
 * or on that division), as for deadlines. The list shows only those divisions' departments; a
 * department of another division (or store) answers 404 naming `departmentId`.
 */
const CAMPAIGN_ACTIONS = ['MANAGE_ADOPTION_CAMPAIGNS'] as const;

/** The list names nothing of the catalog: it is narrowed to the caller's divisions. */
const CONTACTS_LIST_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: CAMPAIGN_ACTIONS,
  scope: 'store',
};
/** The digest is the division's campaign: the grant must cover the department's division. */
const DEPARTMENT_CONTACT_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: CAMPAIGN_ACTIONS,
  scope: 'division',
};

export const CONTACT_MESSAGES = {
  departmentNotFound: 'No department of a division you run adoption campaigns for has this id.',
  /** Validation messages: the server answers them as "contactName: must be …". */
  nameTooLong: 'must be at most 120 characters',
  nameOneLine: 'must be on one line',
  badEmail: 'must be an e-mail address, like chair@university.edu',
  withoutContact: 'must be true or false',
} as const;
const M = CONTACT_MESSAGES;

/** The longest contact name (a person's name and title, e.g. "Dr. Ada Lovelace, Chair"). */
export const CONTACT_NAME_MAX = 120;
/** Departments per page by default; a store with thousands of departments is paged. */
export const DEFAULT_CONTACTS_PAGE_SIZE = 50;

/** An e-mail address, as the store keeps it: trimmed, lower case (blank: none). */
const EMAIL_SHAPE = z.email();
const isEmail = (value: string) => value.length <= 254 && EMAIL_SHAPE.safeParse(value).success;

export const contactAccountParams = z.object({ userAccountId: dbIdParam });
export const departmentContactParams = z.object({
  userAccountId: dbIdParam,
  departmentId: dbIdParam,
});

export const departmentContactQuery = z.object({
  /** Part of the department's code or name, ignoring case. */
  search: optionalText(100),
  /** Only the departments nobody hears about: no contact e-mail. */
  withoutContact: z
    .enum(['true', 'false'], { error: M.withoutContact })
    .optional()
    .transform((value) => value === 'true'),
  page: pageNumber.default(1),
  pageSize: pageSize.default(DEFAULT_CONTACTS_PAGE_SIZE),
});

export const departmentContact = z.object({
  departmentId: z.number().int(),
  divisionId: z.number().int(),
  divisionName: z.string(),
  code: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** The department's sections in the terms not yet ended (what a digest would be about). */
  sections: z.number().int(),
});
export type DepartmentContact = z.infer<typeof departmentContact>;

/** The name as typed: trimmed, one line, at most 120 characters; blank or null is none. */
export const contactNameInput = withoutNul(
  z
    .string()
    .trim()
    .max(CONTACT_NAME_MAX, M.nameTooLong)
    .refine((value) => !/[\r\n\u2028\u2029]/.test(value), M.nameOneLine),
)
  .nullable()
  .transform((value) => value || null);

/** The address as typed: trimmed, lower case; blank or null is none. */
export const contactEmailInput = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || isEmail(value), M.badEmail)
  .nullable()
  .transform((value) => value || null);

export const departmentContactBody = z.object({
  contactName: contactNameInput,
  contactEmail: contactEmailInput,
});

export const getDepartmentContacts = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/departmentContacts`,
  summary:
    'The departments of the divisions the caller runs campaigns for, by division name then code, each with its contact (who gets the campaign digest) and its sections in the terms not yet ended; one page at a time',
  auth: true,
  access: CONTACTS_LIST_ACCESS,
  params: contactAccountParams,
  query: departmentContactQuery,
  response: pagedResponse('departments', departmentContact),
});

export const setDepartmentContact = endpoint({
  method: 'PUT',
  path: `${ADMIN_BASE}/:userAccountId/departmentContacts/:departmentId`,
  summary:
    "Sets (or, with nulls, clears) a department's contact. The address must be one the store knows (an account's, or at one of its domains). Answers the department as the list shows it.",
  auth: true,
  access: DEPARTMENT_CONTACT_ACCESS,
  params: departmentContactParams,
  body: departmentContactBody,
  response: departmentContact,
});
