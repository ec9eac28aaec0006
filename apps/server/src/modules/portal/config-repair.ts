import { DEFAULT_BRANDING, websiteConfig, type WebsiteConfig } from '@csp/contracts';

/** What a website shows for a config field that is missing or malformed: grey, no logo. */
const FALLBACK_CONFIG: WebsiteConfig = {
  ...DEFAULT_BRANDING,
  logo: '',
  logoMobile: '',
  logoWidth: 200,
  logoHeight: 64,
  logoMobileHeight: 40,
  googleTagManagerHeader: '',
  googleTagManagerBody: '',
};

/**
 * Website configs are edited by hand in the database; one bad field must cost that field (it
 * falls back to grey branding), never the whole site. Returns the repaired config and the names
 * of the fields that were replaced.
 */
export function repairWebsiteConfig(stored: unknown): {
  config: WebsiteConfig;
  repaired: string[];
} {
  const source = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const config = { ...FALLBACK_CONFIG } as Record<keyof WebsiteConfig, unknown>;
  const repaired: string[] = [];
  for (const key of Object.keys(FALLBACK_CONFIG) as (keyof WebsiteConfig)[]) {
    const field = websiteConfig.shape[key].safeParse(source[key]);
    if (field.success) config[key] = field.data;
    else repaired.push(key);
  }
  return { config: config as WebsiteConfig, repaired };
}
