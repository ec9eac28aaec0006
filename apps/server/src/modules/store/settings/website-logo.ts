import { createHash } from 'node:crypto';
import { loadImageSize } from '../../../lib/heavy-modules.ts';
import {
  LOGO_HEIGHTS,
  LOGO_MAX_PIXELS,
  LOGO_MAX_WIDTH,
  LOGO_MESSAGES as M,
  STORE_MESSAGES,
  type StoreSettingsAnswer,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import { fileBaseFromHost } from '../onboarding/onboarding-input.ts';
import * as repo from './settings-repository.ts';
import { storeSettingsAnswer, type SettingsDeps } from './settings-service.ts';

const IMAGE_TYPES: Record<string, { contentType: string; extension: string }> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
};

/** What the image is, read from its own bytes (never from a name or a declared type). */
async function inspectImage(image: Buffer) {
  if (image.length === 0) throw AppError.badRequest(M.empty, 'file');
  const imageSize = await loadImageSize();
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(image);
  } catch {
    throw AppError.badRequest(M.notAnImage, 'file');
  }
  const type = size.type ? IMAGE_TYPES[size.type] : undefined;
  if (!type || !size.width || !size.height) throw AppError.badRequest(M.notAnImage, 'file');
  if (size.width > LOGO_MAX_PIXELS.width || size.height > LOGO_MAX_PIXELS.height) {
    throw AppError.badRequest(M.tooManyPixels(size.width, size.height), 'file');
  }
  return { ...type, width: size.width, height: size.height };
}

/** The size a wide logo is shown at: 56 px high, at most 320 px wide, in its proportions. */
function shownSize(width: number, height: number) {
  const shownWidth = Math.min(LOGO_MAX_WIDTH, Math.round((LOGO_HEIGHTS.wide * width) / height));
  return { logoWidth: shownWidth, logoHeight: Math.round((shownWidth * height) / width) };
}

/**
 * Replaces a website's wide or phone logo: stored under a name made from its content (so a
 * cached old logo is never shown for the new one), the website's config pointed at it, the
 * logo it replaces removed when no other website of the store shows it, and the change in
 * the store's history.
 */
export async function replaceWebsiteLogo(
  deps: SettingsDeps,
  session: Session,
  input: { websiteId: number; kind: 'wide' | 'mobile'; image: Buffer },
  now: Date,
): Promise<StoreSettingsAnswer> {
  const { locationId } = session;
  const image = await inspectImage(input.image);
  const digest = createHash('sha256').update(input.image).digest('hex').slice(0, 12);
  await deps.db.transaction(async (tx) => {
    const site = await repo.lockStoreWebsite(tx, locationId, input.websiteId);
    if (!site) throw AppError.notFound(STORE_MESSAGES.websiteNotFound, 'websiteId');
    // File names are global: the store's id keeps two stores' hosts (a.b, a-b) apart.
    const base = `${fileBaseFromHost(site.host)}-${locationId}`;
    const fileName = `${base}-${input.kind}-${digest}.${image.extension}`;
    await repo.insertStoreAsset(tx, {
      locationId,
      fileName,
      contentType: image.contentType,
      content: input.image.toString('base64'),
    });
    const path = `/site-config/logos/${fileName}`;
    const config =
      input.kind === 'wide'
        ? { ...site.config, logo: path, ...shownSize(image.width, image.height) }
        : { ...site.config, logoMobile: path };
    await repo.writeWebsite(tx, site.id, {
      name: site.name,
      siteTitle: site.siteTitle,
      publicUrl: site.publicUrl,
      config,
    });
    const replaced = input.kind === 'wide' ? site.config.logo : site.config.logoMobile;
    if (replaced !== path) await repo.deleteUnshownAsset(tx, locationId, replaced);
    const field = input.kind === 'wide' ? 'logo' : 'logoMobile';
    await repo.insertStoreAudit(tx, {
      locationId,
      actorAccountId: session.accountId,
      event: 'WEBSITE_CHANGED',
      before: { host: site.host, [field]: replaced },
      after: { host: site.host, [field]: path },
      at: now,
    });
  });
  return storeSettingsAnswer(deps, locationId);
}
