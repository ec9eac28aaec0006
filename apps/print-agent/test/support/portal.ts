import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PortalHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface Portal {
  /** http://127.0.0.1:PORT, as the agent must be configured to trust it. */
  origin: string;
  url(path: string): string;
  /** Paths (with query) the portal was asked for, in order. */
  requests: string[];
  /** Replaces what the portal answers for `path`. */
  on(path: string, handler: PortalHandler): void;
  close(): Promise<void>;
}

/** A real HTTP server on a free loopback port standing in for the portal's label URLs. */
export async function startPortal(): Promise<Portal> {
  const handlers = new Map<string, PortalHandler>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const handler = handlers.get((request.url ?? '').split('?')[0] ?? '');
    if (handler) return handler(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    requests,
    on: (path, handler) => void handlers.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves `pdf` as the portal's label route does (inline, named). */
export function servePdf(pdf: Buffer, fileName?: string): PortalHandler {
  return (_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/pdf',
      'content-length': pdf.byteLength,
      ...(fileName && { 'content-disposition': `inline; filename="${fileName}"` }),
    });
    response.end(pdf);
  };
}
