import type { FastifyInstance } from 'fastify';
import {
  apiError,
  liveness,
  readiness,
  readinessReport,
  type ReadinessReport,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { isDatabaseUnavailable } from '../../lib/database-unavailable.ts';
import { pathUnderPrefix, route } from '../../lib/route.ts';
import { migrationsApplied } from './repository.ts';

const TAGS = ['health'];

/**
 * Liveness and readiness for a process manager or load balancer. Liveness never touches the
 * database (a database outage must not get healthy processes restarted); readiness answers 503
 * while the database is unreachable, unmigrated, or the process is shutting down, so a load
 * balancer sends requests elsewhere.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });

  route(app, liveness, { tags: TAGS, noDatabase: true }, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.route({
    method: readiness.method,
    url: pathUnderPrefix(app, readiness.path),
    schema: {
      summary: readiness.summary,
      tags: TAGS,
      response: { 200: readinessReport, 503: readinessReport, 500: apiError },
    },
    handler: async (request, reply) => {
      const report = await check(deps, draining, request.log);
      reply.header('cache-control', 'no-store');
      return reply.code(report.status === 'ready' ? 200 : 503).send(report);
    },
  });
}

async function check(
  deps: AppDeps,
  draining: boolean,
  log: { warn(obj: object, msg: string): void },
): Promise<ReadinessReport> {
  let database = false;
  let migrations = false;
  try {
    migrations = await migrationsApplied(deps.db);
    database = true;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    log.warn({ err: error }, 'readiness: database unavailable');
  }
  const ready = database && migrations && !draining;
  return { status: ready ? 'ready' : 'unavailable', database, migrations, draining };
}
