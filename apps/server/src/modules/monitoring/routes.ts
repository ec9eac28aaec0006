import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { prometheusMetrics } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../lib/route.ts';

export const METRICS_MESSAGES = {
  off: 'Metrics are not enabled on this server (set METRICS_TOKEN).',
  token: 'Metrics need the token set in METRICS_TOKEN, as "Authorization: Bearer <token>".',
} as const;

/** Compared as digests, in constant time: the answer's timing says nothing of the token. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics: the counters in Prometheus' text format, to a scraper holding METRICS_TOKEN.
 * The counters say how busy the portal is and which routes fail, nothing of any store's data,
 * but they are still kept from the public: a bearer token rather than a second port, so one
 * reverse proxy and one TLS set-up serve both.
 */
export function registerMonitoringRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(
    app,
    prometheusMetrics,
    { tags: ['monitoring'], errors: [401, 404], noDatabase: true },
    async ({ request, reply }) => {
      const expected = deps.config.metricsToken;
      if (!expected) throw AppError.notFound(METRICS_MESSAGES.off);
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(given, expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw AppError.unauthorized(METRICS_MESSAGES.token, 'authorization');
      }
      const text = await deps.monitoring.scrape();
      if (!text) throw AppError.notFound(METRICS_MESSAGES.off);
      return reply
        .header('cache-control', 'no-store')
        .type(text.contentType)
        .send(text.body) as never;
    },
  );
}
