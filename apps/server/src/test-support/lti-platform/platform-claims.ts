import { LTI_CLAIMS, LTI_MEMBERSHIP_ROLE_BASE, LTI_VERSION } from '@csp/contracts';

/**
 * The id_token claims of a launch, shaped as each platform documents them: Canvas (custom
 * canvas claims, its placement, a course section's SIS id), Moodle (the course's short name as
 * the context label, empty lis ids, its `ext` claim) and Blackboard Learn (lis with person and
 * course sourcedids, `aud` as a list with `azp`).
 */
export type LtiPlatformShape = 'canvas' | 'moodle' | 'blackboard';

/** A person of the platform: `id` is the stable `sub`. */
export interface PlatformUser {
  id: string;
  givenName: string;
  familyName: string;
  /** Absent: the platform's privacy settings withhold it. */
  email?: string;
  /** The membership role in the course, or the whole roles claim. */
  role: 'instructor' | 'ta' | 'content-developer' | 'learner' | 'mentor' | readonly string[];
  /** The person's SIS id (lis person_sourcedid). */
  sourcedId?: string;
}

/** A course (context) of the platform. */
export interface PlatformCourse {
  id: string;
  /** The context label (Canvas's course code, Moodle's short name). */
  label: string;
  title: string;
  /** The course section's SIS id (lis course_section_sourcedid); Moodle sends none. */
  sectionSourcedId?: string;
  offeringSourcedId?: string;
}

export interface ClaimsInput {
  shape: LtiPlatformShape;
  issuer: string;
  clientId: string;
  deploymentId: string;
  user: PlatformUser;
  course: PlatformCourse;
  targetLinkUri: string;
  messageType: string;
  /** Where a deep-linking answer goes (LtiDeepLinkingRequest only). */
  deepLinkReturnUrl?: string;
}

/** Claims platforms send that the portal does not read. */
const PLATFORM_CLAIMS = {
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  toolPlatform: 'https://purl.imsglobal.org/spec/lti/claim/tool_platform',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
};

const MEMBERSHIP = `${LTI_MEMBERSHIP_ROLE_BASE}#`;
const INSTITUTION = 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#';
const SYSTEM = 'http://purl.imsglobal.org/vocab/lis/v2/system/person#';

/** The roles claim as the platform sends it for a membership role. */
export function rolesClaim(shape: LtiPlatformShape, role: PlatformUser['role']): string[] {
  if (typeof role !== 'string') return [...role];
  const institution =
    role === 'learner' ? 'Student' : shape === 'blackboard' ? 'Faculty' : 'Instructor';
  const membership = {
    instructor: [`${MEMBERSHIP}Instructor`],
    ta: [`${MEMBERSHIP}Instructor`, `${LTI_MEMBERSHIP_ROLE_BASE}/Instructor#TeachingAssistant`],
    'content-developer': [`${MEMBERSHIP}ContentDeveloper`],
    learner: [`${MEMBERSHIP}Learner`],
    mentor: [`${MEMBERSHIP}Mentor`],
  }[role];
  return [`${INSTITUTION}${institution}`, ...membership, `${SYSTEM}User`];
}

function common(input: ClaimsInput): Record<string, unknown> {
  const { user, course } = input;
  const claims: Record<string, unknown> = {
    iss: input.issuer,
    aud: input.clientId,
    sub: user.id,
    given_name: user.givenName,
    family_name: user.familyName,
    name: `${user.givenName} ${user.familyName}`,
    ...(user.email && { email: user.email }),
    locale: 'en',
    [LTI_CLAIMS.messageType]: input.messageType,
    [LTI_CLAIMS.version]: LTI_VERSION,
    [LTI_CLAIMS.deploymentId]: input.deploymentId,
    [LTI_CLAIMS.targetLinkUri]: input.targetLinkUri,
    [LTI_CLAIMS.roles]: rolesClaim(input.shape, user.role),
    [LTI_CLAIMS.context]: {
      id: course.id,
      label: course.label,
      title: course.title,
      type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
    },
  };
  if (input.messageType === 'LtiDeepLinkingRequest') {
    claims[LTI_CLAIMS.deepLinkingSettings] = {
      deep_link_return_url: input.deepLinkReturnUrl ?? `${input.issuer}/deep-link-return`,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      accept_multiple: false,
      data: `dl-${course.id}`,
    };
  } else {
    claims[LTI_CLAIMS.resourceLink] = { id: `${course.id}-materials`, title: 'Course materials' };
  }
  return claims;
}

