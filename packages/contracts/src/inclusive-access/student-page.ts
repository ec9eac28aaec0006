import { ONE_TIME_CODE_PATTERN } from '../common/one-time-code.ts';
import { z } from 'zod';
import type { StudentAccess } from '../common/access.ts';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { ADMIN_BASE, PUBLIC_BASE } from '../common/paths.ts';
import { customerIdParam, studentAccountParams } from '../students/student-search.ts';
import { IA_ACTIONS } from '../common/roles.ts';
import { IA_CHANGE_SOURCES, IA_CHANGES, IA_CHOICES, IA_MODELS } from './inclusive-access.ts';

/**
 * The student's own page (issue 32, point 2) and a student's inclusive access on the staff's
 * student detail screen (point 6). A student signs in with an e-mailed single-use link; the
 * session travels in STUDENT_SESSION_HEADER (ADR 0048) and reaches only the student's own
 * participations. Staff with MANAGE_INCLUSIVE_ACCESS over the student opt out or back in on the
 * student's behalf, under the same rule and deadline, recorded with who did it.
 */

/** The header carrying a student's session token (kept by the page in sessionStorage). */
export const STUDENT_SESSION_HEADER = 'Student-Session';

/** A student session's life (ADR 0048): long enough to read and choose, short if left open. */
export const IA_STUDENT_SESSION_HOURS = 2;

/** Sections whose term's deadline passed longer ago than this leave the student's page. */
export const IA_STUDENT_PAGE_PAST_DAYS = 30;

const STUDENT_ACCESS: StudentAccess = { kind: 'student' };
/** A student's IA sections on the staff screen: the grant must reach the student (ADR 0023). */
const STAFF_ACCESS = { kind: 'action', anyOf: IA_ACTIONS, scope: 'student' } as const;

export const iaMaterial = z.object({
  title: z.string(),
  author: z.string(),
  priceCents: z.number().int(),
});

/** One IA section of a student, as the student and the staff see it. */
export const iaStudentSection = z.object({
  participantId: z.number().int(),
  /** The section's id (a launch from the learning platform lands on one section's page). */
  sectionId: z.number().int(),
  termName: z.string(),
  /** "BIO 101 section 001". */
  sectionName: z.string(),
  courseTitle: z.string(),
  model: z.enum(IA_MODELS),
  materials: z.array(iaMaterial),
  totalCents: z.number().int(),
  /** The last day to opt out or back in (YYYY-MM-DD), or null when the term has none yet. */
  deadline: z.string().nullable(),
  /** The student's own choice, or null: the model decides. */
  choice: z.enum(IA_CHOICES).nullable(),
  /** Whether the student is in (has the materials and is charged). */
  participating: z.boolean(),
  /** Whether the student is enrolled in the section (a drop keeps the row). */
  enrolled: z.boolean(),
  /** Whether a change is still allowed; when not, `whyNot` says why. */
  mayChange: z.boolean(),
  whyNot: z.string().nullable(),
});
export type IaStudentSection = z.infer<typeof iaStudentSection>;

export const IA_STUDENT_PAGE_MESSAGES = {
  linkRequested:
    'If this address belongs to a student of this store, a sign-in link is on its way. It works once, for 15 minutes.',
  linkInvalid: 'This sign-in link is not one we sent. Ask for a new one.',
  linkUsed: 'This sign-in link has already been used. Ask for a new one.',
  linkExpired: 'This sign-in link has expired. Ask for a new one.',
  tooManyRequests: 'Too many sign-in links were asked for. Try again later.',
  sessionMissing: 'Sign in with a link e-mailed to you first.',
  sessionEnded: 'Your session has ended. Ask for a new sign-in link.',
  sectionNotFound: 'None of your inclusive-access sections has this id.',
  notEnrolled: 'You are no longer enrolled in this section: there is nothing to choose.',
  staffSectionNotFound: 'No inclusive-access section of a student you manage has this id.',
  signedOut: 'You are signed out.',
  ssoNoStudent: 'This store has no student with that address at this website.',
  ssoFailed: 'Single sign-on did not sign you in. Try again, or ask for a sign-in link by e-mail.',
} as const;

/**
 * The query key of the student page's address after a refused single sign-on: the reason, one
 * of SSO_FAILURE_REASONS ('unknown student' when the address is no student's of the store).
 */
