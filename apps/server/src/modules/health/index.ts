/** The health module's public face: liveness and readiness for process managers. */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerHealthRoutes } from './routes.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const healthModule = modulePlugin(registerHealthRoutes);
