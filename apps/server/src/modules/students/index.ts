/**
 * The students module's public face: student search and detail, rentals (returns and
 * shipping labels; the labels themselves are the print module's),
 * autogen orders and the rental due-date reminders (docs/behaviour/calls.md#admin-base: Student, Autogen;
 * Rental service). Code outside the module imports only this file.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerStudentRoutes } from './routes.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const studentsModule = modulePlugin(registerStudentRoutes);
