import { LTI_STATE_MINUTES, type LtiLoginParameters } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Website } from '../../../lib/request-context.ts';
import { newOneTimeCode } from '../one-time-code.ts';
import { findRegistration } from '../registrations/registration-repository.ts';
import { LaunchRefusal, refusingStep, type LaunchTrace } from './launch-refusal.ts';
import { insertLoginState } from './launch-repository.ts';

type Deps = Pick<AppDeps, 'db' | 'now' | 'throttle'>;

/** The parameters a login initiation must carry (IMS Security Framework §5.1.1.1). */
const REQUIRED = ['iss', 'login_hint', 'target_link_uri'] as const;

/**
 * The authorization request to the platform: a new state (its hash kept, with the nonce's, the
 * registration and the target, for 10 minutes; single use) and the OIDC parameters of an LTI
 * launch. login_hint and lti_message_hint go back exactly as they came.
 */
async function authorizationRequest(
  deps: Deps,
  locationId: number,
  params: LtiLoginParameters,
  launchUrl: string,
  trace: LaunchTrace,
): Promise<string> {
  const missing = REQUIRED.filter((name) => !params[name]?.trim());
  if (missing.length > 0) {
    throw new LaunchRefusal('bad-request', `login initiation without ${missing.join(', ')}`);
  }
  const issuer = params.iss!.trim();
  const clientId = params.client_id?.trim() || undefined;
  const registration = await findRegistration(deps.db, locationId, issuer, clientId);
  if (!registration) {
    const which = clientId
      ? `issuer ${issuer} with client id ${clientId}`
      : `issuer ${issuer} (no client_id sent)`;
    throw new LaunchRefusal('unknown-platform', `no single registration of the ${which}`);
  }
  trace.registrationId = registration.id;
  const deploymentId = params.lti_deployment_id;
  if (deploymentId !== undefined && !registration.deploymentIds.includes(deploymentId)) {
    throw new LaunchRefusal('unknown-deployment', `deployment ${deploymentId} is not registered`);
  }
  const now = deps.now();
  const state = newOneTimeCode();
  const nonce = newOneTimeCode();
  await insertLoginState(deps.db, {
    stateHash: state.codeHash,
    locationId,
    registrationId: registration.id,
    nonce: nonce.codeHash,
    targetLinkUri: params.target_link_uri!,
    expiresAt: new Date(now.getTime() + LTI_STATE_MINUTES * 60_000),
  });
  const url = new URL(registration.authorizationEndpoint);
  const query = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: registration.clientId,
    redirect_uri: launchUrl,
    login_hint: params.login_hint!,
    state: state.code,
    nonce: nonce.code,
    ...(params.lti_message_hint !== undefined && { lti_message_hint: params.lti_message_hint }),
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The OIDC login initiation (issue 33, point 2): where the browser goes next, the platform's
 * authorization endpoint, or the refusal page (logged for the store).
 */
export function startLtiLogin(
  deps: Deps,
  website: Website | null,
  params: LtiLoginParameters,
  launchUrl: string,
): Promise<string> {
  return refusingStep(deps, website, (site, trace) =>
    authorizationRequest(deps, site.locationId, params, launchUrl, trace),
  );
}
