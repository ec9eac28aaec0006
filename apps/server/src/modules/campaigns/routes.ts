import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerContactRoutes } from './contacts/contact-routes.ts';
import { registerDeadlineRoutes } from './deadlines/deadline-routes.ts';
import { registerCampaignScheduleRoutes } from './schedule/campaign-routes.ts';
import { registerCampaignSchedule } from './schedule/schedule.ts';
import { registerUnsubscribeRoutes } from './schedule/unsubscribe-routes.ts';

/**
 * Adoption campaigns (issue 30): the terms' adoption deadlines, the department contacts, the
 * campaigns' e-mail steps with their hourly run, and the e-mails' unsubscribe links.
 */
export function registerCampaignRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerDeadlineRoutes(app, deps);
  registerContactRoutes(app, deps);
  registerCampaignScheduleRoutes(app, deps);
  registerUnsubscribeRoutes(app, deps);
  registerCampaignSchedule(app, deps);
}
