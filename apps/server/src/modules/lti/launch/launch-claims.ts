import type { JWTPayload } from 'jose';
import { z } from 'zod';
import {
  isPlatformUrl,
  LTI_CLAIMS,
  LTI_MESSAGE_TYPES,
  LTI_PUBLIC_ADDRESS,
  LTI_VERSION,
  withoutNul,
  type LtiLaunchRole,
} from '@csp/contracts';
import type { Config } from '../../../config.ts';
import { hashOneTimeCode } from '../one-time-code.ts';
import { refusesPlatformAddress } from '../platform-address.ts';
import { LaunchRefusal, type LaunchTrace } from './launch-refusal.ts';
import { launchRole } from './launch-roles.ts';

export type LtiMessageType = (typeof LTI_MESSAGE_TYPES)[number];

/** What the portal reads of a verified launch. */
export interface LaunchClaims {
  messageType: LtiMessageType;
  deploymentId: string;
  subject: string;
  /** Lower-cased and trimmed; null when the platform withholds it. */
  email: string | null;
  /** The person's names (given and family, else the full name split at its first space). */
  firstName: string;
  lastName: string;
  role: LtiLaunchRole;
  context: { id: string; label: string | null } | null;
  /** The LIS course section (then offering) sourcedids, non-empty ones only. */
  sourcedIds: string[];
  /** Deep linking: where the answer goes and the platform's opaque data. */
  deepLink: { returnUrl: string; data: string | null } | null;
}

// The database stores no NUL: a claim with one is refused as malformed.
const text = withoutNul(z.string().max(1000));
const id = withoutNul(z.string().trim().min(1).max(255));

/** The claims the portal reads, as LTI 1.3 Core and Deep Linking 2.0 define them. */
const claimsSchema = z.object({
  sub: id,
  email: text.nullish(),
  name: text.nullish(),
  given_name: text.nullish(),
  family_name: text.nullish(),
  [LTI_CLAIMS.roles]: z.array(z.string().max(1000)).max(200),
  [LTI_CLAIMS.targetLinkUri]: z.string().min(1).max(2000),
  [LTI_CLAIMS.context]: z.object({ id, label: text.nullish() }).optional(),
  [LTI_CLAIMS.lis]: z
    .object({
      course_section_sourcedid: text.nullish(),
      course_offering_sourcedid: text.nullish(),
    })
    .optional(),
  [LTI_CLAIMS.resourceLink]: z.object({ id }).optional(),
  [LTI_CLAIMS.deepLinkingSettings]: z
    // The answer page posts there: an https address (http only on this computer), never a
    // javascript: or data: one.
    .object({
      deep_link_return_url: z.string().max(2000).refine(isPlatformUrl, 'is not an https address'),
      data: text.nullish(),
    })
    .optional(),
});
type Claims = z.infer<typeof claimsSchema>;

function requireClaims(payload: JWTPayload): Claims {
  const parsed = claimsSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new LaunchRefusal('missing-claims', `claim ${issue?.path.join('.')}: ${issue?.message}`);
}

function personNames(claims: Claims): { firstName: string; lastName: string } {
  const [first = '', ...rest] = (claims.name ?? '').trim().split(/\s+/);
  return {
    firstName: (claims.given_name?.trim() || first).slice(0, 100),
    lastName: (claims.family_name?.trim() || rest.join(' ')).slice(0, 100),
  };
}

/**
 * The LTI rules over a verified token, in the order a platform's administrator would fix them:
 * the nonce this login issued (`replayed` otherwise: a token posted again under a new state),
 * the message type and version, a deployment the store registered, then the claims the message
 * needs (the target the login named among them) and a role that gives access. `trace` learns what was read, for the log.
 */
