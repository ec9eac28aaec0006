import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** The dashboard's metrics (filled in by issue 13). */
export function registerMetricsRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
