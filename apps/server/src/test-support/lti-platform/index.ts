import { randomUUID } from 'node:crypto';
import { LTI_PATHS } from '@csp/contracts';
import {
  launchClaims,
  withOverrides,
  type LtiPlatformShape,
  type PlatformCourse,
  type PlatformUser,
} from './platform-claims.ts';
import {
  newPlatformKey,
  signIdToken,
  type PlatformKey,
  type TokenOptions,
} from './platform-keys.ts';
import { close, listen } from './platform-server.ts';

/**
 * A learning platform for tests (issue 33, point 6): a real HTTP server on 127.0.0.1 with its
 * own RSA keys and key set, an OIDC authorization endpoint that answers the portal's redirect
 * with a form posting the id_token and state back, a course page whose "Course materials" link
 * starts a launch (in a new window, or in an iframe), and id_tokens shaped like Canvas's,
 * Moodle's or Blackboard's, good or bent. Server tests and the e2e specs both use it.
 */
export { readAutoPost } from './auto-post.ts';
export type { LtiPlatformShape, PlatformCourse, PlatformUser } from './platform-claims.ts';
export type { PlatformKey, TokenOptions } from './platform-keys.ts';

export interface StartLtiPlatformOptions {
  shape: LtiPlatformShape;
  /** The portal's OIDC login URL the launches start at (default: store A's in the test fixture). */
  toolLoginUrl?: string;
  clientId?: string;
  deploymentId?: string;
  /** The port to listen on (default: any free one; the demo platform script uses a fixed one). */
  port?: number;
}

/** How one launch differs from a plain resource-link launch by the platform. */
export interface LaunchOptions {
  messageType?: string;
  /** Claims replaced in the id_token (undefined takes one out). */
  claims?: Record<string, unknown>;
  /** How the id_token is signed and dated. */
  token?: TokenOptions;
  /** The login's lti_deployment_id (default: the platform's deployment; null: none sent). */
  loginDeploymentId?: string | null;
  /** The login's client_id (default: the platform's; null: none sent, as Moodle omits it). */
  loginClientId?: string | null;
  targetLinkUri?: string;
  deepLinkReturnUrl?: string;
}

export interface PlatformLaunch {
  id: string;
  user: PlatformUser;
  course: PlatformCourse;
  /** The OIDC login initiation's parameters, as the platform sends them. */
  loginParams: Record<string, string>;
  /** The portal's login URL with the parameters (a GET login). */
  loginUrl: string;
  /** The platform's course page that starts this launch (with an iframe when `frame`). */
  coursePageUrl(options?: { frame?: boolean }): string;
  /** The id_tokens the authorization endpoint issued for this launch, oldest first. */
  issuedTokens: string[];
}

export interface LtiPlatform {
  shape: LtiPlatformShape;
  /** The platform's `iss`: its base URL. */
  issuer: string;
  keySetUrl: string;
  authorizationEndpoint: string;
  clientId: string;
  deploymentId: string;
  /** The key it signs with, and one it never publishes (bad signatures, unknown key ids). */
  readonly key: PlatformKey;
  unpublishedKey: PlatformKey;
  /** Signs with a new key from now on, publishing it beside the old one (a key rotation). */
  rotateKey(): Promise<void>;
  /** The query of every authorization request the portal sent, oldest first. */
  authorizations: URLSearchParams[];
  launch(user: PlatformUser, course: PlatformCourse, options?: LaunchOptions): PlatformLaunch;
  /** A signed id_token of the platform's shape with `claims` replaced (for bad cases). */
  makeIdToken(
    claims?: Record<string, unknown>,
    options?: TokenOptions & { user?: PlatformUser; course?: PlatformCourse; nonce?: string },
  ): Promise<string>;
  stop(): Promise<void>;
}

const DEFAULT_USER: PlatformUser = {
  id: 'user-1',
  givenName: 'Pat',
  familyName: 'Doe',
  role: 'instructor',
};
const DEFAULT_COURSE: PlatformCourse = { id: 'course-1', label: 'COURSE-1', title: 'Course 1' };

/** The lti_message_hint as each platform makes it: opaque to the tool, passed back unaltered. */
function messageHint(shape: LtiPlatformShape, launchId: string): string {
  if (shape === 'moodle') return JSON.stringify({ cmid: 7, launchid: `ltilaunch_${launchId}` });
  if (shape === 'canvas')
    return `eyJ0eXAiOiJKV1QifQ.${Buffer.from(launchId).toString('base64url')}.c2ln`;
  return `_${launchId}_1+/=`;
}

/** Why the authorization request is refused (an OIDC error), or null when it is in order. */
function authorizationProblem(
  query: URLSearchParams,
  clientId: string,
  launch: PlatformLaunch | undefined,
) {
  const expected: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: clientId,
  };
  for (const [name, value] of Object.entries(expected)) {
    if (query.get(name) !== value) return `${name} must be ${value}`;
  }
  if (!query.get('nonce')) return 'nonce is required';
  if (!query.get('redirect_uri')?.endsWith(LTI_PATHS.launch))
    return 'redirect_uri is not registered';
  if (!launch) return 'lti_message_hint names no launch';
  if (query.get('login_hint') !== launch.user.id) return 'login_hint is not the launching user';
  return null;
}

