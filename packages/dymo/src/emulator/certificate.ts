import { generate } from 'selfsigned';

export interface TlsMaterial {
  key: string;
  cert: string;
}

let pending: Promise<TlsMaterial> | null = null;

/**
 * A self-signed certificate for CN localhost with SANs localhost, 127.0.0.1 and ::1, like the
 * one DYMO Connect installs. Made once per process: every emulator of a test run shares it,
 * since generating keys is the slow part of starting one.
 */
export function selfSignedCertificate(): Promise<TlsMaterial> {
  pending ??= generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  }).then(
    (pems) => ({ key: pems.private, cert: pems.cert }),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}
