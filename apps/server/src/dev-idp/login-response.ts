import { randomUUID } from 'node:crypto';
import samlify, { type IdentityProviderInstance, type ServiceProviderInstance } from 'samlify';

/**
 * A SAML 2.0 Response with one assertion: NameID, bearer subject confirmation, audience,
 * an AuthnStatement with a SessionIndex (single logout needs it) and e-mail and display-name
 * attributes. samlify fills the `{Tags}` and signs the assertion.
 */
export const LOGIN_RESPONSE_TEMPLATE = [
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"',
  ' xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0"',
  ' IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">',
  '<saml:Issuer>{Issuer}</saml:Issuer>',
  '<samlp:Status><samlp:StatusCode Value="{StatusCode}"/></samlp:Status>',
  '<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
  ' xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="{AssertionID}" Version="2.0"',
  ' IssueInstant="{AssertionIssueInstant}">',
  '<saml:Issuer>{AssertionIssuer}</saml:Issuer>',
  '<saml:Subject><saml:NameID Format="{NameIDFormat}">{NameID}</saml:NameID>',
  '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">',
  '<saml:SubjectConfirmationData NotOnOrAfter="{SubjectConfirmationDataNotOnOrAfter}"',
  ' Recipient="{SubjectRecipient}" InResponseTo="{InResponseTo}"/>',
  '</saml:SubjectConfirmation></saml:Subject>',
  '<saml:Conditions NotBefore="{ConditionsNotBefore}" NotOnOrAfter="{ConditionsNotOnOrAfter}">',
  '<saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction>',
  '</saml:Conditions>',
  '<saml:AuthnStatement AuthnInstant="{AssertionIssueInstant}" SessionIndex="{SessionIndex}">',
  '<saml:AuthnContext><saml:AuthnContextClassRef>',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified',
  '</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>',
  '<saml:AttributeStatement>',
  '<saml:Attribute Name="email" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">',
  '<saml:AttributeValue xsi:type="xs:string">{Email}</saml:AttributeValue></saml:Attribute>',
  '<saml:Attribute Name="displayName"',
  ' NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">',
  '<saml:AttributeValue xsi:type="xs:string">{DisplayName}</saml:AttributeValue></saml:Attribute>',
  '</saml:AttributeStatement></saml:Assertion></samlp:Response>',
].join('');

export const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
/** How long an assertion is valid for, as simplesamlphp does by default. */
const LIFETIME_MS = 5 * 60_000;

export interface LoginResponseInput {
  idp: IdentityProviderInstance;
  sp: ServiceProviderInstance;
  /** The AuthnRequest ID being answered. */
  inResponseTo: string;
  email: string;
  displayName: string;
  now?: Date;
}

/** The tag values for {@link LOGIN_RESPONSE_TEMPLATE}; tests change single values. */
export function loginResponseValues(input: LoginResponseInput): Record<string, string> {
  const now = input.now ?? new Date();
  const later = new Date(now.getTime() + LIFETIME_MS).toISOString();
  const acs = input.sp.entityMeta.getAssertionConsumerService('post');
  const issuer = input.idp.entityMeta.getEntityID();
  return {
    ID: `_${randomUUID()}`,
    AssertionID: `_${randomUUID()}`,
    IssueInstant: now.toISOString(),
    AssertionIssueInstant: now.toISOString(),
    Destination: String(acs),
    InResponseTo: input.inResponseTo,
    Issuer: issuer,
    AssertionIssuer: issuer,
    StatusCode: SUCCESS,
    NameIDFormat: EMAIL_FORMAT,
    NameID: input.email,
    SubjectConfirmationDataNotOnOrAfter: later,
    SubjectRecipient: String(acs),
    ConditionsNotBefore: now.toISOString(),
    ConditionsNotOnOrAfter: later,
    Audience: input.sp.entityMeta.getEntityID(),
    SessionIndex: `_${randomUUID()}`,
    Email: input.email,
    DisplayName: input.displayName,
  };
}

/**
 * A signed (assertion-signed) login response, base64, ready for the HTTP-POST binding.
 * `values` replaces the defaults tag by tag.
 */
export async function signedLoginResponse(
  input: LoginResponseInput,
  values: Record<string, string> = {},
): Promise<{ id: string; samlResponse: string }> {
  const tags = { ...loginResponseValues(input), ...values };
  const result = await input.idp.createLoginResponse(
    input.sp,
    { extract: { request: { id: input.inResponseTo } } },
    'post',
    { email: input.email },
    {
      customTagReplacement: () => ({
        id: tags['ID'] ?? '',
        context: samlify.SamlLib.replaceTagsByValue(LOGIN_RESPONSE_TEMPLATE, tags),
      }),
    },
  );
  return { id: result.id, samlResponse: result.context };
}
