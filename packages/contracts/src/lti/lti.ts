import { API_PREFIX } from '../common/paths.ts';

/**
 * Launch from a learning platform (issue 33): LTI 1.3 and the IMS Security Framework (OIDC
 * third-party-initiated login, then a signed id_token). What both sides share: the addresses,
 * the claims the portal reads, the refusal reasons and the pages a launch lands on.
 */
export const LTI_BASE = `${API_PREFIX}/lti/v1`;

/** The portal's browser-facing LTI addresses (each on the store website's own host). */
export const LTI_PATHS = {
  /** GET or POST: OIDC login initiation (the platform's first step). */
  login: `${LTI_BASE}/login`,
  /** POST (form_post): the launch with its id_token and state. */
  launch: `${LTI_BASE}/launch`,
  /** GET: the store's public key set (the platform checks deep-linking answers with it). */
  keySet: `${LTI_BASE}/jwks`,
  /** POST (form): the instructor's confirmed deep link, answered by a form to the platform. */
  deepLinkAnswer: `${LTI_BASE}/deep-link/answer`,
} as const;

/** The web app's pages a launch lands on. */
export const LTI_PAGES = {
  /** A refused launch: `?reason=` one of LTI_REFUSAL_REASONS. */
  refused: '/lti/refused',
  /** An unknown instructor: told whom to ask (`?reason=` one of LTI_NO_ACCESS_REASONS). */
  noAccess: '/lti/no-access',
  /** A student's read-only page of one section's materials: `/course-materials/:sectionId`. */
  courseMaterials: '/course-materials',
  /** A student's launch whose course did not map to a section. */
  courseNotFound: '/lti/course-not-found',
  /** The deep-linking confirmation: `?code=`. */
  deepLink: '/lti/deep-link',
  /** Dynamic registration, opened by the platform: `?invite=&openid_configuration=&registration_token=`. */
  register: '/lti/register',
} as const;

/**
 * The query fields the instructor's landing on My courses carries (besides the sign-in
 * ticket): the launched section, or the one-time code of a launch whose course did not map.
 */
export const LTI_MY_COURSES_QUERY = { section: 'ltiSection', pick: 'ltiPick' } as const;

/** The LTI 1.3 message types the portal answers, and the version it speaks. */
export const LTI_MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export const LTI_VERSION = '1.3.0';

/** Claim names (IMS LTI 1.3 Core and Deep Linking 2.0). */
export const LTI_CLAIMS = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  lis: 'https://purl.imsglobal.org/spec/lti/claim/lis',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
} as const;

/** Who the launch makes the user, from the membership roles. */
export const LTI_LAUNCH_ROLES = ['INSTRUCTOR', 'LEARNER'] as const;
export type LtiLaunchRole = (typeof LTI_LAUNCH_ROLES)[number];

export const LTI_LAUNCH_OUTCOMES = ['LAUNCHED', 'REFUSED'] as const;

/**
 * Why a launch was refused, each with the sentence its page shows (the log keeps the
 * technical cause). The page never says more than this: a platform's administrator reads the
 * store's launch log for the rest.
 */
export const LTI_REFUSALS = {
  'unknown-platform': 'This learning platform is not registered with the store.',
  'bad-request': 'The learning platform sent an incomplete launch request.',
  'state-mismatch': 'This launch did not start here, or it took too long. Open the link again.',
  'bad-signature': 'The launch was not signed by the registered learning platform.',
  'unknown-key': 'The launch was signed with a key the learning platform does not publish.',
  'key-set-unreachable': "The learning platform's key set could not be read.",
  'wrong-issuer': 'The launch came from another learning platform than the one registered.',
  'wrong-audience': 'The launch was meant for another tool.',
  expired: 'The launch has expired. Open the link again.',
  'issued-in-future': "The launch is dated in the future: the platform's clock is wrong.",
  replayed: 'This launch was already used. Open the link again.',
  'unknown-deployment': 'This placement of the tool is not registered with the store.',
  'wrong-message': 'The learning platform sent a kind of launch the portal does not handle.',
  'missing-claims': 'The launch is missing information the portal needs.',
  'no-role': 'Your role in this course does not give access to course materials.',
  'too-many':
    'Too many launches came from your network in the last few minutes. Wait a little, then open the link again.',
} as const;
export type LtiRefusalReason = keyof typeof LTI_REFUSALS;
export const LTI_REFUSAL_REASONS = Object.keys(LTI_REFUSALS) as LtiRefusalReason[];

