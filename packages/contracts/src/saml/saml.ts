import { z } from 'zod';
import { dbIdParam } from '../common/errors.ts';
import { actionName } from '../common/roles.ts';
import { FILE_MEDIA_TYPES, endpoint } from '../common/endpoint.ts';
import { ADMIN_BASE, SAML_BASE } from '../common/paths.ts';

/**
 * Browser-facing single-sign-on addresses (docs/behaviour/calls.md). They answer with redirects or XML, not
 * JSON (their contracts follow); the service provider's entity id is the metadata address on
 * the request's own host.
 */
export const SAML_PATHS = {
  /** GET, query `next`, `mode=test` or `mode=student`: starts single sign-on (signed AuthnRequest, HTTP-Redirect). */
  login: `${SAML_BASE}/login`,
  /** POST: the assertion consumer service (HTTP-POST binding). */
  acs: `${SAML_BASE}/acs`,
  /** GET: service provider metadata for the host's website; also the SP entity id. */
  metadata: `${SAML_BASE}/metadata`,
  /** GET: single logout (a LogoutRequest to the provider) or the login page. */
  logout: `${SAML_BASE}/logout`,
  /** GET: where the provider sends LogoutResponses and its own LogoutRequests. */
  singleLogout: `${SAML_BASE}/slo`,
} as const;

/** The `mode` of {@link startSamlLogin} that tests the sign-in and signs nobody in (ADR 0041). */
export const SSO_TEST_MODE = 'test';

/**
 * The `mode` of {@link startSamlLogin} that signs a student in to their inclusive-access page
 * (issue 32, point 2; ADR 0048): the answer's e-mail is matched to a student of the store, never
 * to a staff account.
 */
export const SSO_STUDENT_MODE = 'student';

/** The web app's public page that shows what a test sign-in found. */
export const SSO_TEST_PATH = '/sso-test';

/** Every browser-facing address answers a failure as a redirect to the login page too. */
const navigation = {
  auth: false,
  response: z.never(),
  success: { redirect: true },
  access: { kind: 'public' },
} as const;

export const startSamlLogin = endpoint({
  ...navigation,
  method: 'GET',
  path: SAML_PATHS.login,
  summary: 'Start single sign-on: a signed AuthnRequest to the IdP (HTTP-Redirect)',
  query: z.object({
    next: z.string().max(2000).optional(),
    /**
     * `test`: the whole sign-in through the provider, validated as a real one, but nobody is
     * signed in; the browser lands on {@link SSO_TEST_PATH} with a signed token of the outcome
     * (`next` is ignored). `student`: a student's sign-in to the student page (`next` is
     * ignored too).
     */
    mode: z.enum([SSO_TEST_MODE, SSO_STUDENT_MODE]).optional(),
  }),
});

export const samlAssertionConsumer = endpoint({
  ...navigation,
  access: { kind: 'public', credentials: true },
  method: 'POST',
  path: SAML_PATHS.acs,
  summary: 'Assertion consumer service (HTTP-POST binding)',
});

export const samlSingleLogoutPost = endpoint({
  ...navigation,
  access: { kind: 'public', credentials: true },
  method: 'POST',
  path: SAML_PATHS.singleLogout,
  summary: 'Single logout from the IdP (HTTP-POST binding)',
});

export const samlSingleLogoutRedirect = endpoint({
  ...navigation,
  access: { kind: 'public', credentials: true },
  method: 'GET',
  path: SAML_PATHS.singleLogout,
  summary: 'Single logout from the IdP (HTTP-Redirect binding)',
});

export const samlLogout = endpoint({
  ...navigation,
  method: 'GET',
  path: SAML_PATHS.logout,
  summary: 'Logout: single logout at the IdP when the website has it, else the login page',
});

export const getSamlMetadata = endpoint({
  method: 'GET',
  path: SAML_PATHS.metadata,
  summary: "Service provider metadata for the host's website",
  auth: false,
  access: { kind: 'public' },
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.samlMetadata },
});

/** The `loginError` value of a failed single sign-on (docs/behaviour/messages.md). */
export const SAML_LOGIN_ERROR = 'SAMLloginerror';

/**
 * The `reason` values a failed single sign-on carries to the login page: short plain words,
 * never the technical cause (that goes to the server log).
 */
