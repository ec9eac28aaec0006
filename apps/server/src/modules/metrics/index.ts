/**
 * The metrics module's public face: the dashboard's divisional metrics, and which divisions a
 * caller reports on (the adoption progress summary shows them too). Code outside the module
 * imports only this file.
 */
export { registerMetricsRoutes } from './routes.ts';
export { FULL_REPORTER_ACTIONS, reportedDivisionScope } from './metrics-access.ts';
