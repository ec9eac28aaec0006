/** The monitoring module's public face: GET /metrics for a monitoring system (issue 29). */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerMonitoringRoutes } from './routes.ts';

/** The module as a Fastify plugin (app.ts registers it with no prefix: the path is /metrics). */
export const monitoringModule = modulePlugin(registerMonitoringRoutes);
