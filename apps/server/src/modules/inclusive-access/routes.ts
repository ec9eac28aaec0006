import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerAccessListRoutes } from './access-lists/access-list-routes.ts';
import { registerChargeRoutes } from './charges/charge-routes.ts';
import { registerProgramRoutes } from './programs/program-routes.ts';
import { registerReminderSchedule } from './reminders/reminder-schedule.ts';
import { registerStudentPageRoutes } from './student-page/student-page-routes.ts';

/**
 * Inclusive access (issue 32), by sub-area: the programs (deadlines, prices, participants), the
 * student's own page, the reminders' scheduled run, the charge files and the access lists.
 */
export function registerInclusiveAccessRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerProgramRoutes(app, deps);
  registerStudentPageRoutes(app, deps);
  registerReminderSchedule(app, deps);
  registerChargeRoutes(app, deps);
  registerAccessListRoutes(app, deps);
}
