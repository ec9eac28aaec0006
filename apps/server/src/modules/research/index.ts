/**
 * The research module's public face: section research (list/: the filter's lookups and the
 * section list; detail/: a section's detail and materials) and the public textbook list of
 * each website (textbooks/) with the registrar's schedule feed of cost designations
 * (schedule-feed/), and the staff's textbook cost report by department and term (cost-report/).
 * Code outside the module imports only this file.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerCostReportRoutes } from './cost-report/routes.ts';
import { registerSectionDetailRoutes } from './detail/routes.ts';
import { registerSectionListRoutes } from './list/routes.ts';
import { registerScheduleFeedRoutes } from './schedule-feed/routes.ts';
import { registerTextbookListRoutes } from './textbooks/routes.ts';

/** One section of the public textbook list (a student's landing from a learning platform). */
export { textbookSection } from './textbooks/service.ts';
/** The store's name as the public list is published under it. */
export { findStoreName } from './textbooks/repository.ts';

/** Every call of the area; each sub-area registers its own part. */
function registerResearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerSectionListRoutes(app, deps);
  registerSectionDetailRoutes(app, deps);
  registerTextbookListRoutes(app, deps);
  registerScheduleFeedRoutes(app, deps);
  registerCostReportRoutes(app, deps);
}

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const researchModule = modulePlugin(registerResearchRoutes);
