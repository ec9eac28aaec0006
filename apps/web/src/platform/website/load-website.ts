import { getWebsite, getWebsiteConfig, websiteSearchString } from '@csp/contracts';
import type { WebsiteConfig, WebsiteInfo } from '@csp/contracts';
import { ApiRequestError, apiCall } from '../../lib/api-client.ts';

export interface LoadedWebsite {
  /** Null when no website answers for this host. */
  website: WebsiteInfo | null;
  /** Null when the config file is missing or invalid: the grey default branding applies. */
  config: WebsiteConfig | null;
  /** The server said no store has a website at this address (404), as opposed to not answering. */
  unknownHost: boolean;
}

/**
 * docs/behaviour/routes-and-guard.md#route-guard step 1 and docs/behaviour/calls.md: the website for this host, then its config file. Neither failure stops
 * the app; it runs with the default branding as a non-SAML site.
 */
export async function loadWebsite(host: string): Promise<LoadedWebsite> {
  let website: WebsiteInfo;
  try {
    website = await apiCall(getWebsite, { query: { searchString: websiteSearchString(host) } });
  } catch (error) {
    return {
      website: null,
      config: null,
      unknownHost: error instanceof ApiRequestError && error.status === 404,
    };
  }
  try {
    const config = await apiCall(getWebsiteConfig, {
      params: { jsonFileName: website.jsonFileName },
    });
    return { website, config, unknownHost: false };
  } catch {
    return { website, config: null, unknownHost: false };
  }
}