function canvas(input: ClaimsInput): Record<string, unknown> {
  const { user, course } = input;
  return {
    azp: input.clientId,
    picture: `${input.issuer}/images/messages/avatar-50.png`,
    [LTI_CLAIMS.lis]: {
      person_sourcedid: user.sourcedId ?? null,
      course_offering_sourcedid: course.offeringSourcedId ?? null,
      course_section_sourcedid: course.sectionSourcedId ?? null,
    },
    [PLATFORM_CLAIMS.launchPresentation]: {
      document_target: 'iframe',
      return_url: `${input.issuer}/courses/${course.id}/external_content/success/external_tool_redirect`,
      locale: 'en',
      height: 400,
      width: 800,
    },
    [PLATFORM_CLAIMS.toolPlatform]: {
      guid: 'emulated-canvas:canvas-lms',
      name: 'Emulated Canvas',
      version: 'cloud',
      product_family_code: 'canvas',
    },
    [PLATFORM_CLAIMS.custom]: {
      canvas_course_id: course.id,
      canvas_user_id: user.id,
      canvas_user_login_id: user.email ?? '',
      canvas_course_section_sis_ids: course.sectionSourcedId ?? '',
    },
    'https://www.instructure.com/placement': 'course_navigation',
    errors: { errors: {} },
  };
}

function moodle(input: ClaimsInput): Record<string, unknown> {
  return {
    // Moodle sends the lis claim with the (usually empty) ID numbers of the person and course.
    [LTI_CLAIMS.lis]: { person_sourcedid: '', course_section_sourcedid: '' },
    [PLATFORM_CLAIMS.launchPresentation]: {
      locale: 'en',
      document_target: 'iframe',
      return_url: `${input.issuer}/mod/lti/return.php?course=${input.course.id}`,
    },
    [PLATFORM_CLAIMS.toolPlatform]: {
      product_family_code: 'moodle',
      version: '2024100700',
      guid: new URL(input.issuer).host,
      name: 'Emulated Moodle',
    },
    [PLATFORM_CLAIMS.custom]: {},
    'https://purl.imsglobal.org/spec/lti/claim/ext': {
      user_username: input.user.email ?? input.user.id,
      lms: 'moodle-2',
    },
  };
}

function blackboard(input: ClaimsInput): Record<string, unknown> {
  const { user, course } = input;
  return {
    aud: [input.clientId],
    azp: input.clientId,
    [LTI_CLAIMS.lis]: {
      person_sourcedid: user.sourcedId ?? `bb-${user.id}`,
      course_offering_sourcedid: course.offeringSourcedId ?? course.label,
      course_section_sourcedid: course.sectionSourcedId ?? course.label,
    },
    [PLATFORM_CLAIMS.launchPresentation]: { document_target: 'iframe', locale: 'en-US' },
    [PLATFORM_CLAIMS.toolPlatform]: {
      guid: 'emulated-blackboard',
      product_family_code: 'BlackboardLearn',
      version: '3900.0.0-rel.1',
      name: 'Emulated Blackboard Learn',
    },
  };
}

const SHAPES: Record<LtiPlatformShape, (input: ClaimsInput) => Record<string, unknown>> = {
  canvas,
  moodle,
  blackboard,
};

/** Every claim of the launch but the times and the nonce, as `input.shape` sends them. */
export function launchClaims(input: ClaimsInput): Record<string, unknown> {
  return { ...common(input), ...SHAPES[input.shape](input) };
}

/**
 * `claims` with `overrides` applied: a key set to undefined is taken out (a missing claim),
 * any other value replaces the claim.
 */
export function withOverrides(
  claims: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const result = { ...claims };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete result[key];
    else result[key] = value;
  }
  return result;
}
