import { z } from 'zod';
import type { ActionAccess, StoreTokenAccess } from '../common/access.ts';
import { endpoint, FILE_MEDIA_TYPES } from '../common/endpoint.ts';
import { dbIdParam } from '../common/errors.ts';
import { ADMIN_BASE, API_PREFIX } from '../common/paths.ts';
import { IA_SECTION_ACCESS } from './inclusive-access.ts';

/**
 * Access lists (issue 32, point 5): per program section, the students who are in (enrolled,
 * and participating by their choice or the program's model), who get the materials on the
 * publisher's or LMS's platform. Staff download a section's list as CSV; the platform reads a
 * term's lists, or a section's, as JSON with the store's integration token
 * (`Authorization: Bearer <token>`, on the store's website host).
 *
 * The token: one per store, kept hashed, shown once when made. Made, replaced and revoked by
 * store-wide holders of MANAGE_INCLUSIVE_ACCESS (they run the programs the lists come from) or
 * MANAGE_STORE (the store's integrations are store settings): the token reads every program's
 * students of the store, so a grant on one division or department does not give it.
 */

/** Where the store's platforms call: no session, the store's token. */
export const INTEGRATION_BASE = `${API_PREFIX}/integration/v1`;

const TOKEN_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: ['MANAGE_INCLUSIVE_ACCESS', 'MANAGE_STORE'],
  held: 'storeWide',
  scope: 'store',
};
const STORE_TOKEN: StoreTokenAccess = { kind: 'storeToken' };

/** The CSV's columns, in order. */
export const IA_ACCESS_LIST_CSV_COLUMNS = ['Student ID', 'Last name', 'First name', 'E-mail'];

export const iaAccessListCsvParams = z.object({ userAccountId: dbIdParam, sectionId: dbIdParam });

export const getIaAccessListCsv = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/inclusiveAccess/sections/:sectionId/accessList.csv`,
  summary: `A program section's access list as CSV (text/csv, columns ${IA_ACCESS_LIST_CSV_COLUMNS.join(', ')}): the students who are in, by last name`,
  auth: true,
  access: IA_SECTION_ACCESS,
  params: iaAccessListCsvParams,
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.csv },
});

export const iaAccessListStudent = z.object({
  /** The student ID of the enrolment feed. */
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type IaAccessListStudent = z.infer<typeof iaAccessListStudent>;

export const iaAccessListSection = z.object({
  sectionId: z.number().int(),
  termId: z.number().int(),
  termName: z.string(),
  departmentCode: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  sectionCode: z.string(),
  /** The program's materials: what the students get. */
  materials: z.array(z.object({ title: z.string(), isbn: z.string().nullable() })),
  /** The students who are in, by last name, first name. */
  students: z.array(iaAccessListStudent),
});
export type IaAccessListSection = z.infer<typeof iaAccessListSection>;

export const getIaTermAccessLists = endpoint({
  method: 'GET',
  path: `${INTEGRATION_BASE}/inclusiveAccess/terms/:termId/accessLists`,
  summary:
    "Every program section of a term of the store with the students who are in (for the publisher's or LMS's platform; Authorization: Bearer <the store's integration token>)",
  auth: false,
  access: STORE_TOKEN,
  params: z.object({ termId: dbIdParam }),
  response: z.object({ termId: z.number().int(), sections: z.array(iaAccessListSection) }),
});

export const getIaSectionAccessList = endpoint({
  method: 'GET',
  path: `${INTEGRATION_BASE}/inclusiveAccess/sections/:sectionId/accessList`,
  summary:
    "One program section of the store with the students who are in (Authorization: Bearer <the store's integration token>)",
  auth: false,
  access: STORE_TOKEN,
  params: z.object({ sectionId: dbIdParam }),
  response: iaAccessListSection,
});

export const iaTokenParams = z.object({ userAccountId: dbIdParam });

export const iaIntegrationTokenState = z.object({
  /** When the store's current token was made; null: the store has none. */
  createdAt: z.string().nullable(),
});
export type IaIntegrationTokenState = z.infer<typeof iaIntegrationTokenState>;

export const getIaIntegrationToken = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/inclusiveAccess/integrationToken`,
  summary: "Whether the store has an access lists' integration token, and when it was made",
  auth: true,
  access: TOKEN_ACCESS,
  params: iaTokenParams,
  response: iaIntegrationTokenState,
});

export const createIaIntegrationToken = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/inclusiveAccess/integrationToken`,
  summary:
    "Makes the store's integration token, replacing any earlier one (which stops working at once); the token is in this answer only",
  auth: true,
  access: TOKEN_ACCESS,
  params: iaTokenParams,
  response: z.object({ token: z.string(), createdAt: z.string() }),
});

export const revokeIaIntegrationToken = endpoint({
  method: 'DELETE',
  path: `${ADMIN_BASE}/:userAccountId/inclusiveAccess/integrationToken`,
  summary:
    "Revokes the store's integration token: the access lists answer no token until a new one",
  auth: true,
  access: TOKEN_ACCESS,
  params: iaTokenParams,
  response: iaIntegrationTokenState,
});

export const IA_ACCESS_LIST_MESSAGES = {
  tokenRefused:
    "Send this store's integration token as Authorization: Bearer <token>; this one is not the store's (or was revoked).",
  notInProgram: 'No program section you manage inclusive access for has this id.',
  sectionNotFound: 'No program section of this store has this id.',
  termNotFound: 'No term of this store has this id.',
  tokenRefusal:
    "Only store-wide inclusive access managers or store administrators manage the store's integration token.",
} as const;
