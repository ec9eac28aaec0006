import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { withoutNul } from '../common/errors.ts';
import {
  MANAGE_STORE_ACCESS,
  STORE_BASE,
  storeSettingsAnswer,
  storeWebsiteParams,
} from './store-settings.ts';

/** An identity provider's metadata file: a few kilobytes; 200 000 characters is generous. */
export const IDP_METADATA_MAX_CHARS = 200_000;

const httpsUrl = withoutNul(
  z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/\S+$/, 'must be an address like https://idp.example.edu/sso'),
);

/**
 * A website's single sign-on: off, or SAML from the identity provider's metadata (the file's
 * text; its entity id, sign-on and sign-off addresses and signing certificate are read from it)
 * or from those fields typed in. (A plain union: two variants share ssoType SAML; the metadata
 * variant is tried first.)
 */
export const websiteSsoInput = z.union(
  [
    z.object({ ssoType: z.literal('NONE') }),
    z.object({
      ssoType: z.literal('SAML'),
      metadataXml: withoutNul(
        z
          .string()
          .min(1, 'is empty')
          .max(IDP_METADATA_MAX_CHARS, `must be at most ${IDP_METADATA_MAX_CHARS} characters`),
      ),
      sloEnabled: z.boolean(),
    }),
    z.object({
      ssoType: z.literal('SAML'),
      entityId: withoutNul(z.string().trim().min(1, 'is required').max(1000)),
      ssoUrl: httpsUrl,
      sloUrl: httpsUrl.nullable(),
      /** PEM or the bare base64 of the IdP's signing certificate. */
      certificate: withoutNul(z.string().trim().min(1, 'is required').max(20_000)),
      sloEnabled: z.boolean(),
    }),
  ],
  {
    error:
      'must be {ssoType: "NONE"}, or SAML with metadataXml (the identity provider\'s metadata), or SAML with entityId, ssoUrl, sloUrl and certificate',
  },
);
export type WebsiteSsoInput = z.infer<typeof websiteSsoInput>;

export const updateWebsiteSso = endpoint({
  method: 'PUT',
  path: `${STORE_BASE}/websites/:websiteId/sso`,
  summary:
    "Turns a website's SAML single sign-on off, or on from the identity provider's metadata or its fields (checked: addresses, certificate, expiry)",
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: storeWebsiteParams,
  body: z.object({ sso: websiteSsoInput }),
  response: storeSettingsAnswer,
});

export const SSO_MESSAGES = {
  notXml: 'metadataXml: is not an XML file the portal can read.',
  doctype: 'metadataXml: must not carry a DOCTYPE (the portal does not read those).',
  noIdp:
    'metadataXml: has no identity provider (IDPSSODescriptor): is it the service provider’s metadata?',
  noSso:
    'metadataXml: names no single sign-on address with the HTTP-Redirect binding, which the portal uses.',
  noCertificate: 'metadataXml: names no signing certificate.',
  badCertificate: 'certificate: is not an X.509 certificate (PEM or base64).',
  expired: (when: string) =>
    `certificate: expired on ${when}; ask the identity provider for its current one.`,
  sloWithoutUrl: 'sloEnabled: the identity provider names no sign-off (single logout) address.',
} as const;
