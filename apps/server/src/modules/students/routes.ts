import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerSearchRoutes } from './search/routes.ts';
import { registerDetailRoutes } from './detail/routes.ts';
import { registerRentalRoutes } from './rentals/routes.ts';
import { registerOrderRoutes } from './orders/routes.ts';
import { registerReminderSchedule } from './reminders/schedule.ts';
import { registerStudentFundingRoute } from './detail/funding-route.ts';

/** Every call of the area; each file registers its own part. */
export function registerStudentRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerSearchRoutes(app, deps);
  registerDetailRoutes(app, deps);
  registerRentalRoutes(app, deps);
  registerOrderRoutes(app, deps);
  registerReminderSchedule(app, deps);
  registerStudentFundingRoute(app, deps);
}
