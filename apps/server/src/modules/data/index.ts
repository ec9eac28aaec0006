/**
 * The data module's public face: the data integration status and feed imports. Code outside
 * the module imports only this file.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerDataRoutes } from './routes.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const dataModule = modulePlugin(registerDataRoutes);
