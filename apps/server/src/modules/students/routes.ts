import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerStudentLookupRoutes } from './student-routes.ts';
import { registerRentalRoutes } from './rental-routes.ts';
import { registerLabelRoutes } from './label-routes.ts';
import { registerOrderRoutes } from './order-routes.ts';
import { registerReminderSchedule } from './reminder-schedule.ts';
import { registerStudentFundingRoute } from './student-funding-route.ts';

/** Every call of the area; each file registers its own part. */
export function registerStudentRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerStudentLookupRoutes(app, deps);
  registerRentalRoutes(app, deps);
  registerLabelRoutes(app, deps);
  registerOrderRoutes(app, deps);
  registerReminderSchedule(app, deps);
  registerStudentFundingRoute(app, deps);
}
