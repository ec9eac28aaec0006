import samlify, { type IdentityProviderInstance, type ServiceProviderInstance } from 'samlify';
import {
  EMAIL_FORMAT,
  LOGIN_RESPONSE_TEMPLATE,
  loginResponseValues,
  signedLoginResponse,
} from '../dev-idp/login-response.ts';
import { useXmllintSchemaValidator } from '../dev-idp/schema-validator.ts';
import { generateKeyPairWithCertificate, type KeyPairPem } from '../lib/self-signed-cert.ts';

useXmllintSchemaValidator();

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** The parts of a redirect-binding URL samlify needs: decoded query and the signed octets. */
export function redirectMessage(location: string): {
  url: URL;
  query: Record<string, string>;
  octetString: string;
} {
  const url = new URL(location);
  const raw = url.search.slice(1).split('&');
  const octetString = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg']
    .map((key) => raw.find((part) => part.startsWith(`${key}=`)))
    .filter((part): part is string => part !== undefined)
    .join('&');
  return { url, query: Object.fromEntries(url.searchParams), octetString };
}

/**
 * An identity provider built with samlify, independent of the SP's library (node-saml), with
 * its own key pair. Tests use it to answer AuthnRequests and LogoutRequests the way a real
 * IdP would, and to forge the responses an attacker would send.
 */
export class TestIdp {
  readonly keys: KeyPairPem;
  readonly idp: IdentityProviderInstance;

  constructor(
    readonly entityId = 'https://idp.test/metadata',
    readonly ssoUrl = 'https://idp.test/sso',
    readonly sloUrl = 'https://idp.test/slo',
    keys?: KeyPairPem,
  ) {
    this.keys = keys ?? generateKeyPairWithCertificate('Test IdP');
    this.idp = samlify.IdentityProvider({
      entityID: entityId,
      privateKey: this.keys.privateKey,
      signingCert: this.keys.certificate,
      wantAuthnRequestsSigned: true,
      wantLogoutRequestSigned: true,
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }],
      singleLogoutService: [{ Binding: REDIRECT, Location: sloUrl }],
    });
  }

  /** The SP as the IdP knows it: from its metadata; messages to it are signed. */
  serviceProvider(metadataXml: string): ServiceProviderInstance {
    return samlify.ServiceProvider({
      metadata: metadataXml,
      wantLogoutRequestSigned: true,
      wantLogoutResponseSigned: true,
    });
  }

  /** A signed IdP-initiated LogoutRequest for the HTTP-POST binding. */
  logoutRequest(sp: ServiceProviderInstance, nameId: string): string {
    return this.idp.createLogoutRequest(sp, 'post', { logoutNameID: nameId }).context;
  }

  /** Parses and verifies (signature, schema) an AuthnRequest the SP redirected to. */
  async readAuthnRequest(
    sp: ServiceProviderInstance,
    location: string,
  ): Promise<{ id: string; relayState: string | null; acsUrl: string }> {
    const { query, octetString } = redirectMessage(location);
    const parsed = await this.idp.parseLoginRequest(sp, 'redirect', { query, octetString });
    const request = parsed.extract['request'] as Record<string, string> | undefined;
    if (!request?.['id']) throw new Error('The AuthnRequest has no ID');
    return {
      id: request['id'],
      relayState: query['RelayState'] ?? null,
      acsUrl: request['assertionConsumerServiceUrl'] ?? '',
    };
  }

  /** A login response with the assertion signed; `values` overrides single template tags. */
  async loginResponse(
    sp: ServiceProviderInstance,
    inResponseTo: string,
    email: string,
    values: Record<string, string> = {},
  ): Promise<string> {
    const input = { idp: this.idp, sp, inResponseTo, email, displayName: email };
    return (await signedLoginResponse(input, values)).samlResponse;
  }

  /** The same response with no signature at all. */
  unsignedLoginResponse(sp: ServiceProviderInstance, inResponseTo: string, email: string): string {
    const values = loginResponseValues({
      idp: this.idp,
      sp,
      inResponseTo,
      email,
      displayName: email,
    });
    const xml = samlify.SamlLib.replaceTagsByValue(LOGIN_RESPONSE_TEMPLATE, values);
    return Buffer.from(xml).toString('base64');
  }

  /** Parses and verifies a LogoutRequest the SP redirected to; returns what answering needs. */
  async readLogoutRequest(sp: ServiceProviderInstance, location: string) {
    const { query, octetString } = redirectMessage(location);
    return this.idp.parseLogoutRequest(sp, 'redirect', { query, octetString });
  }

  /** A signed LogoutResponse for the HTTP-POST binding (the binding the SP's metadata names). */
  logoutResponse(
    sp: ServiceProviderInstance,
    requestInfo: Awaited<ReturnType<TestIdp['readLogoutRequest']>>,
  ): string {
    return this.idp.createLogoutResponse(sp, { ...requestInfo }, 'post').context;
  }
}
