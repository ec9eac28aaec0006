import { X509Certificate } from 'node:crypto';
import { SAML_PATHS, type StoreWebsite, type WebsiteSso } from '@csp/contracts';
import { websiteOrigin } from '../../../lib/website-origin.ts';
import type { StoreWebsiteRow } from './settings-repository.ts';

/** The certificate's subject and end of validity; nulls for none, or one that cannot be read. */
function certificateFacts(pem: string | null) {
  if (!pem?.trim()) return { certificateSubject: null, certificateExpires: null };
  try {
    const certificate = new X509Certificate(pem);
    return {
      certificateSubject: certificate.subject.replace(/\n/g, ', '),
      certificateExpires: new Date(certificate.validTo).toISOString(),
    };
  } catch {
    return { certificateSubject: null, certificateExpires: null };
  }
}

function ssoOf(row: StoreWebsiteRow): WebsiteSso {
  return {
    ssoType: row.ssoType,
    sloEnabled: row.sloEnabled,
    idpEntityId: row.samlIdpEntityId,
    idpSsoUrl: row.samlIdpSsoUrl,
    idpSloUrl: row.samlIdpSloUrl,
    ...certificateFacts(row.samlIdpCertificate),
  };
}

/** One website as the settings screen shows it. */
export function websiteOf(
  row: StoreWebsiteRow,
  config: { publicUrl: string | undefined; port: number },
): StoreWebsite {
  return {
    id: row.id,
    host: row.host,
    name: row.name,
    siteTitle: row.siteTitle,
    publicUrl: row.publicUrl,
    ssoType: row.ssoType,
    sso: ssoOf(row),
    spMetadataUrl: `${websiteOrigin(row, config)}${SAML_PATHS.metadata}`,
    primaryColor: row.config.brandPrimaryColor,
    secondaryColor: row.config.brandSecondaryColor,
    logo: row.config.logo,
    logoMobile: row.config.logoMobile,
  };
}
