/**
 * The data module's public face: the data integration status and feed imports. Code outside
 * the module imports only this file.
 */
export { registerDataRoutes } from './routes.ts';
