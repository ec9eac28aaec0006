import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairWithCertificate, type KeyPairPem } from '../lib/self-signed-cert.ts';

/**
 * The dev IdP's signing key and certificate: made once and kept in DATA_DIR/dev-idp (the key
 * with mode 0600), so the certificate the demo website trusts stays the same across restarts.
 */
export function loadOrCreateDevIdpKeys(dataDir: string): KeyPairPem {
  const dir = join(dataDir, 'dev-idp');
  const keyFile = join(dir, 'idp-key.pem');
  const certFile = join(dir, 'idp-cert.pem');
  if (existsSync(keyFile) && existsSync(certFile)) {
    return {
      privateKey: readFileSync(keyFile, 'utf8'),
      certificate: readFileSync(certFile, 'utf8'),
    };
  }
  mkdirSync(dir, { recursive: true });
  const keys = generateKeyPairWithCertificate('Campus Store Portal development IdP');
  writeFileSync(keyFile, keys.privateKey, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  writeFileSync(certFile, keys.certificate);
  return keys;
}
