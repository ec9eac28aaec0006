import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerDeadlineRoutes } from './deadlines/deadline-routes.ts';

/** Adoption campaigns (issue 30): so far the terms' adoption deadlines. */
export function registerCampaignRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerDeadlineRoutes(app, deps);
}
