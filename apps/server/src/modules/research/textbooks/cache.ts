import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Shared caches may keep the public list five minutes and serve it stale for ten more while
 * they revalidate: adoptions change by the day, and the list must stay quick under a crowd.
 */
export const TEXTBOOK_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=600';

/**
 * Adds the public caching headers to the successful answers (200, 304) of the routes in
 * `scope`. One deployment serves many stores by Host, so `Vary: Host` keeps a shared cache from
 * giving one store's list to another. A hook because the security headers mark every API answer
 * `no-store` in their own onSend hook, which runs before this scope's.
 */
export function publicCaching(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 200 && reply.statusCode !== 304) return payload;
    reply.header('cache-control', TEXTBOOK_CACHE_CONTROL);
    const vary = reply.getHeader('vary');
    const varies = typeof vary === 'string' && vary.length > 0 ? vary.split(/\s*,\s*/) : [];
    if (!varies.some((v) => v.toLowerCase() === 'host')) {
      reply.header('vary', [...varies, 'Host'].join(', '));
    }
    return payload;
  });
}

/** A strong entity tag of these exact bytes. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 asks for it, or `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Answers `body` serialised by the route's own response schema (so the bytes are the ones a
 * 200 sends), with a strong ETag over them; a 304 without a body when the client has them.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): FastifyReply {
  // A schema serializer always yields text; the union is reply.serialize's general type.
  const payload = String(reply.serialize(body));
  const etag = strongEtag(payload);
  reply.header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(payload);
}
