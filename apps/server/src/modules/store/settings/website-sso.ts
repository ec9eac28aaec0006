import {
  SSO_MESSAGES as M,
  STORE_MESSAGES,
  type StoreSettingsAnswer,
  type WebsiteSsoInput,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import { checkCertificate, readIdpMetadata, type IdpFields } from './idp-metadata.ts';
import * as repo from './settings-repository.ts';
import { storeSettingsAnswer, type SettingsDeps } from './settings-service.ts';

/** The identity provider's fields from the metadata file or as typed, checked. */
async function idpFieldsOf(
  input: Exclude<WebsiteSsoInput, { ssoType: 'NONE' }>,
  now: Date,
): Promise<IdpFields> {
  if ('metadataXml' in input) return readIdpMetadata(input.metadataXml, now);
  return {
    entityId: input.entityId,
    ssoUrl: input.ssoUrl,
    sloUrl: input.sloUrl,
    certificate: checkCertificate(input.certificate, now).pem,
  };
}

/**
 * Turns a website's SAML sign-on off, or on with an identity provider: every field is checked
 * before anything is saved (a half-configured website would send its users to a dead end), and
 * the change goes into the store's history without the certificate itself.
 */
export async function updateWebsiteSso(
  deps: SettingsDeps,
  session: Session,
  websiteId: number,
  input: WebsiteSsoInput,
  now: Date,
): Promise<StoreSettingsAnswer> {
  const { locationId } = session;
  const idp = input.ssoType === 'SAML' ? await idpFieldsOf(input, now) : null;
  const sloEnabled = input.ssoType === 'SAML' && input.sloEnabled;
  if (sloEnabled && !idp?.sloUrl) throw AppError.badRequest(M.sloWithoutUrl, 'sso.sloEnabled');
  await deps.db.transaction(async (tx) => {
    const site = await repo.lockStoreWebsite(tx, locationId, websiteId);
    if (!site) throw AppError.notFound(STORE_MESSAGES.websiteNotFound, 'websiteId');
    // Turning sign-on off keeps the provider's fields, so turning it on again needs no re-entry.
    const row = idp
      ? {
          ssoType: 'SAML' as const,
          sloEnabled,
          samlIdpEntityId: idp.entityId,
          samlIdpSsoUrl: idp.ssoUrl,
          samlIdpSloUrl: idp.sloUrl,
          samlIdpCertificate: idp.certificate,
        }
      : { ssoType: 'NONE' as const, sloEnabled: false };
    await repo.writeWebsiteSso(tx, websiteId, row);
    const facts = (s: {
      ssoType: string;
      sloEnabled: boolean;
      samlIdpEntityId: string | null;
      samlIdpSsoUrl: string | null;
      samlIdpSloUrl: string | null;
    }) => ({
      host: site.host,
      ssoType: s.ssoType,
      sloEnabled: s.sloEnabled,
      idpEntityId: s.samlIdpEntityId,
      idpSsoUrl: s.samlIdpSsoUrl,
      idpSloUrl: s.samlIdpSloUrl,
    });
    await repo.insertStoreAudit(tx, {
      locationId,
      actorAccountId: session.accountId,
      event: 'WEBSITE_SSO_CHANGED',
      before: facts(site),
      after: facts({ ...site, ...row }),
      at: now,
    });
  });
  return storeSettingsAnswer(deps, locationId);
}
