/**
 * The metrics module's public face: the dashboard's divisional metrics. Code outside the module
 * imports only this file.
 */
export { registerMetricsRoutes } from './routes.ts';