export function readLaunchClaims(
  payload: JWTPayload,
  expected: {
    nonceHash: string;
    deploymentIds: readonly string[];
    targetLinkUri: string;
    /** LTI_LOCAL_PLATFORMS: whether the deep-linking return URL may be a local address. */
    config: Pick<Config, 'ltiLocalPlatforms'>;
  },
  trace: LaunchTrace,
): LaunchClaims {
  trace.subject = typeof payload.sub === 'string' ? payload.sub : undefined;
  if (hashOneTimeCode(String(payload['nonce'])) !== expected.nonceHash) {
    throw new LaunchRefusal('replayed', 'the nonce is not the one this login issued');
  }
  const messageType = payload[LTI_CLAIMS.messageType];
  const version = payload[LTI_CLAIMS.version];
  if (typeof messageType === 'string') trace.messageType = messageType;
  if (!LTI_MESSAGE_TYPES.includes(messageType as LtiMessageType)) {
    throw new LaunchRefusal('wrong-message', `message type ${String(messageType)} is not handled`);
  }
  if (version !== LTI_VERSION) {
    throw new LaunchRefusal(
      'wrong-message',
      `LTI version ${String(version)} is not ${LTI_VERSION}`,
    );
  }
  const deploymentId = payload[LTI_CLAIMS.deploymentId];
  if (typeof deploymentId !== 'string' || deploymentId === '') {
    throw new LaunchRefusal('missing-claims', 'no deployment_id claim');
  }
  if (!expected.deploymentIds.includes(deploymentId)) {
    throw new LaunchRefusal('unknown-deployment', `deployment ${deploymentId} is not registered`);
  }
  const claims = requireClaims(payload);
  // LTI 1.3 Core §5.4.1: the signed target must be the one the (unsigned) login named.
  const target = claims[LTI_CLAIMS.targetLinkUri];
  if (target !== expected.targetLinkUri) {
    throw new LaunchRefusal(
      'bad-request',
      `target_link_uri ${target} is not the login's ${expected.targetLinkUri}`,
    );
  }
  const context = claims[LTI_CLAIMS.context];
  if (context) {
    trace.contextId = context.id;
    trace.contextLabel = context.label ?? undefined;
  }
  const settings = claims[LTI_CLAIMS.deepLinkingSettings];
  if (messageType === 'LtiDeepLinkingRequest' && !settings) {
    throw new LaunchRefusal('missing-claims', 'no deep_linking_settings claim');
  }
  // The answer page has the browser post a signed answer there: like every platform address
  // the portal uses, not this computer's or its network's on a deployment facing the world.
  if (settings && refusesPlatformAddress(expected.config, settings.deep_link_return_url)) {
    throw new LaunchRefusal(
      'missing-claims',
      `claim ${LTI_CLAIMS.deepLinkingSettings}.deep_link_return_url: ${LTI_PUBLIC_ADDRESS.rule}`,
    );
  }
  if (messageType === 'LtiResourceLinkRequest' && !claims[LTI_CLAIMS.resourceLink]) {
    throw new LaunchRefusal('missing-claims', 'no resource_link claim');
  }
  const roles = claims[LTI_CLAIMS.roles];
  const role = launchRole(roles);
  if (!role) {
    throw new LaunchRefusal(
      'no-role',
      `no role of the course gives access: ${roles.join(' ') || '(none)'}`,
    );
  }
  trace.role = role;
  const email = claims.email?.trim().toLowerCase() || null;
  const lis = claims[LTI_CLAIMS.lis];
  return {
    messageType: messageType as LtiMessageType,
    deploymentId,
    subject: claims.sub,
    email,
    ...personNames(claims),
    role,
    context: context ? { id: context.id, label: context.label?.trim() || null } : null,
    sourcedIds: [lis?.course_section_sourcedid, lis?.course_offering_sourcedid]
      .map((value) => value?.trim() ?? '')
      .filter((value) => value !== ''),
    deepLink: settings
      ? { returnUrl: settings.deep_link_return_url, data: settings.data ?? null }
      : null,
  };
}