export const SSO_FAILURE_REASONS = [
  'not configured',
  'invalid response',
  'expired',
  'already used',
  'not started here',
  'unknown user',
  'identity provider error',
  'ticket invalid',
  'unknown student',
] as const;
export type SsoFailureReason = (typeof SSO_FAILURE_REASONS)[number];

/** What the web app needs to offer single sign-on on the current host. */
export const samlLoginInfo = endpoint({
  method: 'GET',
  path: `${SAML_BASE}/login-info`,
  summary: "Whether the host's website uses SAML single sign-on, and where to start it",
  auth: false,
  access: { kind: 'public' },
  response: z.object({
    samlEnabled: z.boolean(),
    /** Start of single sign-on (append `?next=`); null when the website does not use SAML. */
    loginUrl: z.string().nullable(),
    /** Where logout sends the browser: the single logout address, or the login page. */
    logoutUrl: z.string(),
    sloEnabled: z.boolean(),
  }),
});

/**
 * What a test sign-in found: the provider's answer matched an active account of the store
 * (`userName` names it), matched none (`providerNames`, the names the provider sent), or was
 * refused (`reason`, one of {@link SSO_FAILURE_REASONS}).
 */
export const SSO_TEST_OUTCOMES = ['matched', 'unknown-user', 'refused'] as const;
export type SsoTestOutcome = (typeof SSO_TEST_OUTCOMES)[number];

export const ssoTestResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('matched'), userName: z.string() }),
  z.object({ outcome: z.literal('unknown-user'), providerNames: z.array(z.string()) }),
  z.object({ outcome: z.literal('refused'), reason: z.enum(SSO_FAILURE_REASONS) }),
]);
export type SsoTestResult = z.infer<typeof ssoTestResult>;

/**
 * The one query key of the test page's address: a signed, short-lived token the page redeems
 * with {@link getSsoTestResult} (ADR 0041). The outcome itself never travels in the address, so
 * an address someone made up shows nothing.
 */
export const SSO_TEST_RESULT_QUERY = 'result';

/** '/sso-test?result=<token>': where the server sends a test sign-in. */
export function ssoTestResultPath(token: string): string {
  const query = new URLSearchParams({ [SSO_TEST_RESULT_QUERY]: token });
  return `${SSO_TEST_PATH}?${query.toString()}`;
}

/** What a test result token that is not valid here is answered with (404). */
export const SSO_TEST_RESULT_GONE =
  'This test result has expired or belongs to another website: run the test again from the store settings.';

/** A JWT's shape (three base64url parts); anything else is refused as a bad input. */
const COMPACT_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const getSsoTestResult = endpoint({
  method: 'GET',
  path: `${SAML_BASE}/test-result`,
  summary:
    "What a single-sign-on test found, from the signed result token (10 minutes) the server sent the test page; 404 when it expired or is another website's",
  auth: false,
  // The token is the credential: a wrong, expired or other website's one is answered 404.
  access: { kind: 'public', credentials: true },
  query: z.object({
    result: z
      .string()
      .trim()
      .min(1, 'result is required')
      .max(8000, 'result is too long to be a test result')
      .regex(COMPACT_JWT, 'result is not a test result'),
  }),
  response: ssoTestResult,
});

/** The session a single-sign-on login yields (docs/behaviour/calls.md#login-and-session ticket exchange). */
export const ssoSession = z.object({
  token: z.string(),
  userName: z.string(),
  name: z.string(),
  userAccountID: z.number().int(),
  userAuthActions: z.array(actionName),
  /** ISO timestamp when the token stops being accepted. */
  expiresAt: z.string(),
});
export type SsoSession = z.infer<typeof ssoSession>;

export const exchangeSamlTicket = endpoint({
  method: 'POST',
  path: `${SAML_BASE}/ticket`,
  summary: 'Exchange a one-time single-sign-on ticket (60 s, single use) for a session',
  auth: false,
  access: { kind: 'public', credentials: true },
  body: z.object({
    ticket: z.string().trim().min(1, 'ticket is required').max(200),
    userAccountId: dbIdParam,
  }),
  response: ssoSession,
});

export const getCurrentSession = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/account/session`,
  summary: 'The session of the current token (restores a single-sign-on login after a reload)',
  auth: true,
  access: { kind: 'signedIn' },
  response: ssoSession,
});
