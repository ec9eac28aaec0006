import { X509Certificate } from 'node:crypto';
import { loadXmlDom } from '../../../lib/heavy-modules.ts';
import { SSO_MESSAGES as M } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import { certificateBody } from '../../../lib/self-signed-cert.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** What the portal keeps of an identity provider (websites.saml_idp_*). */
export interface IdpFields {
  entityId: string;
  ssoUrl: string;
  sloUrl: string | null;
  /** PEM. */
  certificate: string;
}

function bad(message: string, field: string): AppError {
  return AppError.badRequest(message, field);
}

function elements(parent: Element, ns: string, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, name));
}

/** The Location of the first service of `name` with the HTTP-Redirect binding, if any. */
function redirectLocation(idp: Element, name: string): string | null {
  const service = elements(idp, MD, name).find((e) => e.getAttribute('Binding') === REDIRECT);
  return service?.getAttribute('Location')?.trim() || null;
}

/**
 * Reads a certificate (PEM or bare base64) and answers it as PEM with its subject and end of
 * validity; refuses one that is not X.509 or that has expired.
 */
export function checkCertificate(text: string, now: Date, field = 'sso.certificate') {
  const body = certificateBody(text);
  let certificate: X509Certificate;
  try {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new Error('not base64');
    certificate = new X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    throw bad(M.badCertificate, field);
  }
  const expires = new Date(certificate.validTo);
  if (expires <= now) throw bad(M.expired(expires.toISOString().slice(0, 10)), field);
  const lines = body.match(/.{1,64}/g) ?? [];
  return {
    pem: ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----', ''].join('\n'),
    subject: certificate.subject.replace(/\n/g, ', '),
    expires,
  };
}

/**
 * The identity provider's fields from its SAML metadata: the first EntityDescriptor with an
 * IDPSSODescriptor (a federation's EntitiesDescriptor may hold several), its HTTP-Redirect
 * sign-on and sign-off addresses, and its signing certificate. A DOCTYPE is refused before
 * parsing, so no entity of the file is ever expanded.
 */
export async function readIdpMetadata(xml: string, now: Date): Promise<IdpFields> {
  if (/<!DOCTYPE/i.test(xml)) throw bad(M.doctype, 'sso.metadataXml');
  const problems: string[] = [];
  const { DOMParser } = await loadXmlDom();
  let root: Element | null;
  try {
    root = new DOMParser({
      errorHandler: { error: (m) => problems.push(m), fatalError: (m) => problems.push(m) },
    }).parseFromString(xml, 'text/xml').documentElement;
  } catch {
    // Some malformed files make the parser throw rather than report: still the file's fault.
    throw bad(M.notXml, 'sso.metadataXml');
  }
  if (problems.length > 0 || !root) throw bad(M.notXml, 'sso.metadataXml');
  const idp = elements(root, MD, 'IDPSSODescriptor')[0];
  const entity = idp?.parentNode as Element | null | undefined;
  const entityId = entity?.getAttribute?.('entityID')?.trim();
  if (!idp || !entityId) throw bad(M.noIdp, 'sso.metadataXml');
  const ssoUrl = redirectLocation(idp, 'SingleSignOnService');
  if (!ssoUrl || !/^https?:\/\//.test(ssoUrl)) throw bad(M.noSso, 'sso.metadataXml');
  const signing = elements(idp, MD, 'KeyDescriptor').find(
    (k) => (k.getAttribute('use') || 'signing') === 'signing',
  );
  const certificateText = signing ? elements(signing, DS, 'X509Certificate')[0]?.textContent : null;
  if (!certificateText?.trim()) throw bad(M.noCertificate, 'sso.metadataXml');
  const certificate = checkCertificate(certificateText, now, 'sso.metadataXml');
  return {
    entityId,
    ssoUrl,
    sloUrl: redirectLocation(idp, 'SingleLogoutService'),
    certificate: certificate.pem,
  };
}
