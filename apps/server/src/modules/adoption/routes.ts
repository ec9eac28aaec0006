import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerCostGapRoutes } from './costs/gap-routes.ts';
import { registerSectionCostRoutes } from './costs/routes.ts';
import { registerCourseDetailRoutes } from './course-detail/routes.ts';
import { registerCourseRoutes } from './courses/routes.ts';
import { registerMessageRoutes } from './messages/routes.ts';
import { registerMyCoursesRoutes } from './my-courses/routes.ts';
import { registerRolloverRoutes } from './rollover/routes.ts';
import { registerTitleRoutes } from './titles/routes.ts';
import { registerWizardRoutes } from './wizard/routes.ts';

/** The adoption calls of docs/behaviour/calls.md#adoption-base; each sub-area registers its own part. */
export function registerAdoptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCourseRoutes(app, deps);
  registerCourseDetailRoutes(app, deps);
  registerMessageRoutes(app, deps);
  registerWizardRoutes(app, deps);
  registerMyCoursesRoutes(app, deps);
  registerRolloverRoutes(app, deps);
  registerSectionCostRoutes(app, deps);
  registerCostGapRoutes(app, deps);
  registerTitleRoutes(app, deps);
}
