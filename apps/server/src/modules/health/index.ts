/** The health module's public face: liveness and readiness for process managers. */
export { registerHealthRoutes } from './routes.ts';
