import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@csp/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Nonce for the host's tag manager scripts; empty when the website has none. */
    cspNonce: string;
  }
}

const GTM = 'https://www.googletagmanager.com';
const GTM_CONNECT = [
  GTM,
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * The store workstation's own print services, which the pages that print call from the
 * browser: the local print service (docs/behaviour/messages.md, port 9090) and the DYMO label service (HTTPS on
 * 127.0.0.1, then localhost, ports 41951-41960). Nothing else off this origin is reachable.
 * The app is one document, so the allowance is the document's, not one page's: the web app's
 * print client is the only code that addresses these origins.
 */
export const LOCAL_PRINT_ORIGINS: readonly string[] = [
  'http://localhost:9090',
  'http://127.0.0.1:9090',
  ...['127.0.0.1', 'localhost'].flatMap((host) =>
    Array.from({ length: 10 }, (_, i) => `https://${host}:${41951 + i}`),
  ),
];

/** For an answer that left before helmet's hook ran: an error body needs no permissions. */
const FALLBACK_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** Not among helmet's headers: no page of the portal uses these browser features. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** Whether the request's website configures Google Tag Manager snippets. */
export function hasTagManager(request: FastifyRequest): boolean {
  // The config is JSON from the database; tolerate missing snippet fields.
  const config = request.website?.config;
  return Boolean(config?.googleTagManagerHeader?.trim() || config?.googleTagManagerBody?.trim());
}

/** The nonce of each request whose page carries tag manager snippets (read by helmet's CSP). */
const nonces = new WeakMap<IncomingMessage, string>();

/** A directive whose sources depend on the request: `gtm` joins them only with a nonce. */
const sources =
  (always: readonly string[], gtm: (nonce: string) => readonly string[]) =>
  (req: IncomingMessage) => {
    const nonce = nonces.get(req);
    return [...always, ...(nonce ? gtm(nonce) : [])].join(' ');
  };

/**
 * Content-Security-Policy directives, per request: tag manager sources are allowed only on a
 * website that configures it, and only with that response's nonce. Written out in full
 * (helmet's defaults off), so nothing is allowed that is not listed here.
 */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': [sources(["'self'"], (nonce) => [`'nonce-${nonce}'`, GTM])],
  // MUI writes its styles at run time (emotion): inline styles stay allowed.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Titles' cover images (bookImageUrl) come from publishers' and distributors' HTTPS hosts,
  // which a store's catalog feed chooses; an image cannot run code, and plain HTTP stays out.
  'img-src': [sources(["'self'", 'data:', 'https:'], () => [GTM])],
  'connect-src': [sources(["'self'", ...LOCAL_PRINT_ORIGINS], () => GTM_CONNECT)],
  'font-src': ["'self'", 'data:'],
  'frame-src': [(req: IncomingMessage) => (nonces.has(req) ? GTM : "'none'")],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

/**
 * Lets this answer (a document of the web app) be framed by `ancestors` (CSP frame-ancestors,
 * X-Frame-Options dropped: it cannot name origins) and, with `answersOpener`, keeps the window
 * that opened it able to hear from it (no Cross-Origin-Opener-Policy). Every other answer keeps
 * frame-ancestors 'none'. An empty list changes nothing but the opener.
 */
export function allowFramingBy(
  reply: FastifyReply,
  framing: { ancestors: readonly string[]; answersOpener: boolean },
): void {
  if (framing.answersOpener) reply.removeHeader('cross-origin-opener-policy');
  if (framing.ancestors.length === 0) return;
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.header(
    'content-security-policy',
    policy.replace("frame-ancestors 'none'", `frame-ancestors ${framing.ancestors.join(' ')}`),
  );
  reply.removeHeader('x-frame-options');
}

/**
 * Security headers on every response, through @fastify/helmet: the CSP above, X-Frame-Options
 * DENY, no MIME sniffing, a referrer policy that keeps paths private, COOP, HSTS and the rest
 * of helmet's set. A route may set its own Content-Security-Policy (logos do); it wins. API
 * responses are never cached. `request.cspNonce` is what the SPA writes into the snippets.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.decorateRequest('cspNonce', '');
  // Before helmet's own hook, which reads the nonce when it writes the policy.
  app.addHook('onRequest', async (request) => {
    if (!hasTagManager(request)) return;
    request.cspNonce = randomBytes(16).toString('base64');
    nonces.set(request.raw, request.cspNonce);
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Logos and site config are read by the store's own pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // A request refused before helmet's hook ran (tenancy could not reach the database) still
    // answers with the strictest headers.
    if (!reply.getHeader('x-content-type-options')) reply.headers(FALLBACK_HEADERS);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith(`${API_PREFIX}/`)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
