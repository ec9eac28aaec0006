import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** Placeholder: replaced by the real registration. */
export function registerRentalRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
