/**
 * The research module's public face: section research (the filter's lookups, the section
 * list, a section's detail and materials) and the public textbook list of each website.
 * Code outside the module imports only this file.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerResearchRoutes } from './routes.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const researchModule = modulePlugin(registerResearchRoutes);
