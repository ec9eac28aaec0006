import type { WebsiteConfig } from '@csp/contracts';
import type { websiteAssets, websites } from '../schema/index.ts';

/** What a seeded website looks like; the config JSON and logo files are derived from it. */
export interface SiteBrand {
  host: string;
  name: string;
  siteTitle: string;
  jsonFileName: string;
  /** Base name of the logo files: `<logoBase>.svg` and `<logoBase>-mobile.svg`. */
  logoBase: string;
  /** Short text of the square phone logo. */
  initials: string;
  primary: string;
  secondary: string;
  /** Single sign-on settings of the website; none means password login only. */
  sso?: SiteSso;
}

/** The website columns that switch a site to SAML single sign-on. */
export type SiteSso = Pick<
  typeof websites.$inferInsert,
  | 'ssoType'
  | 'sloEnabled'
  | 'samlIdpEntityId'
  | 'samlIdpSsoUrl'
  | 'samlIdpSloUrl'
  | 'samlIdpCertificate'
>;

const LOGO_WIDTH = 240;
const LOGO_HEIGHT = 56;
const LOGO_MOBILE_HEIGHT = 40;

export const DEMO_MAIN_BRAND: SiteBrand = {
  host: 'localhost',
  name: 'Demo University',
  siteTitle: 'Demo University Campus Store',
  jsonFileName: 'demo-university.json',
  logoBase: 'demo-university',
  initials: 'DU',
  primary: '#1a3d6d',
  secondary: '#c8102e',
};

/** Store A's second site: same store, different brand, so per-site theming is visible. */
export const DEMO_LAW_BRAND: SiteBrand = {
  host: '127.0.0.1',
  name: 'Demo University Law',
  siteTitle: 'Demo University Law Campus Store',
  jsonFileName: 'demo-law.json',
  logoBase: 'demo-law',
  initials: 'DL',
  primary: '#1b5e20',
  // A dark gold: the brighter #f9a825 fails AA (about 2:1) under white text.
  secondary: '#8d6e00',
};

export const STORE_B_BRAND: SiteBrand = {
  host: 'bookstore-b.localhost',
  name: 'Bookstore B',
  siteTitle: 'Bookstore B Campus Store',
  jsonFileName: 'bookstore-b.json',
  logoBase: 'bookstore-b',
  initials: 'BB',
  primary: '#4a148c',
  // Burnt orange rather than #ff6f00, which is under 3:1 against white.
  secondary: '#b34700',
};

export const LARGE_BRAND: SiteBrand = {
  host: 'large.localhost',
  name: 'Large University',
  siteTitle: 'Large University Campus Store',
  jsonFileName: 'large-university.json',
  logoBase: 'large-university',
  initials: 'LU',
  primary: '#004d40',
  secondary: '#ad1457',
};

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The wide logo: a rounded brand-coloured plate with the site name in white. */
/** Room for the name beside the initials' square, in the logo's own pixels. */
const NAME_ROOM = LOGO_WIDTH - 58 - 10;

/**
 * The name's font size and, when even the smallest size would not fit, the length the text is
 * drawn to: a long store name is made smaller rather than cut off at the logo's edge. Bold
 * Arial averages about 0.6 em a character.
 */
function nameFit(name: string): { size: number; squeeze: string } {
  const size = Math.max(9, Math.min(15, Math.floor(NAME_ROOM / (0.6 * name.length))));
  const fits = 0.6 * size * name.length <= NAME_ROOM;
  return {
    size,
    squeeze: fits ? '' : ` textLength="${NAME_ROOM}" lengthAdjust="spacingAndGlyphs"`,
  };
}

export function logoSvg(brand: SiteBrand): string {
  const title = escapeXml(brand.siteTitle);
  const name = escapeXml(brand.name);
  const fit = nameFit(brand.name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}"`,
    ` viewBox="0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}" role="img">`,
    `<title>${title}</title>`,
    `<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" rx="10" fill="${brand.primary}"/>`,
    `<rect x="8" y="8" width="40" height="40" rx="6" fill="${brand.secondary}"/>`,
    `<text x="28" y="34" font-family="Arial, Helvetica, sans-serif" font-size="16"`,
    ` font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(brand.initials)}</text>`,
    `<text x="58" y="26" font-family="Arial, Helvetica, sans-serif" font-size="${fit.size}"`,
    ` font-weight="700" fill="#ffffff"${fit.squeeze}>${name}</text>`,
    `<text x="58" y="44" font-family="Arial, Helvetica, sans-serif" font-size="12"`,
    ` fill="#ffffff">Campus Store</text>`,
    `</svg>`,
  ].join('');
}

/** The square phone logo with the site initials. */
export function mobileLogoSvg(brand: SiteBrand): string {
  const size = LOGO_MOBILE_HEIGHT;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"`,
    ` viewBox="0 0 ${size} ${size}" role="img">`,
    `<title>${escapeXml(brand.siteTitle)}</title>`,
    `<rect width="${size}" height="${size}" rx="8" fill="${brand.primary}"/>`,
    `<rect x="4" y="${size - 8}" width="${size - 8}" height="4" rx="2" fill="${brand.secondary}"/>`,
    `<text x="${size / 2}" y="${size / 2 + 5}" font-family="Arial, Helvetica, sans-serif"`,
    ` font-size="15" font-weight="700" fill="#ffffff" text-anchor="middle">`,
    `${escapeXml(brand.initials)}</text>`,
    `</svg>`,
  ].join('');
}

export function websiteConfigFor(brand: SiteBrand): WebsiteConfig {
  return {
    brandPrimaryColor: brand.primary,
    brandSecondaryColor: brand.secondary,
    logo: `/site-config/logos/${brand.logoBase}.svg`,
    logoMobile: `/site-config/logos/${brand.logoBase}-mobile.svg`,
    logoWidth: LOGO_WIDTH,
    logoHeight: LOGO_HEIGHT,
    logoMobileHeight: LOGO_MOBILE_HEIGHT,
    googleTagManagerHeader: '',
    googleTagManagerBody: '',
  };
}

type WebsiteRow = typeof websites.$inferInsert;
type AssetRow = typeof websiteAssets.$inferInsert;

/** The website row and its two logo rows for one brand. */
export function websiteRows(
  brand: SiteBrand,
  ids: { websiteId: number; assetIds: readonly [number, number] },
  locationId: number,
  externalLocationRef: string,
): { website: WebsiteRow; assets: AssetRow[] } {
  const website: WebsiteRow = {
    id: ids.websiteId,
    locationId,
    host: brand.host,
    externalLocationRef,
    jsonFileName: brand.jsonFileName,
    // Every row carries every SSO key: the bulk insert takes its columns from the first row.
    ssoType: 'NONE',
    sloEnabled: false,
    samlIdpEntityId: null,
    samlIdpSsoUrl: null,
    samlIdpSloUrl: null,
    samlIdpCertificate: null,
    ...brand.sso,
    name: brand.name,
    siteTitle: brand.siteTitle,
    config: websiteConfigFor(brand),
  };
  const assets: AssetRow[] = [
    {
      id: ids.assetIds[0],
      locationId,
      fileName: `${brand.logoBase}.svg`,
      contentType: 'image/svg+xml',
      content: logoSvg(brand),
    },
    {
      id: ids.assetIds[1],
      locationId,
      fileName: `${brand.logoBase}-mobile.svg`,
      contentType: 'image/svg+xml',
      content: mobileLogoSvg(brand),
    },
  ];
  return { website, assets };
}
