import { LTI_MESSAGE_TYPES, LTI_PAGES, LTI_PATHS, type LtiToolUrls } from '@csp/contracts';
import type { Config } from '../../../config.ts';
import type { Website } from '../../../lib/request-context.ts';
import { websiteOrigin } from '../../../lib/website-origin.ts';

/**
 * The portal's addresses as a platform knows them: on the store website's configured address
 * (never the request's Host, as links sent away are), so a platform launches the store's site.
 */
export function ltiToolUrls(
  website: Pick<Website, 'host' | 'publicUrl'>,
  config: Pick<Config, 'publicUrl' | 'port'>,
): LtiToolUrls {
  const origin = websiteOrigin(website, config);
  return {
    login: `${origin}${LTI_PATHS.login}`,
    launch: `${origin}${LTI_PATHS.launch}`,
    keySet: `${origin}${LTI_PATHS.keySet}`,
    dynamicRegistration: `${origin}${LTI_PAGES.register}`,
    domain: new URL(origin).host,
  };
}

export const TOOL_CONFIGURATION_CLAIM = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
/** The label a platform shows for the deep-linking placement. */
const TOOL_LINK_LABEL = 'Course materials';

/**
 * The tool's client registration (LTI Dynamic Registration 1.0 §3.1): an OIDC client that
 * launches by id_token (implicit flow), with the store's key set, asking the platform for the
 * user's name and e-mail and for both message types the portal answers.
 */
export function toolRegistration(urls: LtiToolUrls, clientName: string) {
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: urls.login,
    redirect_uris: [urls.launch],
    client_name: clientName,
    jwks_uri: urls.keySet,
    token_endpoint_auth_method: 'private_key_jwt',
    // No LTI Advantage service (grades, rosters) is asked for.
    scope: '',
    [TOOL_CONFIGURATION_CLAIM]: {
      domain: urls.domain,
      target_link_uri: urls.launch,
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
      messages: LTI_MESSAGE_TYPES.map((type) => ({
        type,
        target_link_uri: urls.launch,
        label: TOOL_LINK_LABEL,
      })),
    },
  };
}