/** Why an instructor's launch did not sign them in: they are told whom to ask. */
export const LTI_NO_ACCESS = {
  /** A new account with no roles (the store does not grant on launch, or the course did not map). */
  'new-account': 'Your account at the store has been created, but it has no access yet.',
  /** An existing account that may not adopt. */
  'no-permission': 'Your account at the store does not have access to course materials yet.',
} as const;
export type LtiNoAccessReason = keyof typeof LTI_NO_ACCESS;

/** The default way a course id maps to the catalog. */
export const LTI_DEFAULT_COURSE_PATTERN = '{term}-{dept}-{course}-{section}';

/** The placeholders a course pattern may use (each at most once; {term} and {course} required). */
export const LTI_PATTERN_FIELDS = ['term', 'dept', 'course', 'section'] as const;

/** Lifetimes. */
export const LTI_STATE_MINUTES = 10;
export const LTI_PICK_MINUTES = 30;
export const LTI_DEEP_LINK_MINUTES = 30;
export const LTI_INVITE_DAYS = 7;
/** The id_token's clock tolerance, seconds (exp and iat). */
export const LTI_CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Abuse limits of the public LTI addresses, counted in the database (one limit across server
 * processes). A whole classroom launches at once from behind one campus address (NAT), so the
 * per-address limit of the launch is generous; what it stops is one client hammering the login
 * (each login writes a state row) or flooding a store's launch log with refusals.
 */
export const LTI_LIMITS = {
  /** The window of the per-address limits, minutes. */
  windowMinutes: 15,
  /**
   * Login initiations and launch posts from one client address per window (both count: 3,000
   * launches). A campus's students often share one address (NAT), and a lecture hall launches at
   * once: the limit only stops one client from filling the database with login states.
   */
  launchStepsPerIp: 6000,
  /** Dynamic registration completions from one client address per window (each fetches from a platform). */
  registrationsPerIp: 20,
  /** Refusals one store's launch log takes per hour; more are still shown a page, not logged. */
  refusalLogRowsPerHour: 300,
  /** Launch log rows older than this many days are deleted (the settings screen shows the last 100). */
  launchLogDays: 180,
} as const;

/**
 * Why the server refuses a platform address on a deployment facing the world (LTI_LOCAL_PLATFORMS
 * off): the address is this computer or a private network, which only the operator's own
 * services answer.
 */
export const LTI_PUBLIC_ADDRESS = {
  /** After the field's name, like the other rules of a registration's fields. */
  rule: "must be the platform's public address",
  /** A dynamic registration whose platform configuration names such an address. */
  inConfiguration: (name: string) =>
    `The learning platform's configuration names a ${name} on the portal's own network: it must be the platform's public address.`,
} as const;

/** How many sample course ids the settings screen's pattern preview takes. */
export const LTI_PREVIEW_MAX_SAMPLES = 10;

/** How many of the store's latest launches its launch log shows. */
export const LTI_LOG_LIMIT = 100;

/** What the pages a launch lands on say (landing.ts's calls refuse in the same words). */
export const LTI_LANDING_MESSAGES = {
  sectionNotFound: 'This store publishes no course materials for this section.',
  pickInvalid: 'This course choice is not one the portal started for you. Open the link again.',
  pickExpired: 'This course choice has expired. Open the link in your course again.',
  pickUsed: 'This course choice was already made for another section.',
  sectionNotYours: 'You may not adopt for this section: choose one of your own.',
  deepLinkInvalid: 'This link request is not one the portal started. Start again in your course.',
  deepLinkExpired: 'This link request has expired. Start again in your course.',
  deepLinkUsed: 'This link was already added to your course.',
  titleRequired: 'Enter a title for the link.',
  /** A refusal whose reason the page does not know. */
  refusedUnknown: 'The launch from your learning platform could not be completed.',
  refusedNext:
    'Open the link in your course again. If it keeps failing, tell the person who looks after your learning platform, and mention this page.',
  noAccessNext: 'Ask the course materials team to give you access, then open the link again.',
  noContact: "Ask your store's course materials team.",
  courseNotFound:
    'Your course is not linked to a section of the store yet. Find it in the textbook list.',
  pickBanner: 'We could not tell which course you opened the portal from. Choose it below.',
  fromCourseSite: 'From your course site',
  thisIsMyCourse: 'This is my course',
  deepLinkAdd: 'Add to the course',
  deepLinkContinue: 'Continue',
} as const;
