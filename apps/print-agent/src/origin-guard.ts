import type { FastifyInstance, FastifyRequest } from 'fastify';
import { send } from './errors.ts';

export const ALLOWED_METHODS = 'GET, PUT, POST';
/** How long a browser may reuse a preflight answer (seconds). */
export const PREFLIGHT_MAX_AGE_S = 600;

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

export interface OriginGuardOptions {
  /** Normalised origins (as browsers send them) whose pages may call the service. */
  portalOrigins: readonly string[];
  /** The address the service listens on: its Host names are accepted too. */
  listenHost: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's Origin when it is a trusted portal's: its answer carries CORS headers. */
    corsOrigin: string | null;
  }
}

/**
 * Who may talk to the service. Browsers call it from portal pages, so:
 * - a request whose Host is not the loopback (or the configured listen address) is refused:
 *   a page of any site could otherwise rebind its own name to 127.0.0.1 (DNS rebinding) and
 *   call the service as same-origin, with no Origin check at all;
 * - a request carrying an Origin that is not a trusted portal's is refused, preflight or not,
 *   so no other page can make the workstation print, even blindly;
 * - requests without an Origin (curl on the workstation) pass;
 * - trusted origins get CORS and Private Network Access headers for exactly their origin.
 */
export function registerOriginGuard(app: FastifyInstance, options: OriginGuardOptions): void {
  const trusted = new Set(options.portalOrigins);
  const hostAllowed = hostCheck(options.listenHost);
  app.decorateRequest('corsOrigin', null);

  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host ?? '';
    if (!hostAllowed(host)) {
      request.log.warn({ host }, 'refused a request for another host name (DNS rebinding?)');
      return send(reply, 403, {
        message: `The print service answers only on 127.0.0.1, localhost or [::1], not on the host "${host}".`,
        field: 'Host',
      });
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!trusted.has(origin)) {
      request.log.warn({ origin }, 'refused a call from an origin that is not a trusted portal');
      return send(reply, 403, {
        message: `The origin ${origin} is not a portal this print service trusts (it trusts ${[...trusted].join(', ')}).`,
        field: 'Origin',
      });
    }
    request.corsOrigin = origin;
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply.code(204).headers(preflightHeaders(request)).send();
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('vary', 'Origin');
    if (request.corsOrigin) reply.header('access-control-allow-origin', request.corsOrigin);
  });
}

function preflightHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
  };
  const requested = request.headers['access-control-request-headers'];
  // Echoed only when it is a plain list of header names (nothing else can reach the answer).
  if (typeof requested === 'string' && /^[A-Za-z0-9_-]+(\s*,\s*[A-Za-z0-9_-]+)*$/.test(requested)) {
    headers['access-control-allow-headers'] = requested;
  }
  // Private Network Access: a public portal page asks before calling the loopback.
  if (request.headers['access-control-request-private-network'] === 'true') {
    headers['access-control-allow-private-network'] = 'true';
  }
  return headers;
}

/**
 * Loopback names (with any port) always; the configured listen address too when it is
 * another; every Host when the service listens on all addresses (then its users chose to
 * expose it, and no list of names can be known).
 */
function hostCheck(listenHost: string): (host: string) => boolean {
  const bracketed =
    listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost;
  if (WILDCARD_HOSTS.has(bracketed)) return () => true;
  const names = new Set([...LOOPBACK_HOSTS, bracketed.toLowerCase()]);
  return (host) => {
    const match = /^(\[[^\]]+\]|[^:]+)(?::\d{1,5})?$/.exec(host.toLowerCase());
    return match !== null && names.has(match[1]!);
  };
}
