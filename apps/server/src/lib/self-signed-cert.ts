import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * A minimal DER writer for one self-signed X.509 v3 certificate. SAML peers only use the
 * certificate as a wrapper for the public key (nobody checks a chain or dates), and Node can
 * make keys but not certificates, so this avoids shelling out to openssl or adding a package.
 */
function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: Buffer;
  if (length < 0x80) header = Buffer.from([tag, length]);
  else {
    const bytes: number[] = [];
    for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
    header = Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([header, content]);
}

const seq = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items));
const nullValue = () => Buffer.from([0x05, 0x00]);

/**
 * A non-negative DER INTEGER. DER wants the shortest encoding: OpenSSL refuses a certificate
 * whose serial starts with a needless zero byte (about 1 random serial in 256 did), so leading
 * zeros are stripped, and a zero byte is put back only where a leading 1 bit would make the
 * number negative.
 */
export function integer(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const body = bytes.subarray(start);
  const first = body[0] ?? 0;
  return der(0x02, first & 0x80 ? Buffer.concat([Buffer.from([0]), body]) : body);
}

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const part of rest) {
    const chunk: number[] = [];
    let n = part;
    do {
      chunk.unshift((n & 0x7f) | (chunk.length ? 0x80 : 0));
      n = Math.floor(n / 128);
    } while (n > 0);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  // RFC 5280: UTCTime through 2049, GeneralizedTime from 2050.
  return date.getUTCFullYear() < 2050
    ? der(0x17, Buffer.from(`${iso.slice(2)}Z`, 'ascii'))
    : der(0x18, Buffer.from(`${iso}Z`, 'ascii'));
}

function commonName(cn: string): Buffer {
  return seq(set(seq(oid('2.5.4.3'), der(0x0c, Buffer.from(cn, 'utf8')))));
}

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';

export interface KeyPairPem {
  /** PKCS#8 private key, PEM. */
  privateKey: string;
  /** Self-signed X.509 certificate, PEM. */
  certificate: string;
}

/** A self-signed certificate for `privateKey`, valid from now for `years`. */
export function selfSignedCertificate(
  privateKey: KeyObject,
  publicKey: KeyObject,
  subject: string,
  years = 10,
  now = new Date(),
  serial: Buffer = randomBytes(16),
): string {
  const algorithm = seq(oid(SHA256_WITH_RSA), nullValue());
  const name = commonName(subject);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + years);
  const tbs = seq(
    der(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    algorithm,
    name,
    seq(time(now), time(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = createSign('sha256').update(tbs).sign(privateKey);
  const certificate = seq(tbs, algorithm, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** A new RSA-2048 key pair with a self-signed certificate naming `subject`. */
export function generateKeyPairWithCertificate(subject: string): KeyPairPem {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificate: selfSignedCertificate(privateKey, publicKey, subject),
  };
}

/** The base64 body of a PEM certificate, as SAML metadata and settings hold it. */
export function certificateBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}
