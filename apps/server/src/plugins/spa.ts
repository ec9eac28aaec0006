import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, CONFIG_BASE, OPENAPI_UI_PATH } from '@csp/contracts';
import { sendNotFound } from './errors.ts';
import { injectTagManager } from './html-injection.ts';
import { allowFramingBy } from './security-headers.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Campus Store Portal</title></head>
<body><h1>The web app is not built</h1>
<p>Run <code>npm run build</code> at the repository root, then reload this page.</p></body></html>
`;

/** Paths the SPA never answers: the API, site config and the API docs keep their own 404s. */
const SERVER_PREFIXES = [API_PREFIX, CONFIG_BASE, OPENAPI_UI_PATH];

/** A single top-level file name such as /favicon.ico or /robots.txt. */
const TOP_LEVEL_FILE = /^\/([A-Za-z0-9_-][A-Za-z0-9._-]*\.[A-Za-z0-9]+)$/;

export interface SpaOptions {
  /**
   * Who may frame the app's document, and whether it answers its opener, for this request (the
   * LTI module's: a store's learning platforms); null keeps frame-ancestors 'none'. Asked for
   * the HTML document only, never for an asset.
   */
  documentFraming?: (
    request: FastifyRequest,
  ) => Promise<{ ancestors: string[]; answersOpener: boolean } | null>;
}

/**
 * Serves the built web app from WEB_DIST: hashed files under /assets with a long immutable
 * cache (their brotli or gzip copy when the browser accepts it), top-level files (favicon...) with a short one, and index.html (no-store, tag manager
 * snippets injected) for any other GET that accepts HTML, so client-side routes deep-link.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  options: SpaOptions = {},
): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(webDist, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    // The build writes .br and .gz copies (vite-plugin-compression2): no compression per request.
    preCompressed: true,
    index: false,
    suppressWarning: true,
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || SERVER_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) {
      return sendNotFound(request, reply);
    }
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    if (lastSegment.includes('.') && path !== '/index.html') {
      // A file, not a client route: serve it if it is a top-level file of the build, else 404.
      const file = TOP_LEVEL_FILE.exec(path)?.[1];
      if (file && (await isFile(join(webDist, file)))) {
        return reply.sendFile(file, webDist, { maxAge: '1h', immutable: false });
      }
      return sendNotFound(request, reply);
    }
    if (!acceptsHtml(request)) return sendNotFound(request, reply);
    const framing = await options.documentFraming?.(request);
    if (framing) allowFramingBy(reply, framing);
    return sendIndex(request, reply, webDist);
  });
}

async function sendIndex(request: FastifyRequest, reply: FastifyReply, webDist: string) {
  reply.header('cache-control', 'no-store');
  let html: string;
  try {
    html = await readFile(join(webDist, 'index.html'), 'utf8');
  } catch {
    return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
  }
  const page = injectTagManager(html, request.website?.config, request.cspNonce);
  return reply.type('text/html; charset=utf-8').send(page);
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
