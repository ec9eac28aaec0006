import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerContactRoutes } from './contacts/contact-routes.ts';
import { registerDeadlineRoutes } from './deadlines/deadline-routes.ts';

/** Adoption campaigns (issue 30): the terms' adoption deadlines and the department contacts. */
export function registerCampaignRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerDeadlineRoutes(app, deps);
  registerContactRoutes(app, deps);
}
