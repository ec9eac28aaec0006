import {
  isPlatformUrl,
  LTI_DEFAULT_COURSE_PATTERN,
  LTI_PUBLIC_ADDRESS,
  LTI_REGISTRATION_MESSAGES as M,
  ltiRegistrationInput,
  type LtiRegistrationInput,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import type { Website } from '../../../lib/request-context.ts';
import { hashOneTimeCode } from '../one-time-code.ts';
import { requirePlatformAddress } from '../platform-address.ts';
import { attachInvite, claimInvite, releaseInvite } from './invite-repository.ts';
import { PlatformCallError, platformJson } from './platform-http.ts';
import { createRegistration } from './registration-service.ts';
import { ltiToolUrls, TOOL_CONFIGURATION_CLAIM, toolRegistration } from './tool-urls.ts';

const PLATFORM_CONFIGURATION_CLAIM = 'https://purl.imsglobal.org/spec/lti-platform-configuration';

/** The fields of the platform's openid_configuration the portal uses (LTI DR 1.0 §3.4). */
interface PlatformConfiguration {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string | null;
  keySetUrl: string;
  registrationEndpoint: string;
  productFamily: string | null;
}

/**
 * LTI Dynamic Registration (issue 33, point 1), run when the platform opened the store's
 * registration page: the invite is taken first (so a second attempt with it, at once or later,
 * does nothing: 404), the platform's configuration read, the portal registered there with the
 * platform's registration token, and the registration saved with the invite marked as its
 * maker, in one transaction. A failure before the save gives the invite back for a retry.
 */
export async function completeDynamicRegistration(
  deps: AppDeps,
  website: Website,
  input: { invite: string; openidConfiguration: string; registrationToken?: string },
) {
  // The portal fetches this address next: refused before any call (LTI_LOCAL_PLATFORMS).
  requirePlatformAddress(deps.config, 'openidConfiguration', input.openidConfiguration);
  const codeHash = hashOneTimeCode(input.invite);
  if (!(await claimInvite(deps.db, website.locationId, codeHash, deps.now()))) {
    throw AppError.notFound(M.inviteRefused, 'invite');
  }
  try {
    const platform = await readConfiguration(deps.config, input.openidConfiguration);
    const urls = ltiToolUrls(website, deps.config);
    const answer = await platformCall('registration', () =>
      platformJson(platform.registrationEndpoint, {
        method: 'POST',
        body: toolRegistration(urls, website.siteTitle),
        bearer: input.registrationToken,
      }),
    );
    const registered = readRegistrationAnswer(answer);
    const registration: LtiRegistrationInput = {
      name: registrationName(platform),
      issuer: platform.issuer,
      clientId: registered.clientId,
      deploymentIds: registered.deploymentId ? [registered.deploymentId] : [],
      keySetUrl: platform.keySetUrl,
      authorizationEndpoint: platform.authorizationEndpoint,
      tokenEndpoint: platform.tokenEndpoint,
      frameOrigins: [],
      coursePattern: LTI_DEFAULT_COURSE_PATTERN,
      grantInstructors: false,
    };
    const checked = ltiRegistrationInput.safeParse(registration);
    if (!checked.success) {
      const field = checked.error.issues[0]?.path.join('.') ?? 'registration';
      throw AppError.badGateway(
        M.registrationRefused(`its ${field} is not one the portal can keep.`),
        'registrationToken',
      );
    }
    const saved = await createRegistration(deps, website.locationId, null, checked.data, (tx, id) =>
      attachInvite(tx, codeHash, id),
    );
    return { name: saved.name, issuer: saved.issuer, clientId: saved.clientId };
  } catch (error) {
    await releaseInvite(deps.db, codeHash);
    throw error;
  }
}

async function platformCall<T>(step: 'configuration' | 'registration', call: () => Promise<T>) {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PlatformCallError)) throw error;
    throw step === 'configuration'
      ? AppError.badGateway(M.configurationUnreadable(error.message), 'openidConfiguration')
      : AppError.badGateway(M.registrationRefused(error.message), 'registrationToken');
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * The platform's configuration, every address in it checked before the portal calls any (the
 * registration endpoint next, the key set and authorization endpoint at launches).
 */
async function readConfiguration(
  config: AppDeps['config'],
  address: string,
): Promise<PlatformConfiguration> {
  const json = await platformCall('configuration', () => platformJson(address, { method: 'GET' }));
  const refuse = (why: string): never => {
    throw AppError.badGateway(M.configurationUnreadable(why), 'openidConfiguration');
  };
  const fields = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const url = (name: string, required: boolean): string | null => {
    const value = text(fields[name]);
    if (value === null) return required ? refuse(`it names no ${name}.`) : null;
    if (!isPlatformUrl(value)) refuse(`its ${name} is not an https address.`);
    const local = LTI_PUBLIC_ADDRESS.inConfiguration(name);
    requirePlatformAddress(config, 'openidConfiguration', value, local);
    return value;
  };
  const issuer = url('issuer', true)!;
  // LTI DR 1.0 §3.5.1: the configuration's address starts with the issuer it names.
  if (!address.startsWith(issuer)) {
    refuse(`its issuer ${issuer} is not the start of its address.`);
  }
  const platform = fields[PLATFORM_CONFIGURATION_CLAIM] as Record<string, unknown> | undefined;
  return {
    issuer,
    authorizationEndpoint: url('authorization_endpoint', true)!,
    tokenEndpoint: url('token_endpoint', false),
    keySetUrl: url('jwks_uri', true)!,
    registrationEndpoint: url('registration_endpoint', true)!,
    productFamily: text(platform?.['product_family_code']),
  };
}

function readRegistrationAnswer(json: unknown): { clientId: string; deploymentId: string | null } {
  const fields = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const clientId = text(fields['client_id']);
  if (!clientId) {
    throw AppError.badGateway(
      M.registrationRefused('its answer has no client_id.'),
      'registrationToken',
    );
  }
  const tool = fields[TOOL_CONFIGURATION_CLAIM] as Record<string, unknown> | undefined;
  return { clientId, deploymentId: text(tool?.['deployment_id']) };
}

/** "Moodle (moodle.example.edu)": the product the platform says it is, and where it is. */
function registrationName(platform: PlatformConfiguration): string {
  const host = new URL(platform.issuer).host;
  const family = platform.productFamily;
  const product = family ? family.charAt(0).toUpperCase() + family.slice(1) : null;
  return (product ? `${product} (${host})` : host).slice(0, 100);
}
