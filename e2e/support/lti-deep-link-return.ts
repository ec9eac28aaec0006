import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { LTI_CLAIMS } from '@csp/contracts';
import { close } from '../../apps/server/src/test-support/lti-platform/platform-server.ts';

/*
 * The platform's end of Deep Linking 2.0 (issue 33, point 5): the deep_link_return_url the
 * portal's answer page posts its JWT to. As a platform does, it checks the JWT against the
 * tool's public key set (the portal's, at its key set URL), with the tool's client id as issuer
 * and the platform as audience, then shows what it placed. The emulator serves GET only, so the
 * receiver is a server of its own on 127.0.0.1.
 */

export interface ReceivedDeepLink {
  payload: JWTPayload;
  /** The content items' titles, as the platform would list them in the course. */
  titles: string[];
}

export interface DeepLinkReturn {
  url: string;
  /** Each verified answer, oldest first. */
  received: ReceivedDeepLink[];
  /** Each refused post, with why (a JWT that did not verify). */
  refused: string[];
  stop(): Promise<void>;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(new URLSearchParams(text)));
    req.on('error', reject);
  });
}

function page(res: ServerResponse, status: number, heading: string, lines: string[]): void {
  const items = lines.map((l) => `<li>${l.replace(/[<>&"]/g, '')}</li>`).join('');
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${heading}</title></head>` +
      `<body><main><h1>${heading}</h1><ul>${items}</ul></main></body></html>`,
  );
}

/** Starts the receiver; the portal's JWTs must be signed by a key of `toolKeySetUrl`. */
export async function startDeepLinkReturn(expect: {
  toolKeySetUrl: string;
  clientId: string;
  platformIssuer: string;
}): Promise<DeepLinkReturn> {
  const keys = createRemoteJWKSet(new URL(expect.toolKeySetUrl));
  const received: ReceivedDeepLink[] = [];
  const refused: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST') return page(res, 405, 'POST only', []);
      const jwt = (await readForm(req)).get('JWT') ?? '';
      try {
        const { payload } = await jwtVerify(jwt, keys, {
          issuer: expect.clientId,
          audience: expect.platformIssuer,
          algorithms: ['RS256'],
        });
        const items = (payload[LTI_CLAIMS.contentItems] ?? []) as { title?: string }[];
        const titles = items.map((item) => item.title ?? '');
        received.push({ payload, titles });
        page(res, 200, 'Link added to the course', titles);
      } catch (error) {
        refused.push(String(error));
        page(res, 400, 'The tool’s answer did not verify', [String(error)]);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/deep-link-return`,
    received,
    refused,
    stop: () => close(server),
  };
}