export async function startLtiPlatform(options: StartLtiPlatformOptions): Promise<LtiPlatform> {
  const { shape } = options;
  const clientId = options.clientId ?? `client-${randomUUID()}`;
  const deploymentId =
    options.deploymentId ?? (shape === 'canvas' ? `6:${randomUUID()}` : randomUUID());
  const toolLoginUrl = options.toolLoginUrl ?? `http://store-a.test${LTI_PATHS.login}`;
  // The portal's launch URL beside its login URL: where the platform sends the browser back.
  const launchUrl = toolLoginUrl.replace(LTI_PATHS.login, LTI_PATHS.launch);
  let key = await newPlatformKey();
  let retired: PlatformKey[] = [];
  const unpublishedKey = await newPlatformKey();
  const launches = new Map<string, { launch: PlatformLaunch; options: LaunchOptions }>();
  const authorizations: URLSearchParams[] = [];

  const claimsOf = (user: PlatformUser, course: PlatformCourse, launchOptions: LaunchOptions) =>
    launchClaims({
      shape,
      issuer: platform.issuer,
      clientId,
      deploymentId,
      user,
      course,
      targetLinkUri: launchOptions.targetLinkUri ?? launchUrl,
      messageType: launchOptions.messageType ?? 'LtiResourceLinkRequest',
      ...(launchOptions.deepLinkReturnUrl && {
        deepLinkReturnUrl: launchOptions.deepLinkReturnUrl,
      }),
    });

  const { server, baseUrl } = await listen(
    {
      keySet: () => ({ keys: [key, ...retired].map((k) => k.publicJwk) }),
      authorize: async (query) => {
        authorizations.push(query);
        const entry = launches.get(query.get('lti_message_hint') ?? '');
        const problem = authorizationProblem(query, clientId, entry?.launch);
        if (problem || !entry)
          return { error: 'invalid_request', description: problem ?? 'unknown launch' };
        const { launch, options: launchOptions } = entry;
        const claims = {
          ...claimsOf(launch.user, launch.course, launchOptions),
          nonce: query.get('nonce'),
        };
        const idToken = await signIdToken(
          withOverrides(claims, launchOptions.claims),
          key,
          launchOptions.token,
        );
        launch.issuedTokens.push(idToken);
        return { idToken };
      },
      coursePage: (launchId) => {
        const entry = [...launches.values()].find((e) => e.launch.id === launchId);
        return entry ? { title: entry.launch.course.title, loginUrl: entry.launch.loginUrl } : null;
      },
    },
    options.port,
  );

  const platform: LtiPlatform = {
    shape,
    issuer: baseUrl,
    keySetUrl: `${baseUrl}/jwks`,
    authorizationEndpoint: `${baseUrl}/authorize`,
    clientId,
    deploymentId,
    get key() {
      return key;
    },
    unpublishedKey,
    async rotateKey() {
      retired = [key];
      key = await newPlatformKey();
    },
    authorizations,
    launch(user, course, launchOptions = {}) {
      const id = randomUUID();
      const hint = messageHint(shape, id);
      const loginClientId =
        launchOptions.loginClientId === undefined ? clientId : launchOptions.loginClientId;
      const loginDeployment =
        launchOptions.loginDeploymentId === undefined
          ? deploymentId
          : launchOptions.loginDeploymentId;
      const loginParams: Record<string, string> = {
        iss: baseUrl,
        login_hint: user.id,
        target_link_uri: launchOptions.targetLinkUri ?? launchUrl,
        lti_message_hint: hint,
        ...(loginClientId !== null && { client_id: loginClientId }),
        ...(loginDeployment !== null && { lti_deployment_id: loginDeployment }),
      };
      const launch: PlatformLaunch = {
        id,
        user,
        course,
        loginParams,
        loginUrl: `${toolLoginUrl}?${new URLSearchParams(loginParams).toString()}`,
        coursePageUrl: ({ frame = false } = {}) =>
          `${baseUrl}/course?launch=${encodeURIComponent(id)}${frame ? '&frame=1' : ''}`,
        issuedTokens: [],
      };
      launches.set(hint, { launch, options: launchOptions });
      return launch;
    },
    async makeIdToken(claims = {}, tokenOptions = {}) {
      const {
        user = DEFAULT_USER,
        course = DEFAULT_COURSE,
        nonce = randomUUID(),
        ...signing
      } = tokenOptions;
      const base = { ...claimsOf(user, course, {}), nonce };
      return signIdToken(withOverrides(base, claims), key, signing);
    },
    stop: () => close(server),
  };
  return platform;
}
