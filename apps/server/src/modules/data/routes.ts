import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** Data Summary: integration status and imports (filled in by issue 13). */
export function registerDataRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
