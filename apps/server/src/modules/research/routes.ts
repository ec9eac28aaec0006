import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerSectionRoutes } from './section-routes.ts';
import { registerTextbookListRoutes } from './textbooks/routes.ts';

/** Every call of the area; each file registers its own part. */
export function registerResearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerSectionRoutes(app, deps);
  registerTextbookListRoutes(app, deps);
}
