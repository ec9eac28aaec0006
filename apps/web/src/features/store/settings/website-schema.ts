import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { websiteBranding, type StoreWebsite, type WebsiteBranding } from '@csp/contracts';

/** A website's branding as typed: the public address empty when it has none. */
export type BrandingValues = Record<keyof WebsiteBranding, string>;

const B = websiteBranding.shape;

/** The contract's own rules (the brand colour rule included), with an empty address as none. */
const brandingSchema = z.object({
  ...B,
  publicUrl: z
    .string()
    .transform((text) => (text.trim() === '' ? null : text))
    .pipe(B.publicUrl),
});

export const brandingResolver = zodResolver(brandingSchema);

export function brandingValues(website: StoreWebsite): BrandingValues {
  return {
    name: website.name,
    siteTitle: website.siteTitle,
    primaryColor: website.primaryColor,
    secondaryColor: website.secondaryColor,
    publicUrl: website.publicUrl ?? '',
  };
}

const FIELDS = new Set(Object.keys(B));

/** "branding.secondaryColor" (below "branding.") is the secondary colour field. */
export function brandingField(path: string): keyof BrandingValues | null {
  return FIELDS.has(path) ? (path as keyof BrandingValues) : null;
}

export type BrandingOutput = z.output<typeof brandingSchema>;
