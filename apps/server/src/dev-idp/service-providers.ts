import { request as httpRequest } from 'node:http';
import { inflateRawSync } from 'node:zlib';
import samlify, { type ServiceProviderInstance } from 'samlify';

/** Only SPs on this machine are trusted: their metadata is fetched from their entity id. */
function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === '127.0.0.1' ||
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname.endsWith('.localhost')
  );
}

/** GET over plain HTTP to 127.0.0.1 with the URL's Host header (Node cannot resolve *.localhost). */
function fetchLoopback(url: URL): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port || 80,
        path: `${url.pathname}${url.search}`,
        headers: { host: url.host },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(text)
            : reject(new Error(`${url.href} answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The Issuer of a redirect-binding message, read before its signature can be checked. */
export function issuerOf(deflatedBase64: string): string {
  const xml = inflateRawSync(Buffer.from(deflatedBase64, 'base64')).toString('utf8');
  const issuer = /<(?:[\w.-]+:)?Issuer\b[^>]*>([^<]+)<\//.exec(xml)?.[1]?.trim();
  if (!issuer) throw new Error('The message names no Issuer');
  return issuer;
}

export async function serviceProviderFor(entityId: string): Promise<{
  sp: ServiceProviderInstance;
  host: string;
}> {
  const url = new URL(entityId);
  if (url.protocol !== 'http:' || !isLoopbackHost(url.hostname)) {
    throw new Error(`Only service providers on this machine are served (not ${entityId})`);
  }
  const metadata = await fetchLoopback(url);
  const sp = samlify.ServiceProvider({
    metadata,
    wantLogoutRequestSigned: true,
    wantLogoutResponseSigned: true,
  });
  return { sp, host: url.host };
}

/** The query string parts a redirect-binding signature covers, exactly as sent. */
export function octetString(rawQuery: string): string {
  const parts = rawQuery.split('&');
  return ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg']
    .map((key) => parts.find((p) => p.startsWith(`${key}=`)))
    .filter((p): p is string => p !== undefined)
    .join('&');
}
