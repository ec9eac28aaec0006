/**
 * The inclusive-access module's public face (issue 32): programs per section with per-student
 * prices and opt-out deadlines, the student's own page, reminders, bursar charge files and
 * access lists.
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerInclusiveAccessRoutes } from './routes.ts';
/** Whether a participant is in: the rule in SQL (isParticipating in the contracts). */
export { iaParticipatingSql } from './participation-sql.ts';

/** A student's way in through the store's single sign-on (the SAML module's, ADR 0048). */
export { issueStudentSsoCode } from './student-page/student-sign-in.ts';

/** The module as a Fastify plugin (app.ts registers it). */
export const inclusiveAccessModule = modulePlugin(registerInclusiveAccessRoutes);
