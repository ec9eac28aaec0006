import { X509Certificate, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  certificateBody,
  generateKeyPairWithCertificate,
  selfSignedCertificate,
} from './self-signed-cert.ts';

describe('generateKeyPairWithCertificate', () => {
  it('makes a valid self-signed X.509 certificate for the generated key', () => {
    const keys = generateKeyPairWithCertificate('Campus Store Portal test');
    const cert = new X509Certificate(keys.certificate);
    expect(cert.subject).toBe('CN=Campus Store Portal test');
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(keys.privateKey))).toBe(true);
    const years = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / (365.25 * 86_400_000);
    expect(Math.round(years)).toBe(10);
  });

  it('gives the bare base64 body that SAML metadata holds', () => {
    const { certificate } = generateKeyPairWithCertificate('x');
    expect(certificateBody(certificate)).toMatch(/^MII[A-Za-z0-9+/=]+$/);
  });

  it('is readable whatever random serial it draws, leading zero bytes and high bits included', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    for (const serialHex of ['0001ff', '00000000', '7f', '80', 'ff00', '0080']) {
      const pem = selfSignedCertificate(
        privateKey,
        publicKey,
        'x',
        10,
        new Date(),
        Buffer.from(serialHex, 'hex'),
      );
      const cert = new X509Certificate(pem);
      expect(BigInt(`0x${cert.serialNumber}`)).toBe(BigInt(`0x${serialHex}`));
    }
  });
});
