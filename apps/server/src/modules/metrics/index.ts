/**
 * The metrics module's public face: the dashboard's divisional metrics, and which divisions a
 * caller reports on (the adoption progress summary shows them too). Code outside the module
 * imports only this file.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerMetricsRoutes } from './routes.ts';
export { FULL_REPORTER_ACTIONS, reportedDivisionScope } from './metrics-access.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const metricsModule = modulePlugin(registerMetricsRoutes);