export const IA_STUDENT_SSO_ERROR_QUERY = 'ssoError';

const email = withoutNul(
  z
    .string()
    .trim()
    .min(1, 'Enter your e-mail address.')
    .max(254, 'must be at most 254 characters')
    .email('is not an e-mail address'),
);
const linkToken = z.string().regex(ONE_TIME_CODE_PATTERN, 'is not a link we sent');
const choiceBody = z.object({ choice: z.enum(IA_CHOICES) });
const participantParams = z.object({ participantId: dbIdParam });

export const requestIaSignInLink = endpoint({
  method: 'POST',
  path: `${PUBLIC_BASE}/inclusiveAccess/signInLink`,
  summary:
    "E-mails a single-use sign-in link to the student page when the address is a student's of this store; the same answer whether or not it is",
  auth: false,
  access: { kind: 'public' },
  body: z.object({ email }),
  response: z.object({ message: z.string() }),
  success: { json: [202] },
});

export const startIaStudentSession = endpoint({
  method: 'POST',
  path: `${PUBLIC_BASE}/inclusiveAccess/session`,
  summary: "Exchanges a sign-in link's token (once, within its life) for a student session token",
  auth: false,
  access: { kind: 'public', credentials: true },
  body: z.object({ token: linkToken }),
  response: z.object({
    sessionToken: z.string(),
    expiresAt: z.string(),
    firstName: z.string(),
  }),
});

export const endIaStudentSession = endpoint({
  method: 'POST',
  path: `${PUBLIC_BASE}/inclusiveAccess/session/end`,
  summary: 'Ends the student session the header names, if any (signing out twice is no error)',
  auth: false,
  access: { kind: 'public' },
  response: z.object({ message: z.string() }),
});

export const iaStudentPage = z.object({
  storeName: z.string(),
  firstName: z.string(),
  /** The store's today (YYYY-MM-DD): what the deadlines are measured from. */
  today: z.string(),
  sections: z.array(iaStudentSection),
});
export type IaStudentPage = z.infer<typeof iaStudentPage>;

export const getIaStudentPage = endpoint({
  method: 'GET',
  path: `${PUBLIC_BASE}/inclusiveAccess/me`,
  summary:
    "The signed-in student's inclusive-access sections (terms whose deadline is not long past): materials, prices, the deadline, whether they are in and may still change",
  auth: false,
  access: STUDENT_ACCESS,
  response: iaStudentPage,
});

export const setIaStudentChoice = endpoint({
  method: 'PUT',
  path: `${PUBLIC_BASE}/inclusiveAccess/me/sections/:participantId`,
  summary:
    'Opts the signed-in student out of (OUT) or back into (IN) one of their sections until the deadline; the same choice again changes nothing',
  auth: false,
  access: STUDENT_ACCESS,
  params: participantParams,
  body: choiceBody,
  response: iaStudentSection,
});

export const iaHistoryEntry = z.object({
  change: z.enum(IA_CHANGES),
  source: z.enum(IA_CHANGE_SOURCES),
  /** The staff member's name for a STAFF or PROGRAM change; null otherwise. */
  actorName: z.string().nullable(),
  at: z.string(),
});
export type IaHistoryEntry = z.infer<typeof iaHistoryEntry>;

export const iaStaffStudentSection = iaStudentSection.extend({
  history: z.array(iaHistoryEntry),
});
export type IaStaffStudentSection = z.infer<typeof iaStaffStudentSection>;

export const getStudentInclusiveAccess = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/student/inclusiveAccess`,
  summary:
    "A student's inclusive-access sections the caller manages, with status and history, and whether they may still be changed",
  auth: true,
  access: STAFF_ACCESS,
  params: studentAccountParams,
  query: z.object({ customerId: customerIdParam }),
  response: z.object({ today: z.string(), sections: z.array(iaStaffStudentSection) }),
});

export const setStudentInclusiveAccess = endpoint({
  method: 'PUT',
  path: `${ADMIN_BASE}/:userAccountId/student/inclusiveAccess/:participantId`,
  summary:
    'Opts a student out of (OUT) or back into (IN) an inclusive-access section on their behalf, until the deadline; recorded with who did it',
  auth: true,
  access: STAFF_ACCESS,
  params: studentAccountParams.extend(participantParams.shape),
  body: choiceBody,
  response: iaStaffStudentSection,
});
