import type { WebsiteConfig, WebsiteInfo } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { decodeAssetContent } from './asset-content.ts';
import { repairWebsiteConfig } from './config-repair.ts';
import { findWebsiteAsset, findWebsiteByJsonFileName, type Website } from './repository.ts';
import type { WebsiteResolver } from './website-resolver.ts';

/** The public website info of docs/behaviour/entities.md (no SAML settings, no config). */
export function toWebsiteInfo(website: Website): WebsiteInfo {
  return {
    id: website.id,
    locationId: website.locationId,
    externalLocationRef: website.externalLocationRef,
    jsonFileName: website.jsonFileName,
    ssoType: website.ssoType,
    sloEnabled: website.sloEnabled,
    name: website.name,
    siteTitle: website.siteTitle,
  };
}

/** Website info for a search string, matched exactly (the caller applies the host rule). */
export async function getWebsiteInfo(
  websites: WebsiteResolver,
  searchString: string,
): Promise<WebsiteInfo> {
  const website = await websites.resolve(searchString);
  if (!website) throw AppError.notFound(`No website is configured for ${searchString}.`);
  return toWebsiteInfo(website);
}

export async function getWebsiteConfig(db: Db, jsonFileName: string): Promise<WebsiteConfig> {
  const website = await findWebsiteByJsonFileName(db, jsonFileName);
  if (!website) throw AppError.notFound(`No website config is named ${jsonFileName}.`);
  return repairWebsiteConfig(website.config).config;
}

export interface LogoFile {
  contentType: string;
  body: Buffer;
}

export async function getLogo(db: Db, fileName: string): Promise<LogoFile> {
  const asset = await findWebsiteAsset(db, fileName);
  if (!asset) throw AppError.notFound(`No logo is named ${fileName}.`);
  return {
    contentType: asset.contentType,
    body: decodeAssetContent(asset.contentType, asset.content),
  };
}
