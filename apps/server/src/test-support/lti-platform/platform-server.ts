import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../lib/escape-html.ts';
import { autoPostPage } from './auto-post.ts';

/** What the emulator's HTTP server asks of the platform it serves. */
export interface PlatformHandlers {
  /** The public key set (JWKS). */
  keySet(): object;
  /**
   * The authorization endpoint: the id_token for the portal's redirect, or why the platform
   * refuses it (an OIDC error posted back to the redirect_uri).
   */
  authorize(
    query: URLSearchParams,
  ): Promise<{ idToken: string } | { error: string; description: string }>;
  /** The course page's launch, by its id: the title and the portal's login URL. */
  coursePage(launchId: string): { title: string; loginUrl: string } | null;
}

/** Sends the page; the emulator's pages are small and whole. */
function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(body);
}

/** The course page: "Course materials" as a link to a new window and, with frame=1, an iframe. */
function coursePageHtml(title: string, loginUrl: string, framed: boolean): string {
  const link = escapeHtml(loginUrl);
  const frame = framed
    ? `<iframe title="Course materials" src="${link}" style="width:100%;height:720px;border:1px solid #888"></iframe>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>${escapeHtml(title)}</h1>
<p><a href="${link}" target="_blank" rel="noopener">Course materials</a></p>${frame}</main></body></html>`;
}

async function handle(handlers: PlatformHandlers, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://platform.invalid');
  if (req.method !== 'GET') return send(res, 405, 'text/plain', 'GET only');
  if (url.pathname === '/jwks') {
    return send(res, 200, 'application/json', JSON.stringify(handlers.keySet()));
  }
  if (url.pathname === '/authorize') {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (!redirectUri) return send(res, 400, 'text/plain', 'redirect_uri is required');
    const state = url.searchParams.get('state') ?? '';
    const answer = await handlers.authorize(url.searchParams);
    const fields: Record<string, string> =
      'idToken' in answer
        ? { id_token: answer.idToken, state }
        : { error: answer.error, error_description: answer.description, state };
    return send(res, 200, 'text/html', autoPostPage(redirectUri, fields));
  }
  if (url.pathname === '/course') {
    const page = handlers.coursePage(url.searchParams.get('launch') ?? '');
    if (!page) return send(res, 404, 'text/plain', 'no such course launch');
    const framed = url.searchParams.get('frame') === '1';
    return send(res, 200, 'text/html', coursePageHtml(page.title, page.loginUrl, framed));
  }
  return send(res, 404, 'text/plain', 'not found');
}

/** Starts the emulator's server on a random port of 127.0.0.1; answers its base URL. */
export async function listen(
  handlers: PlatformHandlers,
  port = 0,
): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((req, res) => {
    handle(handlers, req, res).catch((error: unknown) => {
      send(res, 500, 'text/plain', String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${address.port}` };
}

export async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}
