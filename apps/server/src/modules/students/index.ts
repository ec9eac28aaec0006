/**
 * The students module's public face: student search and detail, rentals (returns and labels),
 * autogen orders and the rental due-date reminders (spec §7 admin base: Student, Autogen;
 * Rental service). Code outside the module imports only this file.
 */
export { registerStudentRoutes } from './routes.ts';
