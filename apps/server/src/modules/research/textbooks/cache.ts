import type { FastifyInstance } from 'fastify';

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
