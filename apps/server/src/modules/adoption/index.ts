/**
 * The adoption module's public face: the course catalog, course detail, adoptions and their
 * messages and history (docs/behaviour/calls.md#adoption-base). Code outside the module imports only this file.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerAdoptionRoutes } from './routes.ts';
/** Whether a caller may open a course's adoption screen (research links to it). */
export { courseAccess } from './course-access.ts';
/** The adopt area's first check (403 without an adopt action), and "may they adopt there". */
export { adopter } from './adopter.ts';
export { mayAdoptOnEach } from './course-access.ts';
/** Which adoptions cover a section: the coverage rule every area counts by. */
export { coveringAdoptionsSql } from './coverage-sql.ts';
/** A caller's VIEW_SECTION scope over sections: cost gaps and section research filter by it. */
export { sectionScope } from './section-scope.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const adoptionModule = modulePlugin(registerAdoptionRoutes);
