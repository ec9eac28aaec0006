import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** The public textbook list (HEOA): terms, a term's departments, a department, the CSV. */
export function registerTextbookListRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
