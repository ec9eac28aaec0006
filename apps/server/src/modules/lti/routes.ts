import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerLtiLandingRoutes } from './landing/landing-routes.ts';
import { registerLtiLaunchRoutes } from './launch/launch-routes.ts';
import { registerLtiSweep } from './lti-sweep.ts';
import { registerLtiRegistrationRoutes } from './registrations/registration-routes.ts';

/**
 * LTI 1.3 (issue 33; ADR 0050), by sub-area: the store's platform registrations (settings,
 * dynamic registration, the course pattern, the store's key set), the launch (OIDC login,
 * id_token validation, who the user is, which course), and the pages a launch lands on (a
 * section's materials, the course picker, deep linking), and the hourly sweep of what outlived
 * its use.
 */
export function registerLtiRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerLtiRegistrationRoutes(app, deps);
  registerLtiLaunchRoutes(app, deps);
  registerLtiLandingRoutes(app, deps);
  registerLtiSweep(app, deps);
}
