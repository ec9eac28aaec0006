/**
 * The adoption module's public face: the course catalog, course detail, adoptions and their
 * messages and history (spec §7 adoption base). Code outside the module imports only this file.
 */
export { registerAdoptionRoutes } from './routes.ts';
