import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { withoutNul } from '../common/errors.ts';
import { LTI_PATHS } from './lti.ts';

/**
 * The launch (issue 33, point 2): the OIDC third-party-initiated login and the launch the
 * platform's form posts. Both are browser navigations: every answer, a refusal or a request
 * that lacks a field (or the whole body) too, is a redirect to a page of the web app, never
 * JSON. So the fields are optional here and the server refuses a missing one with the
 * `bad-request` page; only what no browser sends (a NUL, a value that is not text) is a 400.
 */

/** A field of the platform's request: any text a platform may send, bounded. */
const platformField = withoutNul(z.string().max(8000).optional());

/** The OIDC login initiation's parameters (IMS Security Framework §5.1.1.1). */
export const ltiLoginParameters = z.object({
  iss: platformField,
  login_hint: platformField,
  target_link_uri: platformField,
  /** Opaque to the portal: passed back to the authorization endpoint unaltered. */
  lti_message_hint: platformField,
  client_id: platformField,
  lti_deployment_id: platformField,
});
export type LtiLoginParameters = z.infer<typeof ltiLoginParameters>;

/** What the platform's authorization answer posts (form_post): the token, or an OIDC error. */
export const ltiLaunchForm = z.object({
  id_token: withoutNul(z.string().max(100_000).optional()),
  state: platformField,
  error: platformField,
  error_description: platformField,
});
export type LtiLaunchForm = z.infer<typeof ltiLaunchForm>;

const navigation = {
  auth: false,
  response: z.never(),
  success: { redirect: true },
} as const;

export const startLtiLoginGet = endpoint({
  ...navigation,
  access: { kind: 'public' },
  method: 'GET',
  path: LTI_PATHS.login,
  summary:
    "OIDC login initiation (GET): the platform's first step; answers a redirect to the platform's authorization endpoint with a new state and nonce, or to the refusal page",
  query: ltiLoginParameters,
});

export const startLtiLoginPost = endpoint({
  ...navigation,
  access: { kind: 'public' },
  method: 'POST',
  path: LTI_PATHS.login,
  summary:
    'OIDC login initiation (POST, form-encoded): as the GET, with the parameters in the body',
  body: ltiLoginParameters,
});

export const ltiLaunch = endpoint({
  ...navigation,
  // The signed id_token and its single-use state are the credential: a wrong one is refused.
  access: { kind: 'public', credentials: true },
  method: 'POST',
  path: LTI_PATHS.launch,
  summary:
    "The launch (form_post of id_token and state): validated, then a redirect to where the user lands (My courses, the section's materials, deep linking) or to the refusal page",
  body: ltiLaunchForm,
});

/** The LIS vocabulary of context (membership) roles, LTI 1.3 Core §A.2.3. */
export const LTI_MEMBERSHIP_ROLE_BASE = 'http://purl.imsglobal.org/vocab/lis/v2/membership';

/**
 * Which membership roles make the launch an instructor's or a learner's (issue 33, point 3).
 * A sub-role (`membership/Instructor#TeachingAssistant`) counts by its own name and its
 * parent's; institution and system roles decide nothing (an institution's instructor may be a
 * learner in this course).
 */
export const LTI_ROLE_NAMES = {
  INSTRUCTOR: ['Instructor', 'TeachingAssistant', 'ContentDeveloper', 'Administrator'],
  LEARNER: ['Learner'],
} as const;

/**
 * Where an instructor's launch lands: My courses, with the sign-in ticket and
 * LTI_MY_COURSES_QUERY's section (or pick code).
 */
export const LTI_INSTRUCTOR_PAGE = '/my-courses';
