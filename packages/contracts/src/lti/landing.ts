import { ONE_TIME_CODE_PATTERN } from '../common/one-time-code.ts';
import { z } from 'zod';
import type { ActionAccess } from '../common/access.ts';
import { FILE_MEDIA_TYPES, endpoint } from '../common/endpoint.ts';
import { dbId, dbIdParam, withoutNul } from '../common/errors.ts';
import { ADOPT_ACTIONS } from '../common/roles.ts';
import { textbookSection, textbookTerm } from '../research/textbook-list.ts';
import { LTI_BASE, LTI_LANDING_MESSAGES, LTI_PATHS } from './lti.ts';

/**
 * Where a launch lands (issue 33, sub-area "landing"): a section's materials for a student, the
 * store's contact for whom to ask, the instructor's course picker, and deep linking (the
 * instructor places a "Course materials" link in the platform's course).
 */

/** A one-time code the portal made (a pick code, a deep link's code): base64url. */
const oneTimeCode = z.string().regex(ONE_TIME_CODE_PATTERN, 'is not a code the portal made');

/** The message type of the portal's answer to a deep-linking request (Deep Linking 2.0). */
export const LTI_DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';

/** The title a deep link gets unless the instructor changes it. */
export const LTI_DEEP_LINK_DEFAULT_TITLE = 'Course materials';
export const LTI_DEEP_LINK_TITLE_MAX = 120;

export const getLtiCourseMaterials = endpoint({
  method: 'GET',
  path: `${LTI_BASE}/course-materials`,
  summary:
    "One section's required and recommended materials with prices and its cost designation, as the public textbook list shows them (a student's landing from the learning platform); 404 for another store's section or a term that ended more than a year ago",
  auth: false,
  access: { kind: 'public' },
  query: z.object({ sectionId: dbIdParam }),
  response: z.object({
    storeName: z.string(),
    term: textbookTerm,
    /** With its department's ("BIO 101"). */
    courseCode: z.string(),
    courseName: z.string(),
    section: textbookSection,
    /** The store's low-textbook-cost threshold in cents, for the page's word to students. */
    ltcThresholdCents: z.number().int(),
  }),
});

export const ltiStoreContact = z.object({
  storeName: z.string(),
  /** The course materials team's address (store settings), or null when none is set. */
  courseMaterialsEmail: z.string().nullable(),
});
export type LtiStoreContact = z.infer<typeof ltiStoreContact>;

export const getLtiStoreContact = endpoint({
  method: 'GET',
  path: `${LTI_BASE}/store-contact`,
  summary:
    "The store's name and its course materials team's e-mail: whom a launch's refusal and no-access pages tell the user to ask",
  auth: false,
  access: { kind: 'public' },
  response: ltiStoreContact,
});

/** The section named must be one the caller may adopt on (an instructor: their own). */
const TIE_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: ADOPT_ACTIONS,
  scope: 'catalog',
  otherSection: 404,
};

export const tieLtiCourse = endpoint({
  method: 'POST',
  path: `${LTI_BASE}/course-pick`,
  summary:
    "Ties the platform course of an unmapped instructor launch to one of the caller's sections (spends the launch's pick code): the course's next launch lands on that section. 404 naming sectionId for a section the caller may not adopt on, 400 naming pickCode for a code not the caller's or expired, 409 for one already spent on another section",
  auth: true,
  access: TIE_ACCESS,
  body: z.object({ pickCode: oneTimeCode, sectionId: dbId }),
  response: z.object({ sectionId: z.number().int() }),
});

export const getLtiDeepLink = endpoint({
  method: 'GET',
  path: `${LTI_BASE}/deep-link`,
  summary:
    "A deep-linking request waiting for the instructor: the platform and the course the link will open. 404 naming code for an unknown or another store's code, 410 for an expired or used one",
  auth: false,
  access: { kind: 'public', credentials: true },
  query: z.object({ code: oneTimeCode }),
  response: z.object({
    platformName: z.string(),
    /** "BIO 101 section 001: Introduction to Biology", when the launch named a section. */
    courseName: z.string().nullable(),
    defaultTitle: z.string(),
    /** Where the form posts (the browser's own navigation, not a call). */
    answerPath: z.string(),
  }),
});

export const answerLtiDeepLink = endpoint({
  method: 'POST',
  path: LTI_PATHS.deepLinkAnswer,
  summary:
    "The instructor's confirmed deep link (an HTML form post, code and title): answers a page that posts the signed LtiDeepLinkingResponse (JWT) to the platform's return URL. 404 naming code for an unknown one, 410 for an expired or used one",
  auth: false,
  access: { kind: 'public', credentials: true },
  body: z.object({
    code: oneTimeCode,
    title: withoutNul(
      z
        .string()
        .trim()
        .min(1, LTI_LANDING_MESSAGES.titleRequired)
        .max(LTI_DEEP_LINK_TITLE_MAX, `must be at most ${LTI_DEEP_LINK_TITLE_MAX} characters`),
    ),
  }),
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.html },
});
