/**
 * The adoption module's public face: the course catalog, course detail, adoptions and their
 * messages and history (spec §7 adoption base). Code outside the module imports only this file.
 */
export { registerAdoptionRoutes } from './routes.ts';
/** Whether a caller may open a course's adoption screen (research links to it). */
export { courseAccess } from './course-access.ts';
