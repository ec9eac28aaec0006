import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { MANAGE_STORE_ACCESS } from '../store/store-settings.ts';
import { compileCoursePattern, LTI_COURSE_PATTERN_MAX_LENGTH } from './course-pattern.ts';
import {
  LTI_BASE,
  LTI_LAUNCH_OUTCOMES,
  LTI_LAUNCH_ROLES,
  LTI_LOG_LIMIT,
  LTI_PATHS,
  LTI_PREVIEW_MAX_SAMPLES,
} from './lti.ts';

export * from './course-pattern.ts';

/**
 * The store's learning platforms (issue 33, point 1): registrations on the store settings
 * screen (the store's administrator's: MANAGE_STORE for the whole store), the course pattern's
 * preview, the launch log, LTI Dynamic Registration and the store's public key set.
 */
const BASE = `${ADMIN_BASE}/:userAccountId/lti`;
const accountParams = z.object({ userAccountId: dbIdParam });
const registrationParams = accountParams.extend({ registrationId: dbIdParam });

/** The web address of a platform: https, or plain http on this computer (tests, development). */
export function isPlatformUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export const LTI_URL_RULE =
  'must be an https address (http only for localhost or 127.0.0.1), like https://canvas.example.edu';

const platformUrl = withoutNul(
  z.string().trim().min(1, 'is required').max(2000).refine(isPlatformUrl, LTI_URL_RULE),
);
const platformText = (max: number) =>
  withoutNul(z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`));

export const LTI_MAX_DEPLOYMENT_IDS = 50;
export const LTI_MAX_FRAME_ORIGINS = 20;

/** What the store's administrator enters for one platform. */
export const ltiRegistrationInput = z.object({
  name: platformText(100),
  /** The platform's `iss`: usually its address, sometimes another fixed text. */
  issuer: platformText(500),
  clientId: platformText(500),
  deploymentIds: z
    .array(platformText(500))
    .max(LTI_MAX_DEPLOYMENT_IDS, `must list at most ${LTI_MAX_DEPLOYMENT_IDS} ids`)
    .refine((ids) => new Set(ids).size === ids.length, 'lists an id twice'),
  keySetUrl: platformUrl,
  authorizationEndpoint: platformUrl,
  tokenEndpoint: platformUrl.nullable(),
  frameOrigins: z
    .array(platformUrl)
    .max(LTI_MAX_FRAME_ORIGINS, `must list at most ${LTI_MAX_FRAME_ORIGINS} addresses`),
  coursePattern: withoutNul(
    z
      .string()
      .max(LTI_COURSE_PATTERN_MAX_LENGTH)
      .superRefine((pattern, ctx) => {
        const compiled = compileCoursePattern(pattern);
        if (!compiled.ok) ctx.addIssue({ code: 'custom', message: compiled.problem });
      }),
  ),
  grantInstructors: z.boolean(),
});
export type LtiRegistrationInput = z.infer<typeof ltiRegistrationInput>;

export const ltiRegistration = ltiRegistrationInput.extend({
  registrationId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Made by LTI Dynamic Registration (the platform sent its configuration). */
  dynamic: z.boolean(),
});
export type LtiRegistration = z.infer<typeof ltiRegistration>;

/** The portal's own addresses the platform's administrator copies (the store website's). */
export const ltiToolUrls = z.object({
  /** The OIDC login initiation URL (also "initiate login URI", "login URL"). */
  login: z.string(),
  /** The launch ("redirect URI", "target link URI"). */
  launch: z.string(),
  /** The store's public key set ("public JWK URL", "tool key set URL"). */
  keySet: z.string(),
  /** Dynamic registration: the page a registration link opens (a link needs an invite). */
  dynamicRegistration: z.string(),
  /** The tool's domain. */
  domain: z.string(),
});
export type LtiToolUrls = z.infer<typeof ltiToolUrls>;

export const listLtiRegistrations = endpoint({
  method: 'GET',
  path: `${BASE}/registrations`,
  summary:
    "The store's learning platform registrations and the portal's own addresses to copy into a platform",
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: accountParams,
  response: z.object({ registrations: z.array(ltiRegistration), toolUrls: ltiToolUrls }),
});

export const createLtiRegistration = endpoint({
  method: 'POST',
  path: `${BASE}/registrations`,
  summary:
    'Registers a learning platform (LTI 1.3); 409 when the store has this issuer and client id already',
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: accountParams,
  body: ltiRegistrationInput,
  response: ltiRegistration,
});

export const updateLtiRegistration = endpoint({
  method: 'PUT',
  path: `${BASE}/registrations/:registrationId`,
  summary:
    "Changes a learning platform's registration; 404 for another store's, 409 when another registration has this issuer and client id",
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: registrationParams,
  body: ltiRegistrationInput,
  response: ltiRegistration,
});

export const deleteLtiRegistration = endpoint({
  method: 'DELETE',
  path: `${BASE}/registrations/:registrationId`,
  summary:
    "Removes a learning platform's registration: its launches are refused from then on (the launch log keeps them)",
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: registrationParams,
  response: z.object({ registrationId: z.number().int() }),
});

export const previewLtiCoursePattern = endpoint({
  method: 'POST',
  path: `${BASE}/coursePatternPreview`,
  summary:
    "Where sample course ids of a platform would land under a course pattern: each one's section, or why none",
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: accountParams,
  body: z.object({
    coursePattern: ltiRegistrationInput.shape.coursePattern,
    sampleIds: z
      .array(withoutNul(z.string().max(200, 'must be at most 200 characters')))
      .max(LTI_PREVIEW_MAX_SAMPLES, `must list at most ${LTI_PREVIEW_MAX_SAMPLES} ids`),
  }),
  response: z.object({
    samples: z.array(
      z.object({
        sampleId: z.string(),
        /** The section it maps to; null with `why`. */
        sectionId: z.number().int().nullable(),
        /** "BIOL 101 section 001, Fall 2026" (and "+ 2 more sections" without {section}). */
        label: z.string().nullable(),
        why: z.string().nullable(),
      }),
    ),
  }),
});

/**
 * Who a launch was, as the store knows them: the staff account it signed in or named, the
 * student the platform's user is linked to, or only the platform's id for its user (`sub`).
 */
export const ltiLaunchPerson = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ACCOUNT'), name: z.string(), userName: z.string() }),
  z.object({ kind: z.literal('STUDENT'), name: z.string() }),
  z.object({ kind: z.literal('UNKNOWN'), platformId: z.string() }),
]);
export type LtiLaunchPerson = z.infer<typeof ltiLaunchPerson>;

/** "Ann Lee (ann.lee@state.edu)", "Sam Student, student", "unknown person (platform id 8f3a…)". */
export function ltiLaunchPersonLabel(person: LtiLaunchPerson): string {
  if (person.kind === 'ACCOUNT') return `${person.name} (${person.userName})`;
  if (person.kind === 'STUDENT') return `${person.name}, student`;
  return `unknown person (platform id ${person.platformId})`;
}

export const ltiLaunchLogEntry = z.object({
  launchId: z.number().int(),
  at: z.string(),
  outcome: z.enum(LTI_LAUNCH_OUTCOMES),
  reason: z.string().nullable(),
  /** The reason's sentence (LTI_REFUSALS), or null for a launch. */
  reasonText: z.string().nullable(),
  detail: z.string(),
  registrationName: z.string().nullable(),
  role: z.enum(LTI_LAUNCH_ROLES).nullable(),
  messageType: z.string().nullable(),
  contextLabel: z.string().nullable(),
  /** Who launched; null for a refusal before the id_token was read. */
  person: ltiLaunchPerson.nullable(),
  /** The section the launch opened ("CHEM 447 section A1, Spring 2027"), when it mapped. */
  sectionLabel: z.string().nullable(),
});
export type LtiLaunchLogEntry = z.infer<typeof ltiLaunchLogEntry>;

export const listLtiLaunches = endpoint({
  method: 'GET',
  path: `${BASE}/launches`,
  summary: `The store's last ${LTI_LOG_LIMIT} launches and refusals, newest first: who launched (the store's account or student, else the platform's id), the section, each refusal's reason and technical detail`,
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: accountParams,
  response: z.object({ launches: z.array(ltiLaunchLogEntry) }),
});

export const createLtiRegistrationInvite = endpoint({
  method: 'POST',
  path: `${BASE}/registrationInvites`,
  summary:
    'Makes a dynamic registration link to paste into a learning platform: single use, valid for LTI_INVITE_DAYS days; the link is in this answer only',
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: accountParams,
  response: z.object({ url: z.string(), expiresAt: z.string() }),
});

/** What the registration page sends: the invite and what the platform put in the address. */
export const completeLtiDynamicRegistration = endpoint({
  method: 'POST',
  path: `${LTI_BASE}/dynamic-registration`,
  summary:
    "LTI Dynamic Registration: reads the platform's openid_configuration, registers the portal there with the registration_token, saves the registration and spends the invite",
  auth: false,
  // The single-use invite is the credential: an unknown, used or expired one answers 404.
  access: { kind: 'public', credentials: true },
  body: z.object({
    invite: withoutNul(z.string().trim().min(1, 'is required').max(200)),
    openidConfiguration: platformUrl,
    registrationToken: withoutNul(z.string().max(8000)).optional(),
  }),
  response: z.object({ name: z.string(), issuer: z.string(), clientId: z.string() }),
});

export const ltiPublicJwk = z.object({
  kty: z.literal('RSA'),
  kid: z.string(),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
  n: z.string(),
  e: z.string(),
});

export const getLtiKeySet = endpoint({
  method: 'GET',
  path: LTI_PATHS.keySet,
  summary:
    "The store's public key set (JWKS): platforms check what the portal signs (deep-linking answers) with it",
  auth: false,
  access: { kind: 'public' },
  response: z.object({ keys: z.array(ltiPublicJwk) }),
});

/** The registrations screen's and the registration page's sentences. */
export const LTI_REGISTRATION_MESSAGES = {
  tooManyRequests: 'Too many registration attempts came from this network. Try again later.',
  duplicate:
    'The store has a registration of this platform with this client id already: change that one.',
  notFound: 'The store has no learning platform registration with this id.',
  inviteRefused:
    'This registration link is unknown, was used already or has expired: ask the store for a new one.',
  configurationUnreadable: (why: string) =>
    `The learning platform's configuration could not be read: ${why}`,
  registrationRefused: (why: string) => `The learning platform refused the registration: ${why}`,
  done: 'The store is registered with the learning platform. You can close this window.',
  noWebsite: 'This address is not a store website.',
} as const;
