import { z } from 'zod';

/**
 * The development IdP's entity id. Port-independent on purpose: websites that trust it are
 * found by this id at start, and their SSO/SLO addresses and certificate rewritten to match.
 */
export const DEV_IDP_ENTITY_ID = 'urn:campus-store-portal:dev-idp';
export const DEV_IDP_DEFAULT_PORT = 3001;
/** The dev IdP only ever listens on the loopback interface. */
export const DEV_IDP_HOST = '127.0.0.1';

/**
 * Demo students (student id numbers, db/seed/FEATURED_STUDENTS.md) the dev IdP also offers, so
 * the student page's single sign-on can be shown (ADR 0048). Dev only, as the whole dev IdP is.
 */
export const DEV_IDP_DEMO_STUDENT_IDS = ['900000010'] as const;

export function devIdpUrls(port: number) {
  const base = `http://${DEV_IDP_HOST}:${port}`;
  return { base, ssoUrl: `${base}/sso`, sloUrl: `${base}/slo`, metadataUrl: `${base}/metadata` };
}

/**
 * What the demo seed stores on the website that signs in through the dev IdP. The certificate
 * is filled in at start from the IdP's key in DATA_DIR (it is not known at seed time).
 */
export const DEV_IDP_WEBSITE_SSO = {
  ssoType: 'SAML',
  sloEnabled: true,
  samlIdpEntityId: DEV_IDP_ENTITY_ID,
  samlIdpSsoUrl: devIdpUrls(DEV_IDP_DEFAULT_PORT).ssoUrl,
  samlIdpSloUrl: devIdpUrls(DEV_IDP_DEFAULT_PORT).sloUrl,
  samlIdpCertificate: null,
} as const;

const envSchema = z.object({
  DEV_IDP: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'always'], {
      error: 'use true, false or always',
    })
    .default('true'),
  /** 0 picks any free port. */
  DEV_IDP_PORT: z.coerce.number().int().min(0).max(65535).default(DEV_IDP_DEFAULT_PORT),
});

export interface DevIdpSettings {
  enabled: boolean;
  /**
   * DEV_IDP=always: started even when no website trusts it yet, so a store set up without the
   * demo can take its metadata on the settings screen (issue 29's walk-through).
   */
  always: boolean;
  port: number;
}

/** DEV_IDP (default true; always) and DEV_IDP_PORT (default 3001; 0 = any free port). */
export function devIdpSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DevIdpSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid development IdP configuration:\n${lines.join('\n')}`);
  }
  const mode = parsed.data.DEV_IDP;
  return {
    enabled: ['true', '1', 'yes', 'always'].includes(mode),
    always: mode === 'always',
    port: parsed.data.DEV_IDP_PORT,
  };
}
