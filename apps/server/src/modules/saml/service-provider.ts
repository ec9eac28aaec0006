import type { FastifyRequest } from 'fastify';
import type { CacheProvider, SAML, SamlConfig } from '@node-saml/node-saml';
// The enum alone, without the rest of node-saml (loaded on first use: heavy-modules.ts).
import { ValidateInResponseTo } from '@node-saml/node-saml/lib/types.js';
import { SAML_PATHS } from '@csp/contracts';
import { loadNodeSaml } from '../../lib/heavy-modules.ts';
import type { KeyPairPem } from '../../lib/self-signed-cert.ts';
import type { Website } from '../../lib/request-context.ts';

/** Accepted difference between our clock and the provider's. */
export const CLOCK_SKEW_MS = 60_000;
/** Outstanding AuthnRequests are answered within this time or not at all. */
export const REQUEST_TTL_MS = 10 * 60_000;
/** An assertion older than this (from its IssueInstant) is refused whatever it says. */
export const MAX_ASSERTION_AGE_MS = 10 * 60_000;
export const EMAIL_NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const SHA256_DIGEST = 'http://www.w3.org/2001/04/xmlenc#sha256';

/** The SP's own addresses, derived from the request's scheme and Host. */
export interface SpUrls {
  origin: string;
  /** The SP entity id: the metadata address. */
  entityId: string;
  acsUrl: string;
  singleLogoutUrl: string;
}

export function spUrls(request: FastifyRequest): SpUrls {
  const origin = `${request.protocol}://${request.host}`;
  return {
    origin,
    entityId: `${origin}${SAML_PATHS.metadata}`,
    acsUrl: `${origin}${SAML_PATHS.acs}`,
    singleLogoutUrl: `${origin}${SAML_PATHS.singleLogout}`,
  };
}

/** A website's identity-provider settings, once all of them are present. */
export interface IdpSettings {
  entityId: string;
  ssoUrl: string;
  sloUrl: string | null;
  certificate: string;
}

/** The IdP settings of a SAML website, or null when it is not SAML or is missing some. */
export function idpSettingsOf(website: Website | null): IdpSettings | null {
  if (website?.ssoType !== 'SAML') return null;
  const { samlIdpEntityId, samlIdpSsoUrl, samlIdpSloUrl, samlIdpCertificate } = website;
  if (!samlIdpEntityId || !samlIdpSsoUrl || !samlIdpCertificate?.trim()) return null;
  return {
    entityId: samlIdpEntityId,
    ssoUrl: samlIdpSsoUrl,
    sloUrl: samlIdpSloUrl || null,
    certificate: samlIdpCertificate,
  };
}

/**
 * node-saml configured for one website on one host. Assertions must be signed (a signed
 * response alone is not enough), must name this SP as audience and answer a request this SP
 * made; the clock skew allowed is small.
 */
export async function serviceProvider(
  idp: IdpSettings,
  urls: SpUrls,
  keys: KeyPairPem,
  cache: CacheProvider,
  overrides: Partial<SamlConfig> = {},
): Promise<SAML> {
  const { SAML } = await loadNodeSaml();
  return new SAML({
    issuer: urls.entityId,
    audience: urls.entityId,
    callbackUrl: urls.acsUrl,
    logoutCallbackUrl: urls.singleLogoutUrl,
    entryPoint: idp.ssoUrl,
    logoutUrl: idp.sloUrl ?? idp.ssoUrl,
    idpIssuer: idp.entityId,
    idpCert: idp.certificate,
    privateKey: keys.privateKey,
    publicCert: keys.certificate,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: SHA256_DIGEST,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: cache,
    identifierFormat: EMAIL_NAME_ID_FORMAT,
    disableRequestedAuthnContext: true,
    ...overrides,
  });
}
