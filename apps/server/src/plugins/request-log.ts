import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The header that carries a request's id, in and out (nginx: `$request_id`). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand on: short, and nothing a log reader could mistake for more. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Each request's id: the one the reverse proxy gave (X-Request-Id), so its access log and ours
 * name the same request, or a new UUID. Every log line of the request carries it as `reqId`.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && FORWARDED_ID.test(given) ? given : randomUUID();
}

/**
 * What a request is counted and logged as: its route's pattern; `spa` for a page of the web app
 * (served to a browser for any path the API does not have); `unmatched` for anything else.
 */
export function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html') ? 'spa' : 'unmatched';
}

/** Longest unmatched path the log keeps (scanners send very long ones). */
const PATH_LOGGED = 200;

/**
 * One JSON line per answered request (Fastify's own two lines are off): its route pattern,
 * status, time and client, with `reqId`, also answered as X-Request-Id. The pattern, never the
 * URL: paths and queries carry label tokens, reset tokens and students' names, which a log must
 * not keep. Only a path that matched no route (a web app page, or nothing) is logged, without
 * its query and cut short.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request, reply);
    const matched = request.routeOptions.url !== undefined;
    request.log.info(
      {
        method: request.method,
        route,
        ...(matched ? {} : { path: request.url.split('?')[0]?.slice(0, PATH_LOGGED) }),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
  });
}
