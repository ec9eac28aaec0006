import { z } from 'zod';
import { FILE_MEDIA_TYPES, endpoint } from '../common/endpoint.ts';
import { withoutNul } from '../common/errors.ts';
import { CONFIG_BASE, LOGO_BASE, PORTAL_BASE } from '../common/paths.ts';

/** Website info (docs/behaviour/entities.md). */
export const websiteInfo = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  externalLocationRef: z.string(),
  jsonFileName: z.string(),
  ssoType: z.enum(['SAML', 'NONE']),
  sloEnabled: z.boolean(),
  name: z.string(),
  siteTitle: z.string(),
});
export type WebsiteInfo = z.infer<typeof websiteInfo>;

const cssColor = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'Colours are hex values such as #5f6368');

/** Website config (docs/behaviour/entities.md): the JSON file named by `jsonFileName`. */
export const websiteConfig = z.object({
  brandPrimaryColor: cssColor,
  brandSecondaryColor: cssColor,
  /** URL of the full logo, shown in the drawer on wide screens. */
  logo: z.string(),
  /** URL of the small logo, shown in the top bar on phones. */
  logoMobile: z.string(),
  logoWidth: z.number().int().positive(),
  logoHeight: z.number().int().positive(),
  logoMobileHeight: z.number().int().positive(),
  /** Google Tag Manager container snippets; empty when the site has none. */
  googleTagManagerHeader: z.string(),
  googleTagManagerBody: z.string(),
});
export type WebsiteConfig = z.infer<typeof websiteConfig>;

/** Grey default branding (docs/behaviour/README.md#the-product-in-brief, docs/behaviour/constants.md), used when a website or its config cannot be loaded. */
export const DEFAULT_BRANDING = {
  brandPrimaryColor: '#5f6368',
  brandSecondaryColor: '#9e9e9e',
} as const;

/**
 * The host rule of docs/behaviour/calls.md: strip a leading 'my.', change '.pro.' to '.' and '.local.' to
 * '.dev.'. The port, if any, is dropped first.
 */
export function websiteSearchString(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) h = h.slice(0, h.indexOf(']') + 1);
  else h = h.replace(/:\d+$/, '');
  if (h.startsWith('my.')) h = h.slice(3);
  return h.replaceAll('.pro.', '.').replaceAll('.local.', '.dev.');
}

export const getWebsite = endpoint({
  method: 'GET',
  path: `${PORTAL_BASE}/website`,
  summary: 'Website info for a host (docs/behaviour/calls.md#host-rule applied by the caller)',
  auth: false,
  access: { kind: 'public' },
  query: z.object({
    searchString: withoutNul(z.string().trim().min(1, 'searchString is required').max(253)),
  }),
  response: websiteInfo,
});

export const getWebsiteConfig = endpoint({
  method: 'GET',
  path: `${CONFIG_BASE}/:jsonFileName`,
  summary: 'Website config JSON (brand colours, logos, tag manager snippets)',
  auth: false,
  access: { kind: 'public' },
  params: z.object({
    jsonFileName: z.string().regex(/^[A-Za-z0-9_.-]+\.json$/, 'Not a config file name'),
  }),
  response: websiteConfig,
  /** 304 when If-None-Match names its ETag (browsers revalidate it on every page load). */
  success: { notModified: true },
});

export const getLogoFile = endpoint({
  method: 'GET',
  path: `${LOGO_BASE}/:fileName`,
  summary: 'A logo file named in a website config',
  auth: false,
  access: { kind: 'public' },
  params: z.object({
    fileName: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'Not a logo file name'),
  }),
  response: z.never(),
  /** 304 when If-None-Match names its ETag (browsers revalidate it on every page load). */
  success: { file: FILE_MEDIA_TYPES.image, notModified: true },
});
