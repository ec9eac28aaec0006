import type { WebsiteConfig } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { logoSvg, mobileLogoSvg } from '../../../db/seed/branding.ts';
import { listStoreAssets, writeStoreAsset } from './settings-repository.ts';

/**
 * The initials on a logo the portal drew (the seed's and `npm run store`'s: a brand plate with
 * the initials, the name and "Campus Store"); null for any other logo, e.g. one a store made.
 */
function drawnInitials(svg: string): string | null {
  if (!svg.includes('>Campus Store</text>')) return null;
  return (
    /font-weight="700" fill="#ffffff" text-anchor="middle">([^<]{1,4})<\/text>/.exec(svg)?.[1] ??
    null
  );
}

/**
 * Redraws the website's logos in its new names and colours when they are ones the portal drew,
 * so a recoloured website does not keep a logo plate in its old colours. Logos a store made
 * itself are left as they are.
 */
export async function redrawGeneratedLogos(
  db: Db,
  locationId: number,
  config: WebsiteConfig,
  brand: { name: string; siteTitle: string; primary: string; secondary: string },
): Promise<void> {
  const fileOf = (path: string) => path.split('/').pop() ?? '';
  const wide = fileOf(config.logo);
  const mobile = fileOf(config.logoMobile);
  const rows = await listStoreAssets(db, locationId);
  const wideRow = rows.find((r) => r.fileName === wide);
  const initials = wideRow ? drawnInitials(wideRow.content) : null;
  if (!initials) return;
  const drawn = { ...brand, host: '', jsonFileName: '', logoBase: '', initials };
  for (const [fileName, content] of [
    [wide, logoSvg(drawn)],
    [mobile, mobileLogoSvg(drawn)],
  ] as const) {
    await writeStoreAsset(db, locationId, fileName, content);
  }
}
