import { z } from 'zod';
import type { Access } from '../common/access.ts';
import { brandColourProblem } from '../common/color-contrast.ts';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { costSettingsFields, storedCostSettingsFields } from './cost-settings.ts';

/** The store's own settings and websites: its administrator's, for the whole store. */
export const MANAGE_STORE_ACCESS: Access = {
  kind: 'action',
  anyOf: ['MANAGE_STORE'],
  held: 'storeWide',
  scope: 'store',
};

export const STORE_BASE = `${ADMIN_BASE}/:userAccountId/store`;
export const storeAccountParams = z.object({ userAccountId: dbIdParam });
export const storeWebsiteParams = z.object({ userAccountId: dbIdParam, websiteId: dbIdParam });

const text = (max: number) =>
  withoutNul(z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`));
const optionalText = (max: number) =>
  withoutNul(z.string().trim().max(max, `must be at most ${max} characters`))
    .nullable()
    .transform((value) => (value ? value : null));

/** Where students send rentals back: the ship-to of every return label. */
export const returnAddress = z.object({
  name: text(100),
  streetOne: text(100),
  streetTwo: optionalText(100),
  city: text(60),
  state: withoutNul(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter state code'),
  ).transform((value) => value.toUpperCase()),
  postalCode: withoutNul(
    z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code like 12345 or 12345-6789'),
  ),
  phone: withoutNul(
    z
      .string()
      .trim()
      .regex(/^[0-9 ()+.-]{7,20}$/, 'must be a phone number like 555-010-0199'),
  ),
});
export type ReturnAddress = z.infer<typeof returnAddress>;

export const shippingMethod = z.object({
  code: withoutNul(
    z
      .string()
      .trim()
      .regex(/^[A-Z0-9_]{2,20}$/, 'must be 2-20 capital letters, digits or _'),
  ),
  name: text(80),
  /** Whole cents, at most $1,000. */
  priceCents: z.number().int('must be whole cents').min(0, 'cannot be negative').max(100_000),
  shipsToAddress: z.boolean(),
});
export type ShippingMethod = z.infer<typeof shippingMethod>;

const domain = withoutNul(
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain like example.edu'),
);

/** A control character (a line break among them) or one that delimits an e-mail address. */
function isAddressOrControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 32 || code === 127 || '<>"@'.includes(char);
}

/** A name for the From line: one line, without the characters that delimit an address. */
const senderName = withoutNul(
  z
    .string()
    .trim()
    .max(80, 'must be at most 80 characters')
    .refine((name) => ![...name].some(isAddressOrControl), {
      message: 'must be a plain name: no line breaks, <, >, " or @',
    }),
)
  .nullable()
  .transform((value) => (value ? value : null));

export const storeSettings = z.object({
  name: text(200),
  /** The name the store's e-mail comes from; null: the store's name. */
  mailSenderName: senderName,
  /** Sales tax on course materials, in percent with at most two decimals (7.25). */
  taxRatePercent: z
    .number()
    .min(0, 'cannot be negative')
    .max(25, 'must be at most 25')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, {
      message: 'must have at most two decimals',
    }),
  allowSubmittersToSelectPrintOnly: z.boolean(),
  /**
   * A carried-forward or re-adopted title whose distributor price moved by more than this, in
   * whole percent, is flagged (issue 30, point 5). Left out: the stored value stays (a client
   * that predates the setting does not reset it).
   */
  priceChangePercent: z
    .number()
    .int('must be a whole number of percent')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .optional(),
  ...costSettingsFields,
  /** The course materials team's address: told of every adoption a submitter makes. */
  courseMaterialsEmail: withoutNul(
    z.string().trim().toLowerCase().email('must be an e-mail address').max(254),
  ).nullable(),
  /** Where copies and exports may be mailed besides the store's own accounts. */
  emailDomains: z.array(domain).max(20, 'must be at most 20 domains'),
  returnAddress: returnAddress.nullable(),
  shippingMethods: z
    .array(shippingMethod)
    .max(10, 'must be at most 10 methods')
    .refine((methods) => new Set(methods.map((m) => m.code)).size === methods.length, {
      message: 'must not name a code twice',
    }),
});
export type StoreSettings = z.infer<typeof storeSettings>;

const brandColour = withoutNul(z.string().trim()).superRefine((value, ctx) => {
  const problem = brandColourProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** What the settings screen changes of a website (its host and sign-on are set elsewhere). */
export const websiteBranding = z.object({
  name: text(80),
  siteTitle: text(120),
  primaryColor: brandColour,
  secondaryColor: brandColour,
  publicUrl: withoutNul(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/]+\/?$/, 'must be an address like https://bookstore.example.edu'),
  )
    .nullable()
    .transform((value) => (value ? value.replace(/\/$/, '') : null)),
});
export type WebsiteBranding = z.infer<typeof websiteBranding>;

/** A website's single sign-on as set, with its certificate's subject and end of validity. */
export const websiteSso = z.object({
  ssoType: z.enum(['SAML', 'NONE']),
  sloEnabled: z.boolean(),
  idpEntityId: z.string().nullable(),
  idpSsoUrl: z.string().nullable(),
  idpSloUrl: z.string().nullable(),
  certificateSubject: z.string().nullable(),
  /** ISO instant; null without a certificate. */
  certificateExpires: z.string().nullable(),
});
export type WebsiteSso = z.infer<typeof websiteSso>;

export const storeWebsite = z.object({
  id: z.number().int(),
  sso: websiteSso,
  name: z.string(),
  siteTitle: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  publicUrl: z.string().nullable(),
  host: z.string(),
  ssoType: z.enum(['SAML', 'NONE']),
  /** The portal's own SAML metadata for this website, to give the identity provider. */
  spMetadataUrl: z.string(),
  logo: z.string(),
  logoMobile: z.string(),
});
export type StoreWebsite = z.infer<typeof storeWebsite>;

/** One change of the store's settings or a website, newest first. */
export const storeChange = z.object({
  id: z.number().int(),
  event: z.enum(['STORE_SETTINGS_CHANGED', 'WEBSITE_CHANGED', 'WEBSITE_SSO_CHANGED']),
  at: z.string(),
  actor: z.object({ userName: z.string(), name: z.string() }).nullable(),
  /** The fields that changed, by name ("taxRatePercent", "website localhost: siteTitle"). */
  fields: z.array(z.string()),
  /**
   * Before and after of the changed fields that are one value (a rate, a name, a colour, a
   * switch, a list of domains), by the same names; a return address or shipping methods are
   * named in `fields` only. Null: there was none.
   */
  values: z.array(
    z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  ),
});
export type StoreChange = z.infer<typeof storeChange>;

/** The settings as answered: the same fields, without the input's trimming and checks. */
const storedSettings = z.object({
  name: z.string(),
  mailSenderName: z.string().nullable(),
  taxRatePercent: z.number(),
  allowSubmittersToSelectPrintOnly: z.boolean(),
  /** The price-change threshold, in percent (DEFAULT_PRICE_CHANGE_PERCENT unless set). */
  priceChangePercent: z.number().int(),
  ...storedCostSettingsFields,
  courseMaterialsEmail: z.string().nullable(),
  emailDomains: z.array(z.string()),
  returnAddress: z
    .object({
      name: z.string(),
      streetOne: z.string(),
      streetTwo: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
      phone: z.string(),
    })
    .nullable(),
  shippingMethods: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      priceCents: z.number().int(),
      shipsToAddress: z.boolean(),
    }),
  ),
});

export const storeSettingsAnswer = z.object({
  settings: storedSettings,
  /** Changes only when the settings do: an update naming an older one is refused (409). */
  version: z.string(),
  websites: z.array(storeWebsite),
  history: z.array(storeChange),
});
export type StoreSettingsAnswer = z.infer<typeof storeSettingsAnswer>;

export const getStoreSettings = endpoint({
  method: 'GET',
  path: `${STORE_BASE}/settings`,
  summary: "The store's settings, its websites and the latest changes to them",
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: storeAccountParams,
  response: storeSettingsAnswer,
});

export const updateStoreSettings = endpoint({
  method: 'PUT',
  path: `${STORE_BASE}/settings`,
  summary:
    "Changes the store's settings; 409 when `version` is not the current one, or when a shipping method that orders use is left out",
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: storeAccountParams,
  body: z.object({ settings: storeSettings, version: withoutNul(z.string().max(64)) }),
  response: storeSettingsAnswer,
});

export const updateWebsiteBranding = endpoint({
  method: 'PUT',
  path: `${STORE_BASE}/websites/:websiteId`,
  summary: "Changes a website's names, brand colours and public address (applied at once)",
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: storeWebsiteParams,
  body: z.object({ branding: websiteBranding }),
  response: storeSettingsAnswer,
});

/** The answer to a caller without MANAGE_STORE held store-wide. */
export const STORE_REFUSAL = 'Only a store administrator can change the store settings.';

/** The store's messages (docs/behaviour/messages.md style: plain words, what to do next). */
export const STORE_MESSAGES = {
  staleVersion:
    'Someone else changed the store settings meanwhile. Reload to see their changes, then make yours again.',
  shippingMethodInUse: (code: string, orders: number) =>
    `shippingMethods: ${code} is on ${orders} order${orders === 1 ? '' : 's'}: it can be renamed or repriced but not removed.`,
  websiteNotFound: 'This website is not one of your store’s.',
  returnAddressRequired:
    'returnAddress: a saved return address can be changed but not removed: return labels need one.',
} as const;
