import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { websiteSsoInput, type StoreWebsite, type WebsiteSsoInput } from '@csp/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';

/** Where the identity provider's details come from: its metadata file, or typed in. */
export type SsoSource = 'upload' | 'enter';

/** The single sign-on form as filled: the chosen file's name and text, or the typed fields. */
export interface SsoValues {
  source: SsoSource;
  fileName: string;
  metadataXml: string;
  entityId: string;
  ssoUrl: string;
  sloUrl: string;
  certificate: string;
  sloEnabled: boolean;
}

const [, fromMetadata, fromFields] = websiteSsoInput.options;

export const CHOOSE_FILE = 'Choose the identity provider’s metadata file.';

/** The form holds both sources' fields at once; each source checks its own. */
const UNCHECKED = {
  fileName: z.string(),
  metadataXml: z.string(),
  entityId: z.string(),
  ssoUrl: z.string(),
  sloUrl: z.string(),
  certificate: z.string(),
};

/**
 * The contract's own rules and words (the metadata's size limit among them), checked before
 * anything is sent; an empty sign-off address is none.
 */
const ssoFormSchema = z
  .discriminatedUnion('source', [
    z.object({
      ...UNCHECKED,
      source: z.literal('upload'),
      fileName: z.string().min(1, CHOOSE_FILE),
      metadataXml: fromMetadata.shape.metadataXml,
      sloEnabled: z.boolean(),
    }),
    z.object({
      ...UNCHECKED,
      source: z.literal('enter'),
      entityId: fromFields.shape.entityId,
      ssoUrl: fromFields.shape.ssoUrl,
      sloUrl: z
        .string()
        .transform((text) => (text.trim() === '' ? null : text))
        .pipe(fromFields.shape.sloUrl),
      certificate: fromFields.shape.certificate,
      sloEnabled: z.boolean(),
    }),
  ])
  .transform((form): WebsiteSsoInput => {
    if (form.source === 'upload') {
      return { ssoType: 'SAML', metadataXml: form.metadataXml, sloEnabled: form.sloEnabled };
    }
    const { entityId, ssoUrl, sloUrl, certificate, sloEnabled } = form;
    return { ssoType: 'SAML', entityId, ssoUrl, sloUrl, certificate, sloEnabled };
  });

export const ssoResolver: Resolver<SsoValues, unknown, WebsiteSsoInput> =
  zodResolver(ssoFormSchema);

/**
 * The form filled from the website: the provider's addresses as set (the certificate itself is
 * not answered, only its subject), the metadata file first.
 */
export function ssoValues(website: StoreWebsite): SsoValues {
  const { sso } = website;
  return {
    source: 'upload',
    fileName: '',
    metadataXml: '',
    entityId: sso.idpEntityId ?? '',
    ssoUrl: sso.idpSsoUrl ?? '',
    sloUrl: sso.idpSloUrl ?? '',
    certificate: '',
    sloEnabled: sso.ssoType === 'SAML' ? sso.sloEnabled : false,
  };
}

type SsoField = Exclude<keyof SsoValues, 'source'>;
const TYPED_FIELDS = new Set<string>(['entityId', 'ssoUrl', 'sloUrl', 'certificate']);

/**
 * The input a refusal naming "sso.<field>" belongs on: from a metadata file, everything but
 * the single logout switch is the file's (its certificate too); typed, the field itself.
 */
export function ssoFieldOf(error: unknown, source: SsoSource): SsoField | null {
  if (!(error instanceof ApiRequestError) || !error.field?.startsWith('sso.')) return null;
  const name = error.field.slice('sso.'.length);
  if (name === 'sloEnabled') return 'sloEnabled';
  if (source === 'upload')
    return name === 'metadataXml' || TYPED_FIELDS.has(name) ? 'metadataXml' : null;
  return TYPED_FIELDS.has(name) ? (name as SsoField) : null;
}

/**
 * The server's words for the input they land on: "sso.metadataXml: must…" and
 * "metadataXml: has no identity provider…" lose the field name the label already says;
 * "certificate: expired…" under the metadata file keeps it.
 */
export function ssoMessage(error: ApiRequestError, field: SsoField): string {
  const { message } = error;
  for (const prefix of [`${error.field ?? ''}: `, `${field}: `]) {
    if (message.startsWith(prefix)) return message.slice(prefix.length);
  }
  return message;
}
