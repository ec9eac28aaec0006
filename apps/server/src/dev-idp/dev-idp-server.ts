import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../db/client.ts';
import type { KeyPairPem } from '../lib/self-signed-cert.ts';
import type { DevIdpHandlers } from './dev-idp-handlers.ts';
import { send } from './http-reply.ts';
import { errorPage } from './pages.ts';
import { DEV_IDP_HOST, devIdpUrls } from './settings.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface DevIdp {
  port: number;
  urls: ReturnType<typeof devIdpUrls>;
  close(): Promise<void>;
}

/**
 * A small SAML identity provider for local development (dev-idp-handlers.ts). It listens on
 * 127.0.0.1 only and serves only SPs on this machine. Its pages, and samlify with them, load on
 * its first request: the portal's start does not wait for them (issue 26's start time). That
 * samlify is installed is checked here, so a missing one still stops the IdP at start.
 */
export async function startDevIdp(options: {
  db: Db;
  keys: KeyPairPem;
  port: number;
  logger: Logger;
}): Promise<DevIdp> {
  createRequire(import.meta.url).resolve('samlify');
  // Listen first: the IdP's metadata names its own addresses, so it needs the port.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, DEV_IDP_HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const urls = devIdpUrls(port);
  let handlers: Promise<DevIdpHandlers> | undefined;

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${DEV_IDP_HOST}`);
    // A failed load is not kept: the next request tries again.
    handlers ??= import('./dev-idp-handlers.ts')
      .then((m) => m.devIdpHandlers({ ...options, urls }))
      .catch((error: unknown) => {
        handlers = undefined;
        throw error;
      });
    handlers
      .then((loaded) => {
        const handler = loaded[`${req.method ?? 'GET'} ${url.pathname}`];
        if (!handler) return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
        return handler(req, res, url);
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        options.logger.warn({ err: error, path: url.pathname }, 'dev IdP refused a request');
        if (!res.headersSent) send(res, 400, 'text/html; charset=utf-8', errorPage(message));
      });
  });
  return {
    port,
    urls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
