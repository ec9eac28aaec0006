import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

const STATIC_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** Whether the request's website configures Google Tag Manager snippets. */
export function hasTagManager(request: FastifyRequest): boolean {
  // The config is JSON from the database; tolerate missing snippet fields.
  const config = request.website?.config;
  return Boolean(config?.googleTagManagerHeader?.trim() || config?.googleTagManagerBody?.trim());
}

/** The Content-Security-Policy; tag manager sources are allowed only with a nonce. */
export function contentSecurityPolicy(nonce: string): string {
  const gtm = nonce !== '';
  const directives = [
    "default-src 'self'",
    `script-src 'self'${gtm ? ` 'nonce-${nonce}' ${GTM}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${gtm ? ` ${GTM}` : ''}`,
    `connect-src 'self'${gtm ? ` ${GTM_CONNECT.join(' ')}` : ''}`,
    "font-src 'self' data:",
    ...(gtm ? [`frame-src ${GTM}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
  return directives.join('; ');
}

/**
 * Security headers on every response. A route may set its own Content-Security-Policy (logos
 * do); it is kept. API responses are never cached.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    if (hasTagManager(request)) request.cspNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(STATIC_HEADERS);
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce));
    }
    if (request.url.startsWith(`${API_PREFIX}/`)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
