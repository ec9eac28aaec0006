import { getWebsite, getWebsiteConfig, websiteSearchString } from '@csp/contracts';
import type { WebsiteConfig, WebsiteInfo } from '@csp/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export interface LoadedWebsite {
  /** Null when no website answers for this host. */
  website: WebsiteInfo | null;
  /** Null when the config file is missing or invalid: the grey default branding applies. */
  config: WebsiteConfig | null;
}

/**
 * Spec §2 step 1 and §7: the website for this host, then its config file. Neither failure stops
 * the app; it runs with the default branding as a non-SAML site.
 */
export async function loadWebsite(host: string): Promise<LoadedWebsite> {
  let website: WebsiteInfo;
  try {
    website = await apiCall(getWebsite, { query: { searchString: websiteSearchString(host) } });
  } catch {
    return { website: null, config: null };
  }
  try {
    const config = await apiCall(getWebsiteConfig, {
      params: { jsonFileName: website.jsonFileName },
    });
    return { website, config };
  } catch {
    return { website, config: null };
  }
}
